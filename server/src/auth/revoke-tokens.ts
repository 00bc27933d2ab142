import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * Ends every token of the user, inside the transaction that changes their password or disables
 * them: a token never outlives the credentials that made it (enabling the account again revives
 * none).
 */
export async function revokeTokensIn(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

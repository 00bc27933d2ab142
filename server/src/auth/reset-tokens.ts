import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { revokeTokensIn } from './revoke-tokens';

/** The `password_resets` rows: one live hashed token per user at most. */
export class ResetTokens {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's new token, voiding any older one. */
  async replace(userId: number, tokenHash: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + ttlMs).toISOString(),
          used_at: null,
        })
        .execute();
    });
  }

  /** Whether the token is known, unused and unexpired (no claim: nothing changes). */
  async isLive(tokenHash: string): Promise<boolean> {
    const live = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return live !== undefined;
  }

  /**
   * Claims the token and sets the user's new password in one transaction, voiding the user's
   * other tokens and ending every session; answers the user's id, or null when the token was
   * claimed meanwhile (or ran out).
   */
  async claim(tokenHash: string, passwordHash: string): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return null;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', claimed.user_id)
        .execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', claimed.user_id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', claimed.user_id).execute();
      await revokeTokensIn(trx, claimed.user_id);
      return claimed.user_id;
    });
  }

  /** Deletes reset rows that can no longer be used (expired or used). */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('password_resets')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', new Date().toISOString()), eb('used_at', 'is not', null)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { hashToken, newToken } from './secrets';
import type { UserRow } from './users';

/** Opaque bearer sessions: the token goes to the client once, the database keeps only its hash. */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
  ) {}

  async create(userId: number): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + this.ttlMs).toISOString(),
      })
      .execute();
    return token;
  }

  /** The active user behind a token, or undefined when the token is unknown, expired or the user disabled. */
  async findUser(token: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.token_hash', '=', hashToken(token))
      .where('sessions.expires_at', '>', new Date().toISOString())
      .where('users.disabled', '=', 0)
      .executeTakeFirst();
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /** Ends every session of a user, optionally keeping the one making the request. */
  async revokeAll(userId: number, keepToken?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepToken) query = query.where('token_hash', '!=', hashToken(keepToken));
    await query.execute();
  }
}

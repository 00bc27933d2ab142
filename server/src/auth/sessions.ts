import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { fromStorageFull } from '../errors';
import { hashToken, newToken } from './secrets';
import type { UserRow } from './users';

/**
 * How long a checked session is trusted without asking the database again. Every image of a grid
 * is a request; this keeps them off the database. A revocation clears the entry at once in the
 * process that made it; other processes (scale-out) see it within this time.
 */
export const SESSION_RECHECK_MS = 2000;
const MAX_REMEMBERED = 10_000;
/** How stale `last_seen_at` may get before a check writes it again (the idle timeout is days). */
const TOUCH_EVERY_MS = 60_000;

/** Opaque bearer sessions: the token goes to the client once, the database keeps only its hash. */
export class SessionStore {
  /** Keyed by the token itself (it is in this process's memory while a request carries it anyway), so a hit needs no hashing. */
  private readonly recent = new Map<string, { user: UserRow; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    /** A session unused this long ends, however long its TTL still runs. */
    private readonly idleMs: number,
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
        last_seen_at: new Date(now).toISOString(),
      })
      .execute();
    return token;
  }

  /** The active user behind a token, or undefined when the token is unknown, expired or the user disabled. */
  async findUser(token: string): Promise<UserRow | undefined> {
    const remembered = this.remembered(token);
    if (remembered) return remembered;
    const user = await this.lookUp(hashToken(token));
    if (user) {
      if (this.recent.size >= MAX_REMEMBERED) this.recent.clear();
      this.recent.set(token, { user, until: Date.now() + SESSION_RECHECK_MS });
    } else {
      this.recent.delete(token);
    }
    return user;
  }

  /** `findUser` without the database: the user if this process checked the token within the recheck time. */
  remembered(token: string): UserRow | undefined {
    const entry = this.recent.get(token);
    return entry && entry.until > Date.now() ? entry.user : undefined;
  }

  private async lookUp(tokenHash: string): Promise<UserRow | undefined> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.last_seen_at as session_seen_at')
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', new Date(now).toISOString())
      .where('sessions.last_seen_at', '>', new Date(now - this.idleMs).toISOString())
      .where('users.disabled', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_seen_at, ...user } = row;
    if (Date.parse(session_seen_at) < now - TOUCH_EVERY_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute()
        // A full database must not lock users out of what is cached: the touch waits for room.
        .catch((error: unknown) => {
          if (!fromStorageFull(error)) throw error;
        });
    }
    return user;
  }

  /** Deletes sessions past their TTL or idle timeout (they no longer open anything). */
  async sweep(): Promise<number> {
    const now = Date.now();
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', new Date(now).toISOString()),
          eb('last_seen_at', '<=', new Date(now - this.idleMs).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async revoke(token: string): Promise<void> {
    this.recent.delete(token);
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /** Forgets what this process remembered of a user (after any change to the account). */
  forgetUser(userId: number): void {
    for (const [token, entry] of this.recent) {
      if (entry.user.id === userId) this.recent.delete(token);
    }
  }

  /** Ends every session of a user, optionally keeping the one making the request. */
  async revokeAll(userId: number, keepToken?: string): Promise<void> {
    this.forgetUser(userId);
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepToken) query = query.where('token_hash', '!=', hashToken(keepToken));
    await query.execute();
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * Counts failed logins per email and client address in the database, so the limit holds across
 * restarts and across several app processes.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const since = new Date(Date.now() - this.windowMs).toISOString();
    const rows = await this.db
      .selectFrom('login_failures')
      .select('at')
      .where('email', '=', email)
      .where('ip', '=', ip)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(this.maxFailures)
      .execute();
    if (rows.length < this.maxFailures) return 0;
    const oldest = Date.parse(rows[rows.length - 1]!.at);
    return Math.max(1, Math.ceil((oldest + this.windowMs - Date.now()) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = Date.now();
    await this.db
      .deleteFrom('login_failures')
      .where('at', '<', new Date(now - this.windowMs).toISOString())
      .execute();
    await this.db
      .insertInto('login_failures')
      .values({ email, ip, at: new Date(now).toISOString() })
      .execute();
  }

  async clear(email: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('email', '=', email)
      .where('ip', '=', ip)
      .execute();
  }
}

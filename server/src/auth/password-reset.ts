import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Mailer } from '../mail';
import { resetMail } from './reset-mail';
import { hashPassword, hashToken, newToken } from './secrets';
import type { SessionStore } from './sessions';
import type { UserRepository } from './users';

/**
 * Single-use, short-lived reset tokens stored hashed. A user has at most one live link (a new one
 * voids the older ones); a new password, however set, voids them all and ends every session.
 */
export class PasswordReset {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      users: UserRepository;
      sessions: SessionStore;
      mailer: Mailer;
      publicUrl: string;
      ttlMs: number;
    },
  ) {}

  /** Called off the request path: unknown and disabled addresses silently get nothing. */
  async sendLink(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.disabled) return;
    const token = newToken();
    const now = Date.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + this.deps.ttlMs).toISOString(),
          used_at: null,
        })
        .execute();
    });
    // The link is built from PUBLIC_URL only: a forged Host header must never redirect it.
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(this.deps.ttlMs / 60_000);
    const name = user.display_name ?? user.username;
    await this.deps.mailer.send({
      to: user.email,
      ...resetMail(user.locale, { name, minutes, link }),
    });
  }

  /**
   * Returns false when the token is unknown, used or expired. The token is checked before any
   * argon2 work (an anonymous caller cannot make the server hash), then claimed atomically so it
   * works once.
   */
  async confirm(token: string, newPassword: string): Promise<boolean> {
    const tokenHash = hashToken(token);
    const live = await this.deps.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    if (!live) return false;
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.deps.db.transaction().execute(async (trx) => {
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
      return claimed.user_id;
    });
    if (userId === null) return false;
    this.deps.sessions.forgetUser(userId);
    return true;
  }

  /** Deletes reset rows that can no longer be used (expired or used). */
  async sweep(): Promise<number> {
    const result = await this.deps.db
      .deleteFrom('password_resets')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', new Date().toISOString()), eb('used_at', 'is not', null)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

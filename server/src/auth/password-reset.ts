import type { Mailer } from '../mail';
import { resetMail } from './reset-mail';
import type { ResetTokens } from './reset-tokens';
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
      tokens: ResetTokens;
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
    await this.deps.tokens.replace(user.id, hashToken(token), this.deps.ttlMs);
    // The link is built from PUBLIC_URL only: a forged Host header must never redirect it.
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(this.deps.ttlMs / 60_000);
    const name = (user.display_name || user.username || '').trim();
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
    if (!(await this.deps.tokens.isLive(tokenHash))) return false;
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.deps.tokens.claim(tokenHash, passwordHash);
    if (userId === null) return false;
    this.deps.sessions.forgetUser(userId);
    return true;
  }

  /** Deletes reset rows that can no longer be used (expired or used). */
  sweep(): Promise<number> {
    return this.deps.tokens.sweep();
  }
}

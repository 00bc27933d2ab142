import type { UpdateProfileRequest, User } from '@capshelf/contract';
import type { Background } from '../background';
import type { Config } from '../config';
import type { Db } from '../db';
import { isUniqueViolation } from '../db';
import { badRequest, conflict, tooManyRequests, unauthenticated } from '../errors';
import type { Mailer } from '../mail';
import { PasswordReset } from './password-reset';
import { ResetTokens } from './reset-tokens';
import { RateLimits } from './rate-limits';
import { hashPassword, spendVerifyTime, verifyPassword } from './secrets';
import { SessionStore } from './sessions';
import { toUser, UserRepository, type UserRow } from './users';

export const RESET_DONE_MESSAGE = '密码已重置，请使用新密码登录';

/** How often expired sessions, reset links and ended counters are deleted. */
const SWEEP_EVERY_MS = 60 * 60_000;

/** Accounts, sessions and password resets: everything the Auth routes need, nothing HTTP-specific. */
export class AuthService {
  readonly users: UserRepository;
  readonly sessions: SessionStore;
  private readonly limits: RateLimits;
  private readonly reset: PasswordReset;
  private readonly settings: Config['auth'];
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    db: Db,
    config: Config,
    mailer: Mailer,
    private readonly background: Background,
  ) {
    this.settings = config.auth;
    this.users = new UserRepository(db.kysely);
    this.sessions = new SessionStore(
      db.kysely,
      config.auth.sessionTtlMs,
      config.auth.sessionIdleMs,
    );
    this.limits = new RateLimits(db.kysely);
    this.reset = new PasswordReset({
      tokens: new ResetTokens(db.kysely),
      users: this.users,
      sessions: this.sessions,
      mailer,
      publicUrl: config.publicUrl,
      ttlMs: config.auth.resetTokenTtlMs,
    });
  }

  /**
   * Each attempt is counted before the password is verified (atomically, in the database), per
   * email and address and per address across emails. Past either limit the answer is 429 with no
   * argon2 work; the email's count is per address, so nobody locks a user out from elsewhere.
   */
  async login(email: string, password: string, ip: string): Promise<{ token: string; user: User }> {
    const { loginMaxFailures, loginMaxFailuresPerAddress, loginWindowMs } = this.settings;
    const pairKey = `login:${email}|${ip}`;
    const addressKey = `login-ip:${ip}`;
    const retryAfter = Math.max(
      await this.limits.hit(pairKey, loginMaxFailures, loginWindowMs),
      await this.limits.hit(addressKey, loginMaxFailuresPerAddress, loginWindowMs),
    );
    if (retryAfter > 0) {
      throw tooManyRequests(
        `登录失败次数过多，请在 ${Math.ceil(retryAfter / 60)} 分钟后重试`,
        retryAfter,
      );
    }
    let user: UserRow | undefined;
    let valid = false;
    try {
      user = await this.users.findByEmail(email);
      if (user) valid = await verifyPassword(user.password_hash, password);
      else await spendVerifyTime(password);
    } catch (error) {
      // Not tried (e.g. the hashing queue was full): the attempt does not count.
      await this.limits.undo(pairKey);
      await this.limits.undo(addressKey);
      throw error;
    }
    if (!user || !valid || user.disabled) throw unauthenticated('邮箱或密码错误');
    await this.limits.clear(pairKey);
    await this.limits.undo(addressKey);
    return { token: await this.sessions.create(user.id), user: toUser(user) };
  }

  async authenticate(token: string): Promise<UserRow | undefined> {
    return this.sessions.findUser(token);
  }

  /** `authenticate` answered from memory alone, or undefined when that would need the database. */
  rememberedUser(token: string): UserRow | undefined {
    return this.sessions.remembered(token);
  }

  async updateProfile(user: UserRow, request: UpdateProfileRequest): Promise<User> {
    const { current_password, ...changes } = request;
    // A new email is a way into the account (reset links go there): it needs the password,
    // checked first so that a 409 tells a stolen session nothing about other accounts.
    if (changes.email !== undefined && changes.email !== user.email) {
      if (!current_password) throw badRequest('修改邮箱需要输入当前密码');
      if (!(await verifyPassword(user.password_hash, current_password)))
        throw badRequest('当前密码不正确');
    }
    try {
      const row = await this.users.update(user.id, changes);
      this.sessions.forgetUser(user.id);
      if (!row) throw unauthenticated();
      return toUser(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const byEmail = changes.email ? await this.users.findByEmail(changes.email) : undefined;
      throw conflict(byEmail && byEmail.id !== user.id ? '该邮箱已被使用' : '该用户名已被使用');
    }
  }

  async changePassword(
    user: UserRow,
    current: string,
    next: string,
    keepToken: string,
  ): Promise<void> {
    if (!(await verifyPassword(user.password_hash, current))) throw badRequest('当前密码不正确');
    await this.users.setPasswordHash(user.id, await hashPassword(next));
    await this.sessions.revokeAll(user.id, keepToken);
  }

  /**
   * Answers at once; the limits, the lookup and the mail happen in the background so neither
   * timing nor the answer reveals anything. Past a limit (per address, per email) no mail goes.
   */
  requestReset(email: string, ip: string): void {
    const { resetMaxPerAddress, resetMaxPerEmail, resetLimitWindowMs } = this.settings;
    this.background.run('password-reset-mail', async () => {
      if (await this.limits.hit(`reset-ip:${ip}`, resetMaxPerAddress, resetLimitWindowMs)) return;
      if (await this.limits.hit(`reset:${email}`, resetMaxPerEmail, resetLimitWindowMs)) return;
      await this.reset.sendLink(email);
    });
  }

  async confirmReset(token: string, newPassword: string): Promise<void> {
    if (!(await this.reset.confirm(token, newPassword))) {
      throw badRequest('重置令牌已过期或无效，请重新申请密码重置', 'RESET_TOKEN_INVALID');
    }
  }

  /** Deletes what can no longer open anything: expired or idle sessions, dead links, old counters. */
  async sweep(): Promise<void> {
    await this.sessions.sweep();
    await this.reset.sweep();
    await this.limits.sweep();
  }

  /** Sweeps now and then every hour, off the request path. */
  startSweeps(): void {
    const sweep = () => this.background.run('auth-sweep', () => this.sweep());
    sweep();
    this.sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  stopSweeps(): void {
    clearInterval(this.sweeper);
  }
}

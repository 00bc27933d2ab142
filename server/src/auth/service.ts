import type { CreatedToken, TokenScope, UpdateProfileRequest, User } from '@capshelf/contract';
import type { AuditLog } from '../audit';
import type { Background } from '../background';
import type { Config } from '../config';
import type { AlsoInTransaction, Db } from '../db';
import { isUniqueViolation } from '../db';
import { badRequest, conflict, tooManyRequests, unauthenticated } from '../errors';
import type { Mailer } from '../mail';
import { addressKey } from './client-address';
import { AccessTokens } from './access-tokens';
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
  /** Personal access tokens for scripts (scoped; never on account or admin routes). */
  readonly tokens: AccessTokens;
  private readonly limits: RateLimits;
  private readonly reset: PasswordReset;
  private readonly settings: Config['auth'];
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    db: Db,
    config: Config,
    mailer: Mailer,
    private readonly background: Background,
    private readonly audit: AuditLog,
  ) {
    this.settings = config.auth;
    this.users = new UserRepository(db.kysely);
    this.sessions = new SessionStore(
      db.kysely,
      config.auth.sessionTtlMs,
      config.auth.sessionIdleMs,
    );
    this.tokens = new AccessTokens(db.kysely);
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
   * email and address, per address across emails, and per email across addresses. Past any limit
   * the answer is 429 with no argon2 work. Addresses count by `addressKey` (an IPv6 /64 as one).
   * The per-email count across addresses is ten times the per-pair one: it stops a guesser spread
   * over many addresses, and someone elsewhere locks the user out only by failing that often in
   * every window.
   */
  async login(email: string, password: string, ip: string): Promise<{ token: string; user: User }> {
    const { loginMaxFailures, loginMaxFailuresPerAddress, loginMaxFailuresPerAccount } =
      this.settings;
    const address = addressKey(ip);
    const pairKey = `login:${email}|${address}`;
    const addressCounter = `login-ip:${address}`;
    const accountCounter = `login-account:${email}`;
    await this.#countAttempt(
      [
        [pairKey, loginMaxFailures],
        [addressCounter, loginMaxFailuresPerAddress],
        [accountCounter, loginMaxFailuresPerAccount],
      ],
      '登录失败次数过多',
    );
    let user: UserRow | undefined;
    let valid = false;
    try {
      user = await this.users.findByEmail(email);
      if (user) valid = await verifyPassword(user.password_hash, password);
      else await spendVerifyTime(password);
    } catch (error) {
      // Not tried (e.g. the hashing queue was full): the attempt does not count.
      for (const key of [pairKey, addressCounter, accountCounter]) await this.limits.undo(key);
      throw error;
    }
    if (!user || !valid || user.disabled) throw unauthenticated('邮箱或密码错误');
    await this.limits.clear(pairKey);
    await this.limits.undo(addressCounter);
    await this.limits.undo(accountCounter);
    return { token: await this.sessions.create(user.id), user: toUser(user) };
  }

  async authenticate(token: string): Promise<UserRow | undefined> {
    return this.sessions.findUser(token);
  }

  /** `authenticate` answered from memory alone, or undefined when that would need the database. */
  rememberedUser(token: string): UserRow | undefined {
    return this.sessions.remembered(token);
  }

  async updateProfile(user: UserRow, request: UpdateProfileRequest, ip: string): Promise<User> {
    const { current_password, ...changes } = request;
    // A new email is a way into the account (reset links go there): it needs the password,
    // checked first so that a 409 tells a stolen session nothing about other accounts.
    const newEmail = changes.email !== undefined && changes.email !== user.email;
    if (newEmail) {
      if (!current_password) throw badRequest('修改邮箱需要输入当前密码');
      await this.#checkCurrentPassword(user, current_password, ip);
    }
    // An admin's address is a way into every account: its change goes into the audit log with it.
    const audited: AlsoInTransaction | undefined =
      newEmail && user.role === 'admin'
        ? (trx) =>
            this.audit.recordIn(trx, {
              actorId: user.id,
              source: 'web',
              action: 'user.email',
              target: changes.email!,
              detail: { from: user.email },
            })
        : undefined;
    try {
      const row = await this.users.update(user.id, changes, audited);
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
    ip: string,
  ): Promise<void> {
    await this.#checkCurrentPassword(user, current, ip);
    await this.users.setPasswordHash(user.id, await hashPassword(next));
    await this.sessions.revokeAll(user.id, keepToken);
  }

  /**
   * Checks the signed-in user's own password before a step that needs more than a session (an
   * admin resetting another account's password), limited like a login.
   */
  confirmPassword(user: UserRow, password: string, ip: string): Promise<void> {
    return this.#checkCurrentPassword(user, password, ip);
  }

  /**
   * A personal token for scripts, made only with the account's password (a stolen session alone
   * cannot turn itself into lasting access) and recorded in the audit log.
   */
  async createToken(
    user: UserRow,
    request: {
      current_password: string;
      name: string;
      scopes: TokenScope[];
      expires_in_days?: number;
    },
    ip: string,
  ): Promise<CreatedToken> {
    const { current_password, ...input } = request;
    await this.confirmPassword(user, current_password, ip);
    return this.tokens.create(user.id, input, (trx) =>
      this.audit.recordIn(trx, {
        actorId: user.id,
        source: 'web',
        action: 'token.create',
        target: user.email,
        detail: { name: input.name, scopes: input.scopes.join(',') },
      }),
    );
  }

  /**
   * Answers at once; the limits, the lookup and the mail happen in the background so neither
   * timing nor the answer reveals anything. Past a limit (per address, per email) no mail goes.
   */
  requestReset(email: string, ip: string): void {
    const { resetMaxPerAddress, resetMaxPerEmail, resetLimitWindowMs } = this.settings;
    this.background.run('password-reset-mail', async () => {
      const address = addressKey(ip);
      if (await this.limits.hit(`reset-ip:${address}`, resetMaxPerAddress, resetLimitWindowMs))
        return;
      if (await this.limits.hit(`reset:${email}`, resetMaxPerEmail, resetLimitWindowMs)) return;
      await this.reset.sendLink(email);
    });
  }

  async confirmReset(token: string, newPassword: string): Promise<void> {
    if (!(await this.reset.confirm(token, newPassword))) {
      throw badRequest('重置令牌已过期或无效，请重新申请密码重置', 'RESET_TOKEN_INVALID');
    }
  }

  /**
   * A signed-in user's current password, checked under the login limits: per user (across
   * addresses) and per address with the logins, so a stolen session cannot guess it unhindered.
   */
  async #checkCurrentPassword(user: UserRow, password: string, ip: string): Promise<void> {
    const { loginMaxFailures, loginMaxFailuresPerAddress } = this.settings;
    const userKey = `password-check:${user.id}`;
    const addressCounter = `login-ip:${addressKey(ip)}`;
    await this.#countAttempt(
      [
        [userKey, loginMaxFailures],
        [addressCounter, loginMaxFailuresPerAddress],
      ],
      '密码错误次数过多',
    );
    let valid: boolean;
    try {
      valid = await verifyPassword(user.password_hash, password);
    } catch (error) {
      await this.limits.undo(userKey);
      await this.limits.undo(addressCounter);
      throw error;
    }
    if (!valid) throw badRequest('当前密码不正确');
    await this.limits.clear(userKey);
    await this.limits.undo(addressCounter);
  }

  /** Counts one attempt against each key and its limit; past any of them, 429 with the wait. */
  async #countAttempt(limits: [key: string, max: number][], what: string): Promise<void> {
    let retryAfter = 0;
    for (const [key, max] of limits)
      retryAfter = Math.max(
        retryAfter,
        await this.limits.hit(key, max, this.settings.loginWindowMs),
      );
    if (retryAfter > 0)
      throw tooManyRequests(`${what}，请在 ${Math.ceil(retryAfter / 60)} 分钟后重试`, retryAfter);
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

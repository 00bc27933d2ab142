import type { UpdateProfileRequest, User } from '@capshelf/contract';
import type { Background } from '../background';
import type { Config } from '../config';
import type { Db } from '../db';
import { isUniqueViolation } from '../db';
import { badRequest, conflict, tooManyRequests, unauthenticated } from '../errors';
import type { Mailer } from '../mail';
import { LoginLimiter } from './login-limiter';
import { PasswordReset } from './password-reset';
import { hashPassword, spendVerifyTime, verifyPassword } from './secrets';
import { SessionStore } from './sessions';
import { toUser, UserRepository, type UserRow } from './users';

export const RESET_DONE_MESSAGE = '密码已重置，请使用新密码登录';

/** Accounts, sessions and password resets: everything the Auth routes need, nothing HTTP-specific. */
export class AuthService {
  readonly users: UserRepository;
  readonly sessions: SessionStore;
  private readonly limiter: LoginLimiter;
  private readonly reset: PasswordReset;

  constructor(
    db: Db,
    config: Config,
    mailer: Mailer,
    private readonly background: Background,
  ) {
    this.users = new UserRepository(db.kysely);
    this.sessions = new SessionStore(db.kysely, config.auth.sessionTtlMs);
    this.limiter = new LoginLimiter(
      db.kysely,
      config.auth.loginMaxFailures,
      config.auth.loginWindowMs,
    );
    this.reset = new PasswordReset({
      db: db.kysely,
      users: this.users,
      sessions: this.sessions,
      mailer,
      publicUrl: config.publicUrl,
      ttlMs: config.auth.resetTokenTtlMs,
    });
  }

  async login(email: string, password: string, ip: string): Promise<{ token: string; user: User }> {
    const retryAfter = await this.limiter.retryAfter(email, ip);
    if (retryAfter > 0) {
      throw tooManyRequests(
        `登录失败次数过多，请在 ${Math.ceil(retryAfter / 60)} 分钟后重试`,
        retryAfter,
      );
    }
    const user = await this.users.findByEmail(email);
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : await spendVerifyTime(password);
    if (!user || !valid || user.disabled) {
      await this.limiter.recordFailure(email, ip);
      throw unauthenticated('邮箱或密码错误');
    }
    await this.limiter.clear(email, ip);
    return { token: await this.sessions.create(user.id), user: toUser(user) };
  }

  async authenticate(token: string): Promise<UserRow | undefined> {
    return this.sessions.findUser(token);
  }

  /** `authenticate` answered from memory alone, or undefined when that would need the database. */
  rememberedUser(token: string): UserRow | undefined {
    return this.sessions.remembered(token);
  }

  async updateProfile(userId: number, changes: UpdateProfileRequest): Promise<User> {
    try {
      const row = await this.users.update(userId, changes);
      this.sessions.forgetUser(userId);
      if (!row) throw unauthenticated();
      return toUser(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const byEmail = changes.email ? await this.users.findByEmail(changes.email) : undefined;
      throw conflict(byEmail && byEmail.id !== userId ? '该邮箱已被使用' : '该用户名已被使用');
    }
  }

  async changePassword(
    user: UserRow,
    current: string,
    next: string,
    keepToken: string,
  ): Promise<void> {
    if (!(await verifyPassword(user.password_hash, current))) throw badRequest('当前密码不正确');
    await this.users.update(user.id, { password_hash: await hashPassword(next) });
    await this.sessions.revokeAll(user.id, keepToken);
  }

  /** Answers at once; the lookup and the mail happen in the background so timing reveals nothing. */
  requestReset(email: string): void {
    this.background.run('password-reset-mail', () => this.reset.sendLink(email));
  }

  async confirmReset(token: string, newPassword: string): Promise<void> {
    if (!(await this.reset.confirm(token, newPassword))) {
      throw badRequest('重置令牌已过期或无效，请重新申请密码重置', 'RESET_TOKEN_INVALID');
    }
  }
}

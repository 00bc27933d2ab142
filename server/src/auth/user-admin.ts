import type {
  AccessToken,
  AccountStatus,
  AdminUser,
  AuditAction,
  AuditEntry,
  CreateUserResponse,
  Role,
  UpdateUserRequest,
} from '@capshelf/contract';
import type { AuditLog } from '../audit';
import { isUniqueViolation, type AlsoInTransaction } from '../db';
import { conflict, notFound } from '../errors';
import type { AccessTokens } from './access-tokens';
import { revokeTokensIn } from './revoke-tokens';
import { generatePassword, hashPassword } from './secrets';
import type { SessionStore } from './sessions';
import { toUser, type UserRepository, type UserRow } from './users';

export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), status: row.disabled ? 'disabled' : 'active' };
}

const LAST_ADMIN = '至少需要保留一个启用的管理员账号';
const NOT_YOURSELF = '不能停用自己的账号或取消自己的管理员身份';

/** The admin acting through the API; undefined: `npm run users` on the server. */
type Actor = number | undefined;

/**
 * Account administration, shared by `npm run users` and the admin API: add, list, enable or
 * disable, reset a password, change a role, see and revoke a user's personal tokens. Disabling or
 * resetting ends the user's sessions and tokens; no change may leave the server without an active
 * admin. Every change writes its audit row in its own transaction.
 */
export class UserAdmin {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly audit: AuditLog,
    private readonly tokens: AccessTokens,
  ) {}

  async list(): Promise<AdminUser[]> {
    return (await this.users.list()).map(toAdminUser);
  }

  async find(id: number): Promise<UserRow> {
    const row = await this.users.findById(id);
    if (!row) throw notFound('用户不存在');
    return row;
  }

  async findByEmail(email: string): Promise<UserRow> {
    const row = await this.users.findByEmail(email);
    if (!row) throw notFound(`没有邮箱为 ${email} 的用户`);
    return row;
  }

  async add(
    input: {
      email: string;
      role: Role;
      password?: string;
      username?: string;
      displayName?: string | null;
    },
    by?: Actor,
  ): Promise<CreateUserResponse> {
    const password = input.password ?? generatePassword();
    try {
      const row = await this.users.create(
        { ...input, password },
        this.#audited(by, [['user.create', input.email.toLowerCase(), { role: input.role }]]),
      );
      return {
        user: toAdminUser(row),
        generated_password: input.password === undefined ? password : null,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('该邮箱或用户名已被使用');
      throw error;
    }
  }

  /**
   * `by`: the admin making the change through the API, who may not lock themselves out (another
   * admin, or `npm run users` on the server, can).
   */
  async update(id: number, changes: UpdateUserRequest, by?: number): Promise<AdminUser> {
    const row = await this.find(id);
    if (id === by && (changes.status === 'disabled' || (changes.role && changes.role !== 'admin')))
      throw conflict(NOT_YOURSELF);
    const staysAdmin =
      (changes.role ?? row.role) === 'admin' &&
      (changes.status ?? (row.disabled ? 'disabled' : 'active')) === 'active';
    const set = {
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.status ? { disabled: disabledFlag(changes.status) } : {}),
    };
    const recorded = this.#audited(by, changeRecords(row, changes));
    const disabling = changes.status === 'disabled';
    const audited = async (trx: Parameters<AlsoInTransaction>[0]) => {
      await recorded?.(trx);
      if (disabling) await revokeTokensIn(trx, id);
    };
    const updated =
      row.role === 'admin' && !row.disabled && !staysAdmin
        ? await this.users.updateKeepingAnAdmin(id, set, audited)
        : await this.users.update(id, set, audited);
    if (updated === null) throw conflict(LAST_ADMIN);
    if (!updated) throw notFound('用户不存在');
    // A disabled user's sessions end; any other change is seen at the next request.
    if (changes.status === 'disabled') await this.sessions.revokeAll(id);
    else this.sessions.forgetUser(id);
    return toAdminUser(updated);
  }

  /**
   * Sets the given password, or a generated one that is answered once; ends the user's sessions
   * and voids their reset links (one asked for before the reset must not undo it).
   */
  async resetPassword(id: number, password?: string, by?: Actor): Promise<CreateUserResponse> {
    const row = await this.find(id);
    const chosen = password ?? generatePassword();
    const updated = await this.users.setPasswordHash(
      id,
      await hashPassword(chosen),
      this.#audited(by, [
        ['user.password_reset', row.email, { generated: password === undefined }],
      ]),
    );
    if (!updated) throw notFound('用户不存在');
    await this.sessions.revokeAll(id);
    return {
      user: toAdminUser(updated),
      generated_password: password === undefined ? chosen : null,
    };
  }

  async tokensOf(id: number): Promise<AccessToken[]> {
    return this.tokens.list((await this.find(id)).id);
  }

  /** Revokes one of the user's tokens (404 for another user's or a missing one), audited. */
  async revokeToken(id: number, tokenId: number, by?: Actor): Promise<void> {
    const row = await this.find(id);
    await this.tokens.revoke(id, tokenId, (trx, name) =>
      this.#audited(by, [['token.revoke', row.email, { name }]])!(trx),
    );
  }

  /** Writes one audit row per record, inside the change's transaction. */
  #audited(by: Actor, records: AuditedChange[]): AlsoInTransaction | undefined {
    if (records.length === 0) return undefined;
    return async (trx) => {
      for (const [action, target, detail] of records)
        await this.audit.recordIn(trx, {
          actorId: by ?? null,
          source: by === undefined ? 'cli' : 'web',
          action,
          target,
          detail,
        });
    };
  }
}

type AuditedChange = [action: AuditAction, target: string, detail: AuditEntry['detail']];

/** What a role or status change actually changes, as audit records (none when nothing does). */
function changeRecords(row: UserRow, changes: UpdateUserRequest): AuditedChange[] {
  const records: AuditedChange[] = [];
  if (changes.role && changes.role !== row.role)
    records.push(['user.role', row.email, { from: row.role, to: changes.role }]);
  const wasDisabled = row.disabled === 1;
  if (changes.status && (changes.status === 'disabled') !== wasDisabled)
    records.push([changes.status === 'disabled' ? 'user.disable' : 'user.enable', row.email, {}]);
  return records;
}

const disabledFlag = (status: AccountStatus) => (status === 'disabled' ? 1 : 0);

import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_USER,
  type AccessToken,
  type CreatedToken,
  type TokenScope,
} from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AlsoInTransaction, Database } from '../db';
import type { AccessTokensTable } from '../db/schema';
import { conflict, notFound } from '../errors';
import { hashToken, newToken } from './secrets';
import type { UserRow } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last use is written at most this often per token (a script may call many times a second). */
const TOUCH_EVERY_MS = 60_000;

const answer = (row: Selectable<AccessTokensTable>): AccessToken => ({
  id: row.id,
  name: row.name,
  scopes: JSON.parse(row.scopes) as TokenScope[],
  created_at: row.created_at,
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
});

/**
 * Each user's personal access tokens for scripts: made (shown once), listed with their scopes,
 * expiry and last use, revoked. Only a token's hash is stored; every statement names the user.
 */
export class AccessTokens {
  constructor(private readonly db: Kysely<Database>) {}

  static looksLikeOne(token: string): boolean {
    return token.startsWith(ACCESS_TOKEN_PREFIX);
  }

  /** `also` runs in the creation's transaction (its audit row). */
  async create(
    userId: number,
    input: { name: string; scopes: TokenScope[]; expires_in_days?: number | undefined },
    also?: AlsoInTransaction,
  ): Promise<CreatedToken> {
    const token = `${ACCESS_TOKEN_PREFIX}${newToken()}`;
    const now = Date.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('access_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= ACCESS_TOKENS_PER_USER) {
        throw conflict(`最多可创建 ${ACCESS_TOKENS_PER_USER} 个访问令牌，请先撤销不用的令牌`);
      }
      const created = await trx
        .insertInto('access_tokens')
        .values({
          user_id: userId,
          name: input.name,
          token_hash: hashToken(token),
          scopes: JSON.stringify(input.scopes),
          created_at: new Date(now).toISOString(),
          expires_at: input.expires_in_days
            ? new Date(now + input.expires_in_days * DAY_MS).toISOString()
            : null,
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await also?.(trx);
      return created;
    });
    return { ...answer(row), token };
  }

  async list(userId: number): Promise<AccessToken[]> {
    const rows = await this.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(answer);
  }

  /**
   * Another user's token is as unknown as a missing one. `also` runs in the same transaction (an
   * admin's revocation is audited), given the token's name.
   */
  async revoke(
    userId: number,
    id: number,
    also?: (trx: Kysely<Database>, name: string) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('access_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('name')
        .executeTakeFirst();
      if (!gone) throw notFound('访问令牌不存在');
      await also?.(trx, gone.name);
    });
  }

  /** The token's user and scopes, or undefined for an unknown, expired or disabled one. */
  async authenticate(token: string): Promise<{ user: UserRow; scopes: TokenScope[] } | undefined> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const row = await this.db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .selectAll('users')
      .select(['access_tokens.scopes', 'access_tokens.expires_at', 'access_tokens.last_used_at'])
      .where('access_tokens.token_hash', '=', tokenHash)
      .where('users.disabled', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    const { scopes, expires_at, last_used_at, ...user } = row;
    if (expires_at && Date.parse(expires_at) <= now) return undefined;
    if (!last_used_at || Date.parse(last_used_at) < now - TOUCH_EVERY_MS) {
      await this.db
        .updateTable('access_tokens')
        .set({ last_used_at: new Date(now).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { user, scopes: JSON.parse(scopes) as TokenScope[] };
  }
}

import type { Role, User } from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AlsoInTransaction, Database } from '../db';
import type { UsersTable } from '../db/schema';
import { hashPassword } from './secrets';
import { revokeTokensIn } from './revoke-tokens';

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    created_at: row.created_at,
    locale: row.locale,
    theme: row.theme,
  };
}

/** Data access for accounts; emails are stored lowercased so lookups are exact. */
export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(
    input: {
      email: string;
      password: string;
      role: Role;
      username?: string;
      displayName?: string | null;
    },
    also?: AlsoInTransaction,
  ): Promise<UserRow> {
    const now = new Date().toISOString();
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return this.#inTransaction(also, async (db) => {
      const row = await db
        .insertInto('users')
        .values({
          email,
          username: input.username ?? email.split('@')[0] ?? email,
          display_name: input.displayName ?? null,
          role: input.role,
          password_hash: passwordHash,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await also?.(db);
      return row;
    });
  }

  /** A new password voids every reset link and personal token of the user, in the same transaction. */
  async setPasswordHash(
    id: number,
    passwordHash: string,
    also?: AlsoInTransaction,
  ): Promise<UserRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      await trx.deleteFrom('password_resets').where('user_id', '=', id).execute();
      await revokeTokensIn(trx, id);
      if (row) await also?.(trx);
      return row;
    });
  }

  /**
   * `update` for a change that ends an active admin's admin rights, refused (null) when no other
   * active admin would remain. The active admins' rows are locked first (a no-op update), so two
   * admins demoting each other at once cannot both go through: the second waits, then sees one.
   */
  async updateKeepingAnAdmin(
    id: number,
    changes: Partial<Pick<UserRow, 'role' | 'disabled'>>,
    also?: AlsoInTransaction,
  ): Promise<UserRow | null | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const admins = await trx
        .updateTable('users')
        .set((eb) => ({ role: eb.ref('role') }))
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .returning('id')
        .execute();
      if (!admins.some((admin) => admin.id !== id)) return null;
      const row = await trx
        .updateTable('users')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row) await also?.(trx);
      return row;
    });
  }

  async update(
    id: number,
    changes: Partial<
      Pick<
        UserRow,
        | 'email'
        | 'username'
        | 'display_name'
        | 'role'
        | 'disabled'
        | 'password_hash'
        | 'locale'
        | 'theme'
      >
    >,
    also?: AlsoInTransaction,
  ): Promise<UserRow | undefined> {
    return this.#inTransaction(also, async (db) => {
      const row = await db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row) await also?.(db);
      return row;
    });
  }

  /** `write` alone, or with `also` in one transaction when there is more to write. */
  #inTransaction<T>(
    also: AlsoInTransaction | undefined,
    write: (db: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    if (!also) return write(this.db);
    return this.db.transaction().execute(write);
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { AuditLogTable } from '../db/schema';

export type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };
export type NewAuditRow = Omit<AuditLogTable, 'id' | 'at'>;

/** A row of the log with its actor's account as it is now (null when there was none). */
export interface AuditRowWithActor extends AuditRow {
  actor_email: string | null;
  actor_username: string | null;
  actor_display_name: string | null;
}

/** The audit_log table. `insert` takes the caller's transaction, so a row lands with its action. */
export class AuditStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewAuditRow, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({ ...row, at: new Date().toISOString() })
      .execute();
  }

  /** Newest first, `limit` rows older than the id `before` (all when omitted). */
  page(limit: number, before?: number): Promise<AuditRowWithActor[]> {
    let query = this.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
      .selectAll('audit_log')
      .select([
        'users.email as actor_email',
        'users.username as actor_username',
        'users.display_name as actor_display_name',
      ])
      .orderBy('audit_log.id', 'desc')
      .limit(limit);
    if (before !== undefined) query = query.where('audit_log.id', '<', before);
    return query.execute();
  }
}

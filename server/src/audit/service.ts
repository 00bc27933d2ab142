import type { AuditAction, AuditEntry, AuditPage, AuditSource } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { AuditStore, type AuditRowWithActor } from './store';

type Detail = AuditEntry['detail'];

/** One admin action: who (null: the command line or the server itself), what, on what. */
export interface AuditRecord {
  actorId: number | null;
  source: AuditSource;
  action: AuditAction;
  target: string;
  detail?: Detail;
}

/**
 * The admin's audit log. Capabilities record their admin actions here: `recordIn` inside the
 * transaction of the action itself (so neither lands without the other), `record` for an action
 * that is no single database write (a file deletion, a clearance handed to the upstream gate).
 * Only admins read it (`page`); no secret ever goes into `detail`.
 */
export class AuditLog {
  private readonly store: AuditStore;

  constructor(db: Kysely<Database>) {
    this.store = new AuditStore(db);
  }

  record(entry: AuditRecord): Promise<void> {
    return this.store.insert(toRow(entry));
  }

  recordIn(trx: Kysely<Database>, entry: AuditRecord): Promise<void> {
    return this.store.insert(toRow(entry), trx);
  }

  async page(query: { limit: number; before?: number }): Promise<AuditPage> {
    // One row more than asked tells whether an older page exists.
    const rows = await this.store.page(query.limit + 1, query.before);
    const entries = rows.slice(0, query.limit).map(toEntry);
    const last = entries.at(-1);
    return { entries, next_before: rows.length > query.limit && last ? last.id : null };
  }
}

function toRow(entry: AuditRecord) {
  return {
    actor_user_id: entry.actorId,
    source: entry.source,
    action: entry.action,
    target: entry.target,
    detail: JSON.stringify(entry.detail ?? {}),
  };
}

function toEntry(row: AuditRowWithActor): AuditEntry {
  const actor =
    row.actor_user_id !== null && row.actor_email !== null
      ? {
          id: row.actor_user_id,
          email: row.actor_email,
          name: row.actor_display_name || row.actor_username || row.actor_email,
        }
      : null;
  return {
    id: row.id,
    at: row.at,
    actor,
    source: row.source,
    action: row.action as AuditAction,
    target: row.target,
    detail: JSON.parse(row.detail) as Detail,
  };
}

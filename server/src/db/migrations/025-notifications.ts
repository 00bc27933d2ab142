import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Notifications (issue 25 point 4), each user's own (user_id, removed with the account): their
 * channels (e-mail or a webhook, the events each wants, the last delivery's result) and the
 * outbox a background worker drains. One row per channel and event key: the same event is never
 * queued twice for a channel (a task paused again and again notifies once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notification_channels'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('url', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text')
    .addColumn('last_ok', 'integer')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('notification_channels_user')
    .on('notification_channels')
    .column('user_id')
    .execute();
  await withId(db, db.schema.createTable('notification_outbox'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notification_outbox_once', ['channel_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('notification_outbox_due')
    .on('notification_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_outbox').execute();
  await db.schema.dropTable('notification_channels').execute();
}

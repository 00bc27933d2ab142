import type { Kysely } from 'kysely';

/**
 * The quota notice (`download_quota`, issue 34) reaches channels made before it: a channel that
 * tells its owner of a download's end takes it too, since it says why their next ones wait.
 */
export async function up(db: Kysely<Channels>): Promise<void> {
  const channels = await db.selectFrom('notification_channels').select(['id', 'events']).execute();
  for (const channel of channels) {
    const events = JSON.parse(channel.events) as string[];
    if (!events.includes('download_finished') || events.includes('download_quota')) continue;
    await db
      .updateTable('notification_channels')
      .set({ events: JSON.stringify([...events, 'download_quota']) })
      .where('id', '=', channel.id)
      .execute();
  }
}

/** Channels keep the event: older code reads only the events it knows. */
export async function down(): Promise<void> {}

interface Channels {
  notification_channels: { id: number; events: string };
}

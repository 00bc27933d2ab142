import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, migrateToLatest, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { createPostgresDatabase, databaseKind } from './helpers';

// Channels made before the quota notice: those that tell of a download's end take it too.

let db: Db;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (databaseKind === 'postgres') {
    const database = await createPostgresDatabase();
    db = connectDb({ databaseUrl: database.url, sqlitePath: '' });
    cleanUp = () => database.drop();
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-migration-'));
    db = connectDb({ sqlitePath: path.join(dir, 'capshelf.db') });
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(db);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateTo('027-downloads-that-stay');
  if (error) throw error;
});

afterAll(async () => {
  await db?.close();
  await cleanUp?.();
});

describe(`migration 028, quota notices (${databaseKind})`, () => {
  it('adds download_quota to the channels that tell of finished downloads, and to no other', async () => {
    const now = new Date().toISOString();
    const user = await db.kysely
      .insertInto('users')
      .values({
        email: 'q@example.com',
        username: 'q',
        role: 'user',
        password_hash: 'x',
        disabled: 0,
        created_at: now,
        updated_at: now,
        display_name: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const channel = async (events: string[]) =>
      (
        await db.kysely
          .insertInto('notification_channels')
          .values({
            user_id: user.id,
            type: 'webhook',
            format: 'json',
            url: 'https://example.com/h',
            events: JSON.stringify(events),
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const downloads = await channel(['new_episodes', 'download_finished', 'download_failed']);
    const episodesOnly = await channel(['new_episodes']);
    await migrateToLatest(db);
    const eventsOf = async (id: number) =>
      JSON.parse(
        (
          await db.kysely
            .selectFrom('notification_channels')
            .select('events')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).events,
      ) as string[];
    expect(await eventsOf(downloads)).toEqual([
      'new_episodes',
      'download_finished',
      'download_failed',
      'download_quota',
    ]);
    expect(await eventsOf(episodesOnly)).toEqual(['new_episodes']);
  });
});

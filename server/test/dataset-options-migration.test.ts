import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatasetOptions } from '@capshelf/contract';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterOf, layoutOf } from '../src/datasets';
import { connectDb, migrateToLatest, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { taskSpecOf, type TaskSpec } from '../src/downloads/task-spec';
import { createPostgresDatabase, databaseKind } from './helpers';

// Tasks written before 026 kept their options in three columns; after it, in `dataset` alone.

let db: Db;
let cleanUp: () => Promise<void>;
/** Rows as the code before 026 wrote them (the migration's own columns, not today's schema). */
let old: Kysely<Record<string, Record<string, unknown>>>;
let userId: number;

const EPISODES = [{ id: 11, title: 'Episode 1', ref: { type: 'episode', kind: 'anime', id: 11 } }];
const WORK = { work: { kind: 'anime', id: 7, title: 'Non Non Biyori' }, episodes: EPISODES };

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
  // Back to just before 026, where the old tasks were written.
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateTo('025-notifications');
  if (error) throw error;
  old = db.kysely as unknown as typeof old;
  const now = new Date().toISOString();
  const user = await old
    .insertInto('users')
    .values({
      email: 'a@example.com',
      username: 'a',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = Number(user.id);
});

afterAll(async () => {
  await db?.close();
  await cleanUp?.();
});

async function oldTask(
  id: string,
  columns: { request?: object; dataset_filter?: object; archive?: object },
): Promise<void> {
  const json = (value: object | undefined) => (value ? JSON.stringify(value) : null);
  await old
    .insertInto('downloads')
    .values({
      id,
      user_id: userId,
      status: 'completed',
      file_name: `${id}.zip`,
      entry_prefix: 'Non_Non_Biyori',
      items: '[]',
      file_count: 0,
      created_at: new Date().toISOString(),
      job: columns.request ? 'work' : 'images',
      request: json(columns.request),
      dataset_filter: json(columns.dataset_filter),
      archive: json(columns.archive),
    })
    .execute();
}

const specOf = async (id: string): Promise<TaskSpec> =>
  taskSpecOf(
    await db.kysely
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );

describe(`026: a task's dataset options in one column (${databaseKind})`, () => {
  it('reads every old task into the one shape, with the filter and layout it had', async () => {
    // Before 021: near-duplicates within each episode, as the task was asked.
    await oldTask('before-filters', {
      request: { ...WORK, size: 'thumb', skipNearDuplicates: true, threshold: 4, metadata: true },
    });
    // A whole work from 024 on: filter, kohya layout (its name resolved) and the review's ids.
    const kohya = { export: 'kohya', repeats: 3, name: 'Non_Non_Biyori', trigger: 'nnb style' };
    await oldTask('work-kohya', {
      request: {
        ...WORK,
        size: 'large',
        skipNearDuplicates: true,
        threshold: 10,
        metadata: false,
        layout: kohya,
        keepIds: [5],
        dropIds: [6],
      },
      dataset_filter: { nearDuplicates: { scope: 'work', threshold: 10 }, quality: ['dark'] },
    });
    // A selection: a quality filter only, and its archive's hf layout with metadata.
    await oldTask('selection-hf', {
      dataset_filter: { nearDuplicates: null, quality: ['blank', 'blurry'] },
      archive: { layout: { export: 'hf', repeats: 10, name: 'sel', trigger: '' }, metadata: true },
    });
    await oldTask('selection-plain', {});
    await migrateToLatest(db);

    const before = await specOf('before-filters');
    expect(before.dataset).toEqual({
      ...DatasetOptions.parse({ skip_near_duplicates: false, quality_filters: [] }),
      skip_near_duplicates: true,
      near_duplicate_threshold: 4,
      near_duplicate_scope: 'episode',
      metadata: true,
    });
    expect(filterOf(before.dataset)).toEqual({
      nearDuplicates: { scope: 'episode', threshold: 4 },
      quality: [],
    });
    expect(before.work).toMatchObject({ ...WORK, size: 'thumb' });

    const work = await specOf('work-kohya');
    expect(work.dataset).toEqual({
      skip_near_duplicates: true,
      near_duplicate_threshold: 10,
      near_duplicate_scope: 'work',
      quality_filters: ['dark'],
      metadata: false,
      export: 'kohya',
      kohya_repeats: 3,
      kohya_name: 'Non_Non_Biyori',
      trigger_word: 'nnb style',
      destination: 'zip',
    });
    expect(layoutOf(work.dataset, WORK.work.title)).toEqual({ ...kohya, title: WORK.work.title });
    expect(work.work).toMatchObject({ keepIds: [5], dropIds: [6] });

    const selection = await specOf('selection-hf');
    expect(selection.work).toBeNull();
    expect(filterOf(selection.dataset)).toEqual({
      nearDuplicates: null,
      quality: ['blank', 'blurry'],
    });
    expect(selection.dataset).toMatchObject({
      export: 'hf',
      metadata: true,
      skip_near_duplicates: false,
    });

    const plain = await specOf('selection-plain');
    expect(plain.dataset).toEqual(
      DatasetOptions.parse({ skip_near_duplicates: false, quality_filters: [] }),
    );
    expect(filterOf(plain.dataset)).toBeNull();
  });

  it('moves the options out of `request`, keeps the work there, and drops the old columns', async () => {
    const row = await db.kysely
      .selectFrom('downloads')
      .select('request')
      .where('id', '=', 'work-kohya')
      .executeTakeFirstOrThrow();
    const request = JSON.parse(row.request!) as Record<string, unknown>;
    for (const moved of ['layout', 'skipNearDuplicates', 'threshold', 'metadata'])
      expect(request).not.toHaveProperty(moved);
    expect(request).toHaveProperty('work');
    const [task] = await old.selectFrom('downloads').selectAll().limit(1).execute();
    expect(Object.keys(task!)).toContain('dataset');
    expect(Object.keys(task!)).not.toContain('dataset_filter');
    expect(Object.keys(task!)).not.toContain('archive');
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadJob } from '../src/downloads';
import { Archives } from '../src/downloads/archives';
import type { JobProgress } from '../src/downloads/progress';
import { DownloadQueue } from '../src/downloads/queue';
import { taskNotes } from '../src/downloads/reasons';
import { taskSpecOf } from '../src/downloads/task-spec';
import type { Turn } from '../src/downloads/turn';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { THUMBS } from './support/cache';

/**
 * Claims as two processes make them: two queues on one database, claiming at the same moment,
 * still share the slots out round-robin (never two tasks of one user while another waits idle),
 * and of two of one user's tasks asked to yield at once, only one gives its slot back.
 */

let t: BrowseApp;
let alice: number;
let bob: number;
beforeAll(async () => {
  // Over the replica: one test runs a task's job, which fetches its images.
  t = await startBrowseApp();
  // The app's own runner stays out of it: these rows are claimed by hand.
  await t.services.downloadRunner.stop();
  const create = (email: string) =>
    t.services.auth.users.create({ email, password: 'UserPass123', role: 'user' });
  alice = (await create('alice@example.com')).id;
  bob = (await create('bob@example.com')).id;
});
afterAll(async () => {
  await t.close();
});

async function addTask(id: string, userId: number, minute: number, items = '[]'): Promise<void> {
  await t.services.db.kysely
    .insertInto('downloads')
    .values({
      id,
      user_id: userId,
      status: 'pending',
      file_name: `${id}.zip`,
      entry_prefix: id,
      items,
      file_count: 1,
      created_at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
    })
    .execute();
}

describe(`download claims across processes (${databaseKind})`, () => {
  it('two processes claiming at once give the second slot to the other user, and only one task yields', async () => {
    const db = t.services.db.kysely;
    const [one, two] = [new DownloadQueue(db), new DownloadQueue(db)];
    for (let round = 0; round < 5; round++) {
      await db.deleteFrom('downloads').execute();
      await addTask('a1', alice, 0);
      await addTask('a2', alice, 1);
      await addTask('a3', alice, 2);
      await addTask('b1', bob, 3);
      const claimed = await Promise.all([one.claimNext('p1'), two.claimNext('p2')]);
      expect(claimed.map((row) => row?.id).sort(), `round ${round}`).toEqual(['a1', 'b1']);
    }

    // Alice holds both slots (claimed before bob asked); bob waits with nothing running.
    await db.deleteFrom('downloads').execute();
    await addTask('a1', alice, 0);
    await addTask('a2', alice, 1);
    const a1 = (await one.claimNext('p1'))!;
    const a2 = (await two.claimNext('p2'))!;
    await addTask('b1', bob, 3);
    expect(await one.someoneStarved()).toBe(true);
    const yielded = await Promise.all([
      one.yieldTurn(a1, 'p1', null),
      two.yieldTurn(a2, 'p2', null),
    ]);
    expect(yielded.filter(Boolean)).toHaveLength(1);
    expect((await one.claimNext('p1'))?.id).toBe('b1');
    expect(await one.someoneStarved()).toBe(false);
    // Both users now run one task: nobody holds more than a share.
    const stillRunning = yielded[0] ? a2 : a1;
    expect(await one.yieldTurn(stillRunning, stillRunning === a1 ? 'p1' : 'p2', null)).toBe(false);
  });

  it('a process whose task was taken up after a restart changes nothing when it ends late', async () => {
    const db = t.services.db.kysely;
    const [old, taker] = [new DownloadQueue(db), new DownloadQueue(db)];
    await db.deleteFrom('downloads').execute();
    await addTask('a1', alice, 0);
    expect((await old.claimNext('old'))?.id).toBe('a1');
    // The restart: every running task goes back to pending, and the new process claims it.
    expect(await taker.requeueAbandoned(new Date().toISOString(), true)).toEqual(['a1']);
    expect((await taker.claimNext('new'))?.id).toBe('a1');

    const note = taskNotes.archiveFailed(new Error('ENOENT: its temporary archive was removed'));
    const progress: JobProgress = {
      fileCount: 1,
      done: 1,
      failed: 0,
      skipped: 0,
      skippedReasons: null,
      bytes: 100,
      episodesTotal: null,
      episodesDone: null,
      episodes: null,
    };
    expect(await old.fail('a1', 'old', note)).toBe(false);
    expect(
      await old.finish('a1', 'old', { status: 'completed', progress, libraryPath: null }),
    ).toBe(false);
    expect(await old.pause('a1', 'old', note, new Date(), null)).toBe(false);
    expect(await old.release('a1', 'old')).toBe(false);
    // Its writer asks before renaming its archive into place (a heartbeat answers).
    expect(await old.progress('a1', 'old', null, null)).toBe(false);
    expect(await taker.progress('a1', 'new', null, null)).toBe(true);
    const row = await db
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', 'a1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'running', worker: 'new' });

    expect(await taker.fail('a1', 'new', note)).toBe(true);
    expect(
      (
        await db
          .selectFrom('downloads')
          .select('status')
          .where('id', '=', 'a1')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('failed');
  });

  it("a process whose task was taken up after a restart never puts its archive over the new writer's", async () => {
    const { services } = t;
    const { storage } = services;
    const db = services.db.kysely;
    const [old, taker] = [new DownloadQueue(db), new DownloadQueue(db)];
    await db.deleteFrom('downloads').execute();
    const items = THUMBS.slice(0, 2).map((id) => ({
      kind: 'anime',
      id,
      size: 'thumb',
      compressed: false,
    }));
    await addTask('a1', alice, 0, JSON.stringify(items));
    const row = (await old.claimNext('old'))!;
    expect(await taker.requeueAbandoned(new Date().toISOString(), true)).toEqual(['a1']);
    expect((await taker.claimNext('new'))?.id).toBe('a1');
    // The new writer finished first; the old one reaches its archive's end afterwards.
    const key = new Archives(storage).keyOf('a1');
    const newer = Buffer.from("the new writer's archive");
    await storage.put(key, newer);

    const job = new DownloadJob({
      store: services.images,
      storage,
      catalog: services.catalog,
      builders: services.builders,
      directory: services.directory,
      tagger: null,
      retryIntervalMs: 60_000,
      maxImages: 1000,
      dir: t.dataDir,
    });
    // The old process's turn, as its runner asks: a heartbeat under its own name.
    const turn: Turn = {
      give: () => false,
      wanted: () => new AbortController().signal,
      held: () => old.progress('a1', 'old', null, null),
    };
    const ended = await job
      .run(
        taskSpecOf(row),
        { zip: key, library: null },
        new AbortController().signal,
        () => {},
        turn,
      )
      .catch((error: unknown) => error);
    expect((await storage.get(key))?.equals(newer), "the new writer's archive stays").toBe(true);
    expect(ended, 'how the old job ends').toMatchObject({ why: 'lost' });
    // Nor is its temporary archive left beside it.
    const file = storage.localPath(key)!;
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });
});

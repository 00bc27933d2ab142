// Wake-ups: work queued in one process starts at once in another (Postgres LISTEN/NOTIFY), with
// polling left as the fallback; on SQLite they reach this process's own workers only.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PostgresWakeups,
  WAKEUP_TOPICS,
  WAKEUPS_APPLICATION_NAME,
  type WakeupTopic,
} from '../src/wakeups';
import { databaseKind, startTestApp, type TestApp } from './helpers';
import { FAST_PACING, startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl } from './support/downloads';

/** Records each topic's wake-ups heard by `wakeups`. */
function hear(wakeups: { on(topic: WakeupTopic, listener: () => void): () => void }) {
  const heard: WakeupTopic[] = [];
  const stops = WAKEUP_TOPICS.map((topic) => wakeups.on(topic, () => heard.push(topic)));
  return { heard, stop: () => stops.forEach((stop) => stop()) };
}

async function until(what: string, done: () => boolean | Promise<boolean>, withinMs = 5000) {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(10)) {
    if (await done()) return;
  }
  throw new Error(`not within ${withinMs} ms: ${what}`);
}

describe(`wake-ups in one process (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells this process at once, once, and a failing listener never reaches the notifier', async () => {
    const { wakeups } = t.services;
    const ears = hear(wakeups);
    const stopFailing = wakeups.on('follows', () => {
      throw new Error('a listener that fails');
    });
    wakeups.notify('downloads');
    expect(() => wakeups.notify('follows')).not.toThrow();
    expect(ears.heard).toEqual(['downloads', 'follows']);
    // On Postgres the notice also goes round the database: this process does not hear it twice.
    await sleep(300);
    expect(ears.heard).toEqual(['downloads', 'follows']);
    ears.stop();
    stopFailing();
    wakeups.notify('notifications');
    expect(ears.heard).toHaveLength(2);
  });
});

if (databaseKind !== 'postgres') {
  console.log('wakeups: the cross-process cases run in the Postgres pass (TEST_POSTGRES_URL).');
}

describe.skipIf(databaseKind !== 'postgres')('wake-ups across processes (postgres)', () => {
  let t: TestApp;
  let a: PostgresWakeups;
  let b: PostgresWakeups;
  beforeAll(async () => {
    t = await startTestApp();
    const deps = {
      url: t.services.config.databaseUrl!,
      db: t.services.db.kysely,
      logger: t.services.logger,
      reconnect: { minMs: 20, maxMs: 200 },
    };
    a = new PostgresWakeups(deps);
    b = new PostgresWakeups(deps);
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await t?.close();
  });

  it('reaches the other process through the database', async () => {
    const ears = hear(b);
    a.notify('notifications');
    await until('b hears it', () => ears.heard.length === 1);
    expect(ears.heard).toEqual(['notifications']);
    ears.stop();
  });

  it('listens again after its connection drops, and wakes every topic once for the gap', async () => {
    const ears = hear(b);
    expect(b.listening).toBe(true);
    const { rows } = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and application_name = ${WAKEUPS_APPLICATION_NAME}`.execute(
      t.services.db.kysely,
    );
    // The app's own listener and the two here.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await until('b drops', () => !b.listening, 2000);
    await until('b listens again', () => b.listening);
    expect([...ears.heard].sort()).toEqual([...WAKEUP_TOPICS].sort());
    ears.heard.length = 0;
    a.notify('downloads');
    await until('b hears after reconnecting', () => ears.heard.length === 1);
    expect(ears.heard).toEqual(['downloads']);
    ears.stop();
  });
});

describe.skipIf(databaseKind !== 'postgres')(
  'a task queued on one node starts at once on another',
  () => {
    const POLL = '60s';
    let web: BrowseApp;
    let worker: TestApp;
    beforeAll(async () => {
      web = await startBrowseApp({ ROLE: 'web' });
      worker = await startTestApp({
        ...web.replica.env(),
        ...FAST_PACING,
        THUMBNAIL_PREFETCH: 'false',
        ROLE: 'worker',
        DATA_DIR: web.dataDir,
        DATABASE_URL: web.services.config.databaseUrl!,
        DOWNLOAD_POLL_INTERVAL: POLL,
      });
    });
    afterAll(async () => {
      await worker?.close();
      await web?.close();
    });

    it('is claimed by the idle worker well within its 60 s poll interval', async () => {
      // The worker looked for work as it started; its next poll is a minute away.
      await sleep(200);
      const started = Date.now();
      const created = await createTask(web, {
        image_urls: [ownUrl(ids[5]!)],
        filename_prefix: 'woken',
      });
      expect(created.statusCode).toBe(202);
      const id = created.json<{ download_id: string }>().download_id;
      const status = async () =>
        (
          await web.services.db.kysely
            .selectFrom('downloads')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;
      await until('the worker takes it', async () => (await status()) !== 'pending');
      await until('the first source request', () => web.replica.counts().hosts.cdni > 0);
      // The web node never runs tasks: the worker did, woken, not at its next poll.
      const first = web.replica.counts().requests.find((r) => r.host === 'cdni')!;
      expect(first.at - started).toBeLessThan(5000);
    });
  },
);

// ROLE splits a deployment: web processes serve and queue the jobs, worker processes run them and
// answer only health checks. Here both share one database (and data directory); on SQLite the
// worker finds the task by polling, on Postgres a wake-up tells it at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp, type TestApp } from './helpers';
import { FAST_PACING, startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';

let web: BrowseApp;
let worker: TestApp | null = null;

beforeAll(async () => {
  web = await startBrowseApp({ ROLE: 'web' });
});
afterAll(async () => {
  await worker?.close();
  await web?.close();
});

/** A worker process on the web app's database and data directory, pointed at the same replica. */
const startWorker = (env: Record<string, string> = {}) =>
  startTestApp({
    ...web.replica.env(),
    ...FAST_PACING,
    THUMBNAIL_PREFETCH: 'false',
    ROLE: 'worker',
    DATA_DIR: web.dataDir,
    ...(web.services.config.databaseUrl ? { DATABASE_URL: web.services.config.databaseUrl } : {}),
    ...env,
  });

const taskRow = (id: string) =>
  web.services.db.kysely
    .selectFrom('downloads')
    .select(['status', 'worker'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`roles (${databaseKind})`, () => {
  it('answers its health with its role, public', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      role: 'web',
      storage: 'local',
      source_origin: web.replica.pageOrigin,
    });
  });

  it('ROLE=web queues a task and never runs it; a ROLE=worker process on the database does', async () => {
    const created = await createTask(web, {
      image_urls: [ownUrl(ids[3]!), ownUrl(ids[4]!)],
      filename_prefix: 'roles',
    });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ download_id: string }>().download_id;
    // Past the default poll interval (1 s): nothing here looks for work.
    await sleep(1500);
    expect(await taskRow(id)).toEqual({ status: 'pending', worker: null });
    expect(web.upstreamRequests()).toBe(0);

    worker = await startWorker();
    expect((await waitForEnd(web, id)).status).toBe('completed');
    expect(web.replica.counts().hosts.cdni).toBe(2);
  });

  it('ROLE=worker serves only its health: the API and the page are 404', async () => {
    worker ??= await startWorker();
    const health = await worker.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'ok',
      role: 'worker',
      storage: 'local',
      source_origin: web.replica.pageOrigin,
    });
    const token = await web.login();
    for (const [method, url] of [
      ['POST', '/api/download'],
      ['GET', '/api/download'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/auth/status'],
      ['GET', '/'],
    ] as const) {
      const res = await worker.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

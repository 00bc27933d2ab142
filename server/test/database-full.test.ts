// A database that cannot grow while a download runs (SQLite's max_page_count stands in for a full
// disk): the process stays up and answers, and the task finishes once there is room again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp({ DOWNLOAD_STALE_AFTER: '2s', DOWNLOAD_POLL_INTERVAL: '200ms' });
});
afterAll(async () => {
  await t?.close();
});

if (databaseKind !== 'sqlite') {
  console.log('database full: runs in the SQLite pass, where max_page_count caps the file.');
}

const pragma = async (statement: string) =>
  (await sql.raw(statement).execute(t.services.db.kysely)).rows as Record<string, number>[];

describe.runIf(databaseKind === 'sqlite')('a full database during a download', () => {
  it('keeps the server answering, and the task completes once there is room again', async () => {
    // Slow images: the database fills while the task runs.
    t.replica.setFault('cdni', { type: 'slow', delayMs: 100 });
    const chosen = ids.slice(0, 40);
    const created = await createTask(t, { image_urls: chosen.map((id) => ownUrl(id)) });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ download_id: string }>().download_id;
    await expect
      .poll(
        async () => {
          const status = await t.app.inject({
            method: 'GET',
            url: `/api/download/${id}/status`,
            headers: t.headers,
          });
          return status.json<{ done_count: number }>().done_count;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(2);

    const [{ page_count }] = (await pragma('PRAGMA page_count')) as [{ page_count: number }];
    await pragma(`PRAGMA max_page_count = ${page_count + 8}`);
    // Every free page taken: any write that needs room fails now, the task's own included.
    await pragma('CREATE TABLE filler (x BLOB)');
    for (;;) {
      const full = await pragma('INSERT INTO filler VALUES (randomblob(2000))').then(
        () => false,
        () => true,
      );
      if (full) break;
    }
    t.replica.clearFaults();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}/status`,
      headers: t.headers,
    });
    expect(status.statusCode).toBe(200);
    // The admin's eviction still answers on a full database (it deletes before it records; the
    // running task's images are pinned, so what it frees depends on what else is cached).
    const admin = { authorization: `Bearer ${await t.login()}` };
    const evict = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 1024 * 1024, include_favorites: true },
    });
    expect(evict.statusCode, evict.body).toBe(200);

    // Room again: the task is finished, or taken up again and finished, whole.
    await pragma('PRAGMA max_page_count = 1073741823');
    await pragma('DROP TABLE filler');
    const done = await waitForEnd(t, id);
    expect(['completed', 'partial']).toContain(done.status);
    const retried =
      done.status === 'partial'
        ? await t.app.inject({
            method: 'POST',
            url: `/api/download/${id}/retry`,
            headers: t.headers,
          })
        : null;
    if (retried) expect(retried.statusCode).toBe(200);
    expect(await waitForEnd(t, id)).toMatchObject({ status: 'completed', done_count: 40 });
  }, 60_000);
});

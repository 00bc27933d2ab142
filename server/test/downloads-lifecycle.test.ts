import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from './helpers';
import { FAST_PACING, startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { readZip } from './support/zip';

describe(`download lifecycle (${databaseKind})`, () => {
  it('deletes archives after DOWNLOAD_TTL and answers 410', async () => {
    const app = await startBrowseApp({ DOWNLOAD_TTL: '1ms' });
    try {
      const created = await createTask(app, {
        image_urls: [ownUrl(ids[6]!, 'thumb')],
        filename_prefix: 'short',
      });
      const id = created.json().download_id;
      // With a 1 ms lifetime the sweep may delete the archive before a poll sees it finished,
      // so the wait ends at whichever comes first: done, or already gone.
      for (let i = 0; i < 200; i++) {
        const res = await app.app.inject({
          method: 'GET',
          url: `/api/download/${id}/status`,
          headers: app.headers,
        });
        if (res.statusCode === 410) break;
        expect(res.json().status).not.toBe('failed');
        if (res.json().status === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      let status = 0;
      for (let i = 0; i < 60 && status !== 410; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (
          await app.app.inject({
            method: 'GET',
            url: `/api/download/${id}/file`,
            headers: app.headers,
          })
        ).statusCode;
      }
      expect(status).toBe(410);
      const res = await app.app.inject({
        method: 'GET',
        url: `/api/download/${id}/status`,
        headers: app.headers,
      });
      expect(res.statusCode).toBe(410);
      expect(res.json().detail).toMatch(/过期/);
    } finally {
      await app.close();
    }
  });

  it.skipIf(databaseKind !== 'sqlite')(
    'takes up a task that was running when the server restarted and finishes it, once',
    async () => {
      const first = await startBrowseApp({ DOWNLOAD_STALE_AFTER: '1h' });
      first.replica.setFault('ancdn', { type: 'slow', delayMs: 1500 });
      const chosen = [ids[50]!, ids[51]!];
      const created = await createTask(first, {
        image_urls: chosen.map((id) => ownUrl(id, 'small')),
        filename_prefix: 'restart',
      });
      const id = created.json().download_id;
      let started = 'unknown';
      for (let i = 0; i < 250 && started !== 'running'; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        started = (
          await first.app.inject({
            method: 'GET',
            url: `/api/download/${id}/status`,
            headers: first.headers,
          })
        ).json().status;
      }
      // The restart must find it running, or there is nothing to take up.
      expect(started).toBe('running');
      // An archive renamed into place just before a kill, whose task never became complete.
      const orphan = path.join(first.dataDir, 'downloads', 'orphan0000000000000000.zip');
      mkdirSync(path.dirname(orphan), { recursive: true });
      writeFileSync(orphan, 'PK');
      first.replica.clearFaults();
      // A second process on the same data directory is what a restart looks like to the database.
      const second = await startTestApp({
        ...first.replica.env(),
        ...FAST_PACING,
        DATA_DIR: first.dataDir,
      });
      const row = () =>
        second.services.db.kysely
          .selectFrom('downloads')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      try {
        expect(existsSync(orphan)).toBe(false);
        const done = await waitForEnd({ ...first, app: second.app } as BrowseApp, id);
        expect(done).toMatchObject({ status: 'completed', done_count: 2, failed_count: 0 });
        expect((await row()).worker).toBeNull();
        // The interrupted writer stopping late must not change the finished task.
        await first.services.downloadRunner.stop();
        expect((await row()).status).toBe('completed');
        const file = await second.app.inject({
          method: 'GET',
          url: `/api/download/${id}/file`,
          headers: first.headers,
        });
        expect(file.statusCode).toBe(200);
        const entries = await readZip(file.rawPayload);
        expect(entries.map((e) => e.name)).toEqual(chosen.map((i) => `restart_${i}.jpg`));
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});

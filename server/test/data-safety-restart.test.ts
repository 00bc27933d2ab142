import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DownloadStatus, FavoritesResponse, FavoriteStatsResponse } from '@capshelf/contract';
import { KEY_IDS, episodeById, renderImage } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';
import { ADMIN } from './helpers';
import {
  freshDataDir,
  killed,
  poll,
  postgresPass,
  replica,
  running,
  start,
  stopped,
  useKillHarness,
} from './support/kill-harness';
import {
  readDatabase,
  spawnServer,
  waitForFile,
  type ServerProcess,
} from './support/server-process';
import { readZip } from './support/zip';

useKillHarness();

describe.skipIf(postgresPass)('data safety when the server is killed (SIGKILL, SQLite)', () => {
  it('resumes a ZIP task interrupted by the kill after the restart, never serving a half-written archive', async () => {
    const dataDir = freshDataDir();
    const downloadsDir = path.join(dataDir, 'downloads');
    const ids = episodeById(KEY_IDS.bigEpisode + 2)!.imageIds.slice(0, 12);
    const imageUrls = ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=small`);
    const status = async (server: ServerProcess, token: string, id: string) =>
      (await server.api('GET', `/api/download/${id}/status`, { token })).json<DownloadStatus>();

    const first = await start(dataDir);
    const token = await first.login();
    replica.setFault('ancdn', { type: 'slow', delayMs: 400 });
    const created = await first.api('POST', '/api/download', {
      token,
      body: { image_urls: imageUrls, filename_prefix: 'killed' },
    });
    expect(created.status).toBe(202);
    const interrupted = created.json<{ download_id: string }>().download_id;
    await poll(
      () => status(first, token, interrupted),
      (s) => s.status === 'running' && s.done_count > 0,
      'the task to be half way',
    );
    // The kill lands on a running task with images fetched, or it proves nothing.
    await killed(first);
    replica.clearFaults();

    const second = await start(dataDir);
    // Taken up again at once: no stale half-written file, and nothing served before it is done.
    const file = await second.api('GET', `/api/download/${interrupted}/file`, { token });
    expect([409, 200]).toContain(file.status);
    const done = await poll(
      () => status(second, token, interrupted),
      (s) => s.status !== 'running' && s.status !== 'pending',
      'the task to finish after the restart',
    );
    expect(done).toMatchObject({ status: 'completed', done_count: ids.length, failed_count: 0 });
    const entries = await readZip(
      (await second.api('GET', `/api/download/${interrupted}/file`, { token })).bytes,
    );
    expect(entries.map((e) => e.name)).toEqual(ids.map((id) => `killed_${id}.jpg`));
    for (const [i, entry] of entries.entries()) {
      expect(entry.data.equals(await renderImage('anime', ids[i]!, 'small'))).toBe(true);
    }
    expect(readdirSync(downloadsDir)).toEqual([`${interrupted}.zip`]);
    await stopped(second);
  }, 120_000);

  it('keeps a favourites import all or nothing when killed half way, and earlier favourites intact', async () => {
    const dataDir = freshDataDir();
    const SIZE = 20_000;
    const KILLED_BATCH = 1_000_000;
    const file = (offset: number) => ({
      version: 1,
      works: [],
      episodes: [],
      images: Array.from({ length: SIZE }, (_, i) => ({
        image_id: offset + i,
        kind: 'anime',
        work_title: 'Generated',
      })),
    });
    const imageCount = async (server: ServerProcess, token: string) =>
      (await server.api('GET', '/api/favorites/stats', { token })).json<FavoriteStatsResponse>()
        .data.total_images;

    let server = await start(dataDir);
    let token = await server.login();
    for (const image_id of [11, 12, 13]) {
      const res = await server.api('POST', '/api/favorites/image', {
        token,
        body: { image_id, kind: 'tv', work_title: 'Earlier' },
      });
      expect(res.status).toBe(201);
    }
    // How long a whole import takes on this machine. Its second half is the insert transaction
    // (validation comes first), which is where these kills are aimed.
    const started = Date.now();
    const measured = await server.api('POST', '/api/favorites/import', {
      token,
      body: file(5_000_000),
    });
    expect(measured.status).toBe(200);
    const fullImportMs = Date.now() - started;
    const earlier = 3 + SIZE;

    let landedMidImport = 0;
    // A kill that comes after the answer proves nothing, and a loaded machine makes an import's
    // time vary: while none has landed mid-import, each miss is followed by a kill aimed earlier.
    const fractions = [0.55, 0.75, 0.9];
    for (const fraction of fractions) {
      const sending = server
        .api('POST', '/api/favorites/import', { token, body: file(KILLED_BATCH) })
        .catch(() => null);
      await sleep(Math.max(5, Math.round(fullImportMs * fraction)));
      await killed(server);
      // No answer: the kill landed while the import was in flight.
      if ((await sending) === null) landedMidImport++;
      else if (landedMidImport === 0 && fractions.length < 7) fractions.push(fraction / 2);
      // On disk, before any process recovers the database: the batch is whole or absent.
      const onDisk = readDatabase(dataDir, (db) =>
        db
          .prepare('SELECT COUNT(*) AS n FROM favorite_images WHERE image_id BETWEEN ? AND ?')
          .get(KILLED_BATCH, KILLED_BATCH + SIZE - 1),
      );
      expect([{ n: 0 }, { n: SIZE }]).toContainEqual(onDisk);

      server = await start(dataDir);
      token = await server.login();
      const count = await imageCount(server, token);
      expect([earlier, earlier + SIZE], `after a kill at ${fraction} of the import`).toContain(
        count,
      );
    }
    expect(landedMidImport, 'kills that landed while an import was in flight').toBeGreaterThan(0);
    const earlierList = (
      await server.api('GET', '/api/favorites/', { token })
    ).json<FavoritesResponse>();
    for (const image_id of [11, 12, 13]) {
      expect(earlierList.data.images).toContainEqual(
        expect.objectContaining({ image_id, work_title: 'Earlier' }),
      );
    }
    // The import still works after the kills, and merges rather than duplicating.
    const finished = await server.api('POST', '/api/favorites/import', {
      token,
      body: file(KILLED_BATCH),
    });
    expect(finished.status).toBe(200);
    expect(await imageCount(server, token)).toBe(earlier + SIZE);
    await stopped(server);

    readDatabase(dataDir, (db) => {
      const byOffset = db
        .prepare(
          `SELECT
             SUM(image_id >= 1000000 AND image_id < 1020000) AS killed_batch,
             SUM(image_id >= 5000000) AS measured_batch,
             SUM(image_id < 100) AS earlier
           FROM favorite_images`,
        )
        .get();
      expect(byOffset).toEqual({ killed_batch: SIZE, measured_batch: SIZE, earlier: 3 });
    });
  }, 180_000);

  it('migrates cleanly after a kill during the first start, and keeps what a finished run wrote', async () => {
    let dataDir = '';
    // The write-ahead log grows with every committed statement, so these sizes stop the process
    // at different points of the migrations: frozen (SIGSTOP) at once, then killed.
    const total = Object.keys(migrations).length;
    for (const aimedAt of [1, 12_000]) {
      // The kill must land during the migrations, or the restart below proves nothing. On a busy
      // machine the server can finish them before the freeze lands: then it is aimed earlier.
      let walBytes = aimedAt;
      let appliedAtKill = total;
      for (let tries = 0; tries < 5 && appliedAtKill >= total; tries++) {
        if (tries > 0) walBytes = Math.floor(walBytes / 2);
        dataDir = freshDataDir();
        const early = await spawnServer(dataDir, replica.env());
        running.add(early);
        await waitForFile(early, 'capshelf.db-wal', walBytes);
        early.child.kill('SIGSTOP');
        appliedAtKill = readDatabase(dataDir, (db) =>
          db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'kysely_migration'").get()
            ? Number(db.prepare('SELECT COUNT(*) FROM kysely_migration').pluck().get())
            : 0,
        );
        await killed(early);
      }
      expect(appliedAtKill, `migrations applied at a kill at ${walBytes} B`).toBeLessThan(total);

      const server = await start(dataDir);
      expect((await server.api('GET', '/api/auth/status')).status).toBe(200);
      expect(await server.login()).toEqual(expect.any(String));
      await stopped(server);
      readDatabase(dataDir, (db) => {
        const applied = db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all();
        expect(applied, `after a kill at ${walBytes} B`).toEqual(Object.keys(migrations).sort());
      });
    }

    // A password set by a run that finished survives a later start killed as soon as it opened
    // the database. Without ADMIN_PASSWORD, a lost users table would make a new admin.
    const NEW_PASSWORD = 'Changed-Pass-42';
    const server = await start(dataDir);
    const token = await server.login();
    const changed = await server.api('POST', '/api/auth/change-password', {
      token,
      body: { current_password: ADMIN.password, new_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    await stopped(server);
    const early = await spawnServer(dataDir, { ...replica.env(), ADMIN_PASSWORD: '' });
    running.add(early);
    await waitForFile(early, 'capshelf.db-wal');
    await killed(early);
    const last = await start(dataDir, { ADMIN_PASSWORD: '' });
    expect(await last.login(ADMIN.email, NEW_PASSWORD)).toEqual(expect.any(String));
    await stopped(last);
    readDatabase(dataDir, (db) => {
      expect(db.prepare('SELECT email FROM users').all()).toEqual([{ email: ADMIN.email }]);
    });
  }, 180_000);
});

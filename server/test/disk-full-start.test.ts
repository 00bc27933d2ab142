// A disk the image cache filled to the last byte, the database on it unable to write anything: the
// server still starts, and the admin's eviction and clearing free room (files first, their rows
// once the database takes writes again) and answer, never 500.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startReplica, type Replica } from '@capshelf/replica';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createPostgresDatabase,
  databaseKind,
  startTestApp,
  type TestApp,
} from './helpers';
import { FAST_PACING } from './support/browse';
import { THUMBS, thumbUrl } from './support/cache';
import { FullDisk } from './support/full-disk';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-full-disk-'));
const imagesDir = path.join(dataDir, 'images');
const disk = new FullDisk(imagesDir);
beforeAll(() => disk.install());
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The thumbnails whose file is in the cache's folder. */
const filesOf = (ids: number[]) => {
  if (!existsSync(imagesDir)) return [];
  const names = new Set(
    readdirSync(imagesDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  );
  return ids.filter((id) => names.has(`${id}.jpg`));
};
const rowsOf = async (t: TestApp, ids: number[]) => {
  const rows = await t.services.imageRecords.stored('anime', 'thumb', ids);
  const held = new Set(rows.map((r) => r.id));
  return ids.filter((id) => held.has(id));
};

async function start(replica: Replica, databaseUrl: string | null): Promise<TestApp> {
  const app = await startTestApp(
    {
      ...replica.env(),
      ...FAST_PACING,
      THUMBNAIL_PREFETCH: 'false',
      // Both servers on one data folder and database.
      DATA_DIR: dataDir,
      CACHE_MIN_FREE: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { statfs: disk.statfs },
  );
  cleanups.push(() => app.close());
  return app;
}

describe(`a full disk (${databaseKind})`, () => {
  it('starts, and the admin evicts and clears: files first, their rows once there is room', async () => {
    const replica = await startReplica();
    cleanups.push(() => replica.close());
    const postgres = databaseKind === 'postgres' ? await createPostgresDatabase() : null;
    if (postgres) cleanups.push(() => postgres.drop());

    const first = await start(replica, postgres?.url ?? null);
    const viewer = await first.userHeaders('viewer@example.com');
    const ids = THUMBS.slice(0, 8);
    for (const id of ids) {
      const res = await first.app.inject({ method: 'GET', url: thumbUrl(id), headers: viewer });
      expect(res.statusCode).toBe(200);
    }
    // The admin's session from before the disk filled (signing in is a write).
    const admin = bearer(await first.login());
    await cleanups.pop()!();

    disk.fill();
    expect(disk.free()).toBe(0);
    const t = await start(replica, postgres?.url ?? null);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: '/api/admin/cache', headers: admin });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ files: 8, free_bytes: 0 });

    // 立即淘汰: the first file goes though its row cannot, and the room it frees lets the rest
    // (and the audit record) be written.
    const evicted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 12 * 1024 },
    });
    expect(evicted.statusCode, evicted.body).toBe(200);
    expect(evicted.json().evicted_files).toBeGreaterThanOrEqual(2);
    expect(disk.free()).toBeGreaterThan(0);
    const kept = filesOf(ids);
    expect(kept.length).toBe(ids.length - evicted.json().evicted_files);
    expect((await rowsOf(t, ids)).length).toBe(kept.length + 1);

    // The next run writes down the row left behind first.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 1 },
    });
    expect(again.statusCode, again.body).toBe(200);
    const left = filesOf(ids);
    expect(left.length).toBe(kept.length - 1);
    expect(await rowsOf(t, ids)).toEqual(left);
    const totals = await t.services.evictor.totals();
    expect(totals).toMatchObject({ files: left.length, evictedFiles: ids.length - left.length });

    // Full again: clearing every file deletes the files first, then the rows.
    disk.fill();
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/images/cache/files?clear_all=true',
      headers: admin,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(filesOf(ids)).toEqual([]);
    expect(await rowsOf(t, ids)).toEqual([]);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
    const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['cache.delete', 'cache.evict', 'cache.evict']);
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DownloadList, DownloadStatus } from '@capshelf/contract';
import { showById } from '@capshelf/replica';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from './helpers';
import { FAST_PACING, startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { readZip } from './support/zip';

/**
 * Downloads that stay (issue 34): pause and resume by the owner, archives kept until they are
 * downloaded, a quota that never removes what nobody downloaded, resumable transfers.
 */

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}): Promise<BrowseApp> {
  const started = await startBrowseApp(env);
  cleanups.push(() => started.close());
  return started;
}

const status = async (t: BrowseApp, id: string, headers = t.headers) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers })
  ).json<DownloadStatus>();

const step = (t: BrowseApp, id: string, action: 'pause' | 'resume', headers = t.headers) =>
  t.app.inject({ method: 'POST', url: `/api/download/${id}/${action}`, headers });

const tray = async (t: BrowseApp, headers = t.headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/download', headers })).json<DownloadList>();

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The replica's request count once it stopped changing (unchanged for 600 ms, within 10 s). */
async function settledCount(t: BrowseApp): Promise<number> {
  let count = t.replica.counts().total;
  for (let still = 0, waited = 0; still < 600 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = t.replica.counts().total;
    still = now === count ? still + 100 : 0;
    count = now;
  }
  return count;
}

/** Each image host's targets asked for more than once. */
function repeated(t: BrowseApp): [string, number][] {
  const { targets } = t.replica.counts();
  return Object.values(targets).flatMap((byTarget) =>
    Object.entries(byTarget).filter(([, n]) => n > 1),
  );
}

describe(`downloads that stay (${databaseKind})`, () => {
  it.skipIf(databaseKind !== 'sqlite')(
    'pauses a task, keeps it paused over a restart, and resumes it fetching every image once',
    async () => {
      const first = await startBrowseApp({ DOWNLOAD_STALE_AFTER: '1h' });
      let firstOpen = true;
      cleanups.push(() => (firstOpen ? first.close() : first.replica.close()));
      first.replica.setFault('ancdn', { type: 'slow', delayMs: 250 });
      const chosen = ids.slice(60, 72);
      const created = await createTask(first, {
        image_urls: chosen.map((id) => ownUrl(id, 'small')),
        filename_prefix: 'pausing',
      });
      const id = created.json().download_id;
      await until(
        () => status(first, id),
        (s) => s.done_count >= 3,
        'some progress',
      );

      const paused = await step(first, id, 'pause');
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toMatchObject({ status: 'paused', held: true });
      expect(paused.json().reason).toEqual({ code: 'USER_PAUSED' });
      // No slot, no request: what was already handed to the paced client (the few images read
      // ahead) goes out and into the cache, then nothing reaches the source while it is paused.
      const whilePaused = await settledCount(first);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(first.replica.counts().total).toBe(whilePaused);
      const before = await status(first, id);
      expect(before.done_count).toBeLessThan(chosen.length);

      // A restart (a second process on the same data) leaves a held task alone.
      await first.app.close();
      await first.services.close();
      firstOpen = false;
      first.replica.clearFaults();
      const second = await startTestApp({
        ...first.replica.env(),
        ...FAST_PACING,
        THUMBNAIL_PREFETCH: 'false',
        DATA_DIR: first.dataDir,
      });
      cleanups.push(() => second.close());
      const again = { ...first, app: second.app, services: second.services } as BrowseApp;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await status(again, id)).toMatchObject({ status: 'paused', held: true });
      expect(first.replica.counts().total).toBe(whilePaused);

      expect((await step(again, id, 'resume')).statusCode).toBe(200);
      const done = await waitForEnd(again, id);
      expect(done).toMatchObject({ status: 'completed', done_count: chosen.length });
      // Over both processes each image was asked for once.
      expect(repeated(first)).toEqual([]);
      expect(first.replica.counts().hosts.ancdn).toBe(chosen.length);
      // Resuming a task that is not paused is refused in the contract's shape.
      const twice = await step(again, id, 'resume');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBeDefined();
    },
    // Two starts of the app and a slowed host: a loaded machine takes its time.
    60_000,
  );

  it('keeps an archive until it is downloaded in full, and resumes a broken transfer byte for byte', async () => {
    const t = await app({ DOWNLOAD_TTL: '1h' });
    const created = await createTask(t, {
      image_urls: ids.slice(0, 8).map((id) => ownUrl(id, 'small')),
      filename_prefix: 'kept',
    });
    const id = created.json().download_id;
    const done = await waitForEnd(t, id);
    expect(done).toMatchObject({ status: 'completed', kept: true, expires_at: null });
    expect((await tray(t)).storage).toMatchObject({ kept_count: 1, over_quota: false });

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/download/${id}/file`;
    const auth = `authorization: ${t.headers.authorization}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-curl-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const part = path.join(dir, 'part.zip');
    // A transfer broken after its first kilobyte: the archive is still kept.
    await run('curl', ['-sf', '-H', auth, '-r', '0-1023', '-o', part, url]);
    expect(readFileSync(part).length).toBe(1024);
    expect(await status(t, id)).toMatchObject({ kept: true, downloaded_at: null });
    // `curl -C -` asks for the rest and gets exactly the missing bytes.
    await run('curl', ['-sf', '-H', auth, '-C', '-', '-o', part, url]);
    const whole = (
      await t.app.inject({ method: 'GET', url: `/api/download/${id}/file`, headers: t.headers })
    ).rawPayload;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(readFileSync(part))).toBe(sha(whole));

    // Once downloaded in full, DOWNLOAD_TTL runs from then.
    const after = await until(
      () => status(t, id),
      (s) => s.downloaded_at !== null,
      'the record',
    );
    expect(after.kept).toBe(false);
    const left = Date.parse(after.expires_at!) - Date.now();
    expect(left).toBeGreaterThan(50 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    // A range past the end is 416 with the size.
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}/file`,
      headers: { ...t.headers, range: `bytes=${whole.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('never removes an archive nobody downloaded: past the quota new work waits, and only its owner', async () => {
    // A quota of one byte: any archive is over it.
    const t = await app({ DOWNLOAD_KEEP_MAX: '1' });
    const bob = await t.userHeaders('bob@example.com');
    const firstId = (
      await createTask(t, { image_urls: [ownUrl(ids[1]!, 'small')], filename_prefix: 'one' })
    ).json().download_id;
    expect(await waitForEnd(t, firstId)).toMatchObject({ status: 'completed', kept: true });
    const secondId = (
      await createTask(t, { image_urls: [ownUrl(ids[2]!, 'small')], filename_prefix: 'two' })
    ).json().download_id;
    const waiting = await until(
      () => status(t, secondId),
      (s) => s.status === 'paused',
      'the quota wait',
    );
    expect(waiting.reason).toMatchObject({ code: 'QUOTA_FULL', quota_bytes: 1 });
    expect(waiting.held).toBe(false);
    // The first archive, never downloaded, is still there and served.
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/download/${firstId}/file`,
      headers: t.headers,
    });
    expect(served.statusCode).toBe(200);
    expect((await tray(t)).storage.over_quota).toBe(true);

    // bob shares the server and the quota setting, not alice's usage.
    const bobs = (
      await createTask(t, { image_urls: [ownUrl(ids[3]!, 'small')], filename_prefix: 'bob' }, bob)
    ).json().download_id;
    expect(await waitForEnd(t, bobs, bob)).toMatchObject({ status: 'completed' });
    const bobTray = await tray(t, bob);
    expect(bobTray.downloads.map((d) => d.download_id)).toEqual([bobs]);
    expect(bobTray.storage.kept_count).toBe(1);
    expect((await status(t, firstId, bob)).status).toBeUndefined();

    // alice downloaded the first archive: it is the one that makes room, and her task goes on.
    expect((await step(t, secondId, 'resume')).statusCode).toBe(200);
    const second = await waitForEnd(t, secondId);
    expect(second).toMatchObject({ status: 'completed', kept: true });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/download/${firstId}/status`,
      headers: t.headers,
    });
    expect(gone.statusCode).toBe(410);
  });

  it('names a dataset export by its layout', async () => {
    const t = await app();
    const id = (
      await createTask(t, {
        image_urls: [ownUrl(ids[4]!, 'small')],
        filename_prefix: 'Drill',
        export: 'kohya',
      })
    ).json().download_id;
    const done = await waitForEnd(t, id);
    expect(done.file_name).toMatch(/^Drill_compressed_1img_kohya_[a-z2-9]{4}\.zip$/);
    expect(done).toMatchObject({ layout: 'kohya', destination: 'zip', size: 'compressed' });
  });
});

describe(`the library folder (${databaseKind})`, () => {
  it('refuses a library destination when the server has no LIBRARY_DIR', async () => {
    const t = await app();
    const res = await createTask(t, {
      image_urls: [ownUrl(ids[1]!, 'small')],
      destination: 'library',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/LIBRARY_DIR/);
    expect((await tray(t)).downloads).toEqual([]);
  });

  it("writes a task into its owner's folder, once, with hostile names kept inside", async () => {
    const library = mkdtempSync(path.join(os.tmpdir(), 'capshelf-library-'));
    cleanups.push(() => rmSync(library, { recursive: true, force: true }));
    const t = await app({ LIBRARY_DIR: library });
    const bob = await t.userHeaders('bob@example.com');
    const chosen = ids.slice(10, 14);
    const body = {
      image_urls: chosen.map((id) => ownUrl(id, 'small')),
      filename_prefix: `../../CON\u202egpj.exe ${'長'.repeat(280)}`,
      destination: 'library',
    };
    const created = await createTask(t, body);
    expect(created.statusCode).toBe(202);
    const id = created.json().download_id;
    const done = await waitForEnd(t, id);
    expect(done).toMatchObject({ status: 'completed', destination: 'library' });
    expect(done.library_path).toBeTruthy();
    // Nothing to download: it went to the folder alone.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}/file`,
      headers: t.headers,
    });
    expect(file.statusCode).toBe(409);

    const files = readdirSync(library, { recursive: true }) as string[];
    const images = files.filter((f) => f.endsWith('.jpg'));
    expect(images).toHaveLength(chosen.length);
    for (const f of files) {
      const inside = path.relative(path.join(library, 'browser'), path.resolve(library, f));
      expect(inside.startsWith('..') || path.isAbsolute(inside)).toBe(false);
      // eslint-disable-next-line no-control-regex
      expect(f).not.toMatch(/[\u202e\u0000-\u001f]/);
      for (const segment of f.split(path.sep)) {
        expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(255);
        expect(segment).not.toMatch(/^(CON|PRN|AUX|NUL)(\.|$)/i);
      }
    }
    const storage = (await tray(t)).storage;
    expect(storage.library_enabled).toBe(true);
    expect(storage.library_bytes).toBeGreaterThan(0);
    expect(storage.last_destination).toBe('library');
    // bob's storage counts nothing of alice's folder, and he has no task to read.
    expect((await tray(t, bob)).storage).toMatchObject({ library_bytes: 0, kept_count: 0 });

    // A second run writes only what is missing: nothing.
    const mtimes = images.map((f) => statSync(path.join(library, f)).mtimeMs);
    const again = (await createTask(t, body)).json().download_id;
    expect(await waitForEnd(t, again)).toMatchObject({ status: 'completed' });
    const after = (readdirSync(library, { recursive: true }) as string[]).filter((f) =>
      f.endsWith('.jpg'),
    );
    expect(after.sort()).toEqual([...images].sort());
    expect(images.map((f) => statSync(path.join(library, f)).mtimeMs)).toEqual(mtimes);
  });

  it('writes a work as <work>/<episode>/<id>.jpg with one metadata.jsonl per episode, and a ZIP beside', async () => {
    const library = mkdtempSync(path.join(os.tmpdir(), 'capshelf-library-'));
    cleanups.push(() => rmSync(library, { recursive: true, force: true }));
    const t = await app({ LIBRARY_DIR: library });
    const robot = showById(10700)!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/download/work',
      headers: t.headers,
      payload: {
        work_url: t.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id }),
        size: 'thumb',
        destination: 'both',
      },
    });
    expect(created.statusCode).toBe(202);
    const done = await waitForEnd(t, created.json().download_id);
    expect(done).toMatchObject({ status: 'completed', destination: 'both' });
    const root = path.join(library, 'browser', done.library_path!);
    const episodes = readdirSync(root).sort();
    expect(episodes).toHaveLength(robot.episodes.length);
    for (const folder of episodes) {
      const names = readdirSync(path.join(root, folder));
      const episode = robot.episodes.find((e) => names.includes(`${e.imageIds[0]}.jpg`))!;
      expect(names.filter((n) => n.endsWith('.jpg')).sort()).toEqual(
        episode.imageIds.map((id) => `${id}.jpg`).sort(),
      );
      const lines = readFileSync(path.join(root, folder, 'metadata.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { file_name: string; id: number; episode_id: number });
      expect(lines.map((l) => l.file_name).sort()).toEqual(
        names.filter((n) => n.endsWith('.jpg')).sort(),
      );
      expect(new Set(lines.map((l) => l.episode_id))).toEqual(new Set([episode.id]));
    }
    // The ZIP holds the images, and no metadata files since none were asked for.
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/download/${done.download_id}/file`,
      headers: t.headers,
    });
    expect(zip.statusCode).toBe(200);
    const entries = (await readZip(zip.rawPayload)).map((e) => e.name);
    expect(entries.some((n) => n.endsWith('metadata.jsonl'))).toBe(false);
    expect(entries.filter((n) => n.endsWith('.jpg'))).toHaveLength(done.done_count);
  });
});

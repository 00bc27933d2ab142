// The image cache and the archives with STORAGE=s3 (s3rver behind a proxy that can fail on
// demand): the same answers as on disk, with nothing kept on this machine's disk.
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { expectContractError } from './hardening/checks';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { cachedThumbs, overview, pausedTaskNeeding, THUMBS, thumbUrl, view } from './support/cache';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { startS3Server, type S3Server } from './support/s3-server';
import { readZip } from './support/zip';

const KB = 1024;
let t: BrowseApp | undefined;
let s3: S3Server | undefined;
afterEach(async () => {
  await t?.close();
  await s3?.close();
  t = s3 = undefined;
});

/** The app on a fresh bucket; `env` adds settings of the test's own. */
async function startOnBucket(env: Record<string, string> = {}) {
  s3 = await startS3Server();
  t = await startBrowseApp({ ...s3.env, CACHE_MIN_FREE: '0', ...env });
  return { t, s3 };
}

/** Keys in the bucket under `prefix`, through the app's own store. */
async function keysIn(app: BrowseApp, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of app.services.storage.list(prefix)) keys.push(key);
  return keys.sort();
}

/** Files in the data folder besides the database's. */
const localFiles = (app: BrowseApp) =>
  readdirSync(app.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('capshelf.db'))
    .map((entry) => entry.name);

describe(`the image cache in a bucket (${databaseKind})`, () => {
  it('keeps images in the bucket, counts them, and evicts the least recently viewed past the cap', async () => {
    const { t } = await startOnBucket({ CACHE_MAX_SIZE: '50KB' });
    expect(t.services.storage.kind).toBe('s3');
    const first = THUMBS.slice(0, 8);
    for (const id of first) expect(await view(t, id)).toBe(200);
    expect(await keysIn(t, 'images/')).toHaveLength(8);
    expect(localFiles(t).filter((name) => name.endsWith('.jpg'))).toEqual([]);
    // A task needs the first: it is never evicted.
    await pausedTaskNeeding(t, [first[0]!]);
    await t.services.views.flush();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await view(t, THUMBS[8]!)).toBe(200);

    const kept = await cachedThumbs(t, THUMBS.slice(0, 9));
    expect(kept).toContain(first[0]);
    expect(kept).toContain(THUMBS[8]);
    expect(kept.length).toBeLessThan(9);
    // What the cache counts is what the bucket holds.
    const totals = await overview(t);
    expect(totals.size_bytes).toBeLessThanOrEqual(50 * KB);
    expect(totals.files).toBe(kept.length);
    expect(await keysIn(t, 'images/')).toHaveLength(kept.length);

    // An evicted image is fetched again when viewed; a cached one costs the source nothing.
    const gone = first.find((id) => !kept.includes(id))!;
    t.replica.resetCounts();
    expect(await view(t, gone)).toBe(200);
    expect(await view(t, first[0]!)).toBe(200);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('empties the bucket’s images when the admin clears the cache', async () => {
    const { t } = await startOnBucket();
    for (const id of THUMBS.slice(0, 3)) expect(await view(t, id)).toBe(200);
    const admin = { authorization: `Bearer ${await t.login()}` };
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/images/cache/files?clear_all=true',
      headers: admin,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await keysIn(t, 'images/')).toEqual([]);
  });

  it('shows an image a full bucket refuses without storing it, answers 507 where the file is needed, and still serves what it holds', async () => {
    const { t, s3 } = await startOnBucket();
    const cached = THUMBS.slice(0, 2);
    for (const id of cached) expect(await view(t, id)).toBe(200);
    s3.faults.full(true);
    const shown = await t.app.inject({
      method: 'GET',
      url: thumbUrl(THUMBS[5]!),
      headers: t.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const refusal = await t.services.images.get('anime', THUMBS[6]!, 'thumb').then(
      () => null,
      (error: unknown) => t.services.mapDomainError(error),
    );
    expect(refusal).toMatchObject({ status: 507, code: 'STORAGE_FULL' });
    s3.faults.full(false);
    // Nothing half written: the refused image is not in the bucket, and the rest is served.
    expect(await cachedThumbs(t, [THUMBS[5]!, THUMBS[6]!])).toEqual([]);
    for (const id of await cachedThumbs(t, cached)) expect(await view(t, id)).toBe(200);
  });

  it('answers 503 with Retry-After, not 500, when the bucket stops answering', async () => {
    const { t, s3 } = await startOnBucket();
    await s3.faults.close();
    const refused = await t.app.inject({
      method: 'GET',
      url: thumbUrl(THUMBS[1]!),
      headers: t.headers,
    });
    expectContractError(refused, 503);
    expect(refused.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE', retry_after: 30 });
    expect(refused.headers['retry-after']).toBe('30');
  }, 60_000);
});

describe(`archives in a bucket (${databaseKind})`, () => {
  it('writes a task’s archive into the bucket and resumes its download with a range', async () => {
    const { t } = await startOnBucket();
    const chosen = ids.slice(0, 6);
    const created = await createTask(t, { image_urls: chosen.map((id) => ownUrl(id)) });
    expect(created.statusCode).toBe(202);
    const id = created.json<{ download_id: string }>().download_id;
    expect(await waitForEnd(t, id)).toMatchObject({ status: 'completed', done_count: 6 });
    expect(await keysIn(t, 'downloads/')).toEqual([`downloads/${id}.zip`]);
    expect(localFiles(t).filter((name) => name.endsWith('.zip'))).toEqual([]);

    const url = `/api/download/${id}/file`;
    const whole = await t.app.inject({ method: 'GET', url, headers: t.headers });
    expect(whole.statusCode).toBe(200);
    expect(await readZip(whole.rawPayload)).toHaveLength(6);
    const cut = 1000;
    const rest = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...t.headers, range: `bytes=${cut}-`, 'if-range': whole.headers.etag as string },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(
      `bytes ${cut}-${whole.rawPayload.length - 1}/${whole.rawPayload.length}`,
    );
    expect(
      Buffer.concat([whole.rawPayload.subarray(0, cut), rest.rawPayload]).equals(whole.rawPayload),
    ).toBe(true);

    // Removing the task removes its archive from the bucket.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/download/${id}`,
      headers: t.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await keysIn(t, 'downloads/')).toEqual([]);
  });
});

import { crc32 } from 'node:zlib';
import { renderImage } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { readZip } from './support/zip';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.replica.clearFaults();
});

describe(`downloads (${databaseKind})`, () => {
  it('names no archive with a direction mark that hides its extension, nor a name Windows reserves', async () => {
    const named = async (filename_prefix: string) => {
      const created = await createTask(t, { image_urls: [ownUrl(ids[2]!)], filename_prefix });
      expect(created.statusCode).toBe(202);
      return (await waitForEnd(t, created.json().download_id)).file_name as string;
    };
    const flipped = await named('holiday\u202egpj.exe');
    expect(flipped).toMatch(/^holidaygpj\.exe_original_1img_[a-z2-9]{4}\.zip$/);
    expect(await named('CON')).toMatch(/^fancaps_images_original_1img_/);
    expect(await named('nul')).toMatch(/^fancaps_images_original_1img_/);
  });

  it('zips the chosen images, in order, byte for byte, named by title, size and count', async () => {
    const chosen = [ids[5]!, ids[1]!, ids[9]!];
    const created = await createTask(t, {
      image_urls: chosen.map((id) => ownUrl(id)),
      filename_prefix: '非 非/biyori: 第1集 _large',
    });
    expect(created.statusCode).toBe(202);
    expect(created.json()).toMatchObject({ file_count: 3, status: 'pending' });
    const done = await waitForEnd(t, created.json().download_id);
    expect(done).toMatchObject({
      status: 'completed',
      done_count: 3,
      failed_count: 0,
      error: null,
    });
    // An old page's `_large` suffix is dropped; the server names what the archive holds.
    expect(done.file_name).toMatch(/^非_非biyori_第1集_original_3img_[a-z2-9]{4}\.zip$/);
    const tag = done.file_name.slice(-'xxxx.zip'.length);
    expect(done.bytes_written).toBeGreaterThan(0);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${done.download_id}/file`,
      headers: t.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="___biyori__1__original_3img_${tag}"; filename*=UTF-8''${encodeURIComponent(done.file_name)}`,
    );
    const entries = await readZip(file.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(chosen.map((id) => `非_非biyori_第1集_${id}.jpg`));
    for (const [i, entry] of entries.entries()) {
      expect(entry.compressionMethod).toBe(0);
      expect(entry.crc32).toBe(crc32(entry.data));
      expect(entry.data.equals(await renderImage('anime', chosen[i]!, 'large'))).toBe(true);
    }
  });

  it('names the size the archive holds after a title cut to 50 characters, not the sent suffix', async () => {
    const title = 'Paper Moon Express (1999) - A Very Long Subtitle That Goes On And On';
    const created = await createTask(t, {
      image_urls: [ownUrl(ids[7]!, 'thumb')],
      filename_prefix: `${title}_large`,
    });
    const done = await waitForEnd(t, created.json().download_id);
    const prefix = 'Paper_Moon_Express_(1999)_A_Very_Long_Subtitle_Tha';
    expect(prefix).toHaveLength(50);
    expect(done.file_name).toMatch(
      new RegExp(`^${escapeRegExp(prefix)}_thumb_1img_[a-z2-9]{4}\\.zip$`),
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${done.download_id}/file`,
      headers: t.headers,
    });
    expect((await readZip(file.rawPayload)).map((e) => e.name)).toEqual([
      `${prefix}_${ids[7]}.jpg`,
    ]);
  });

  it('costs no upstream request for images already cached', async () => {
    await t.app.inject({ method: 'GET', url: ownUrl(ids[20]!, 'small'), headers: t.headers });
    t.replica.resetCounts();
    const created = await createTask(t, {
      image_urls: [ownUrl(ids[20]!, 'small')],
      filename_prefix: 'cached',
    });
    expect((await waitForEnd(t, created.json().download_id)).status).toBe('completed');
    expect(t.upstreamRequests()).toBe(0);
  });

  it('ends partial, never completed, with the images the source does not have in failed.txt', async () => {
    const created = await createTask(t, {
      image_urls: [ownUrl(ids[30]!, 'thumb'), ownUrl(999_999_999, 'thumb', 'tv')],
      filename_prefix: 'partial',
    });
    const done = await waitForEnd(t, created.json().download_id);
    expect(done).toMatchObject({ status: 'partial', done_count: 1, failed_count: 1 });
    const entries = await readZip(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/download/${done.download_id}/file`,
          headers: t.headers,
        })
      ).rawPayload,
    );
    expect(entries.map((e) => e.name)).toEqual([`partial_${ids[30]}.jpg`, 'failed.txt']);
    expect(entries[1]!.data.toString()).toContain('999999999');
    // Read by users of either language.
    expect(entries[1]!.data.toString()).toMatch(/^以下图片未能下载 \/ These images could not be/);
  });

  it('fails a task where nothing could be fetched, with the reason', async () => {
    const created = await createTask(t, {
      image_urls: [ownUrl(999_999_998, 'thumb', 'tv')],
      filename_prefix: 'none',
    });
    const done = await waitForEnd(t, created.json().download_id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/没有成功获取任何图片/);
    expect(done.reason).toEqual({ code: 'NOTHING_FETCHED' });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${done.download_id}/file`,
      headers: t.headers,
    });
    expect(file.statusCode).toBe(409);
  });

  it('accepts the source site\u2019s image URLs, and refuses every other URL before starting', async () => {
    const upstream = `${t.replica.hostOrigins.cdni}/file/fancaps-animeimages/${ids[2]}.jpg`;
    const ok = await createTask(t, { image_urls: [upstream], filename_prefix: 'up' });
    expect(ok.statusCode).toBe(202);
    await waitForEnd(t, ok.json().download_id);
    const refusedUrls = [
      'https://evil.example.com/1.jpg',
      'http://169.254.169.254/latest/meta-data',
      '/api/images/../../etc/passwd',
      '/api/images/12.jpg?size=huge',
      'javascript:alert(1)',
    ];
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/download', headers: t.headers })
    ).json().downloads.length;
    const refused = await createTask(t, {
      image_urls: [ownUrl(ids[3]!), ...refusedUrls],
      filename_prefix: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', refused: refusedUrls });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/download', headers: t.headers })
    ).json().downloads.length;
    expect(after).toBe(before);
  });

  it('limits a task to 5,000 images', async () => {
    const res = await createTask(t, {
      image_urls: Array.from({ length: 5001 }, (_, i) => ownUrl(i + 1)),
      filename_prefix: 'big',
    });
    expect(res.statusCode).toBe(400);
  });

  it('hands the finished file to a plain link authorised by the session cookie', async () => {
    const created = await createTask(t, {
      image_urls: [ownUrl(ids[7]!, 'thumb')],
      filename_prefix: 'link',
    });
    const id = created.json().download_id;
    await waitForEnd(t, id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'browser@example.com', password: 'UserPass123' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}/file`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect((await readZip(file.rawPayload)).map((e) => e.name)).toEqual([`link_${ids[7]}.jpg`]);
    // The cookie alone does not create tasks.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      payload: { image_urls: [ownUrl(ids[7]!)] },
      headers: { cookie },
    });
    expect(create.statusCode).toBe(401);
  });

  it('keeps tasks private to their owner', async () => {
    const created = await createTask(t, {
      image_urls: [ownUrl(ids[4]!, 'thumb')],
      filename_prefix: 'mine',
    });
    const id = created.json().download_id;
    await waitForEnd(t, id);
    const other = await t.userHeaders(`other-${Date.now()}@example.com`);
    for (const url of [`/api/download/${id}/status`, `/api/download/${id}/file`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: other });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/download', headers: other })).json()
        .downloads,
    ).toEqual([]);
  });

  it('allows three unfinished tasks per user', async () => {
    const headers = await t.userHeaders(`busy-${Date.now()}@example.com`);
    t.replica.setFault('ancdn', { type: 'slow', delayMs: 1500 });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await createTask(
            t,
            { image_urls: [ownUrl(ids[40 + i]!, 'small')], filename_prefix: 'slow' },
            headers,
          )
        ).statusCode,
      ).toBe(202);
    }
    const fourth = await createTask(
      t,
      { image_urls: [ownUrl(ids[44]!, 'small')], filename_prefix: 'slow' },
      headers,
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      task_limit: { kind: 'unfinished', max: 3 },
    });
  });
});

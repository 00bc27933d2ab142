import sharp from 'sharp';
import { IMAGE_DIMENSIONS, KEY_IDS } from '@capshelf/replica';
import type { CdnStatus, DownloadStatus } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { readZip } from './support/zip';

/** A ZIP's own size word (the part after the title) and the widths of the pictures inside. */
async function archiveOf(app: BrowseApp, done: DownloadStatus) {
  const file = await app.app.inject({
    method: 'GET',
    url: `/api/download/${done.download_id}/file`,
    headers: app.headers,
  });
  const entries = (await readZip(file.rawPayload)).filter((e) => e.name.endsWith('.jpg'));
  const widths = await Promise.all(
    entries.map(async (e) => (await sharp(e.data).metadata()).width),
  );
  return { widths: [...new Set(widths)], name: done.file_name };
}

/** What `GET /images/cdn-status` tells the page to offer, per kind. */
async function offered(app: BrowseApp) {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/images/cdn-status',
    headers: app.headers,
  });
  return res.json<CdnStatus>().download_sizes;
}

const WIDTH = {
  original: IMAGE_DIMENSIONS.large.width,
  compressed: IMAGE_DIMENSIONS.small.width,
  thumb: IMAGE_DIMENSIONS.thumb.width,
};

async function selection(app: BrowseApp, body: object) {
  const created = await createTask(app, { filename_prefix: 'Sizes', ...body });
  expect(created.statusCode, created.body).toBe(202);
  return archiveOf(app, await waitForEnd(app, created.json().download_id));
}

/** A whole-work ZIP of a one-page movie at `size`, once finished. */
async function work(app: BrowseApp, size: string) {
  const movie = { type: 'movie', kind: 'movie', id: KEY_IDS.onePageMovie } as const;
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/download/work',
    headers: app.headers,
    payload: { work_url: app.services.builders.workUrl(movie), size },
  });
  expect(res.statusCode, res.body).toBe(202);
  return archiveOf(app, await waitForEnd(app, res.json().download_id));
}

describe(`download sizes with a compressed host (${databaseKind})`, () => {
  let t: BrowseApp;
  beforeAll(async () => {
    t = await startBrowseApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers original, compressed and thumbnail for every kind', async () => {
    expect(await offered(t)).toEqual({
      anime: ['original', 'compressed', 'thumb'],
      tv: ['original', 'compressed', 'thumb'],
      movie: ['original', 'compressed', 'thumb'],
    });
  });

  for (const size of ['original', 'compressed', 'thumb'] as const) {
    it(`a selection asked as ${size} holds ${WIDTH[size]} px pictures and says _${size}`, async () => {
      const zip = await selection(t, { image_urls: [ownUrl(ids[3]!), ownUrl(ids[4]!)], size });
      expect(zip.name).toMatch(new RegExp(`^Sizes_${size}_2img_[a-z2-9]{4}\\.zip$`));
      expect(zip.widths).toEqual([WIDTH[size]]);
    });
  }

  it('maps old URLs honestly: small and large with cdn=small are the compressed host', async () => {
    const flagged = `${ownUrl(ids[5]!)}&cdn=small`;
    for (const url of [ownUrl(ids[6]!, 'small'), flagged]) {
      const zip = await selection(t, { image_urls: [url] });
      expect(zip.name).toMatch(/^Sizes_compressed_1img_/);
      expect(zip.widths).toEqual([WIDTH.compressed]);
    }
    const mixed = await selection(t, { image_urls: [ownUrl(ids[7]!), ownUrl(ids[8]!, 'thumb')] });
    expect(mixed.name).toMatch(/^Sizes_mixed_2img_/);
    expect(mixed.widths.sort()).toEqual([WIDTH.thumb, WIDTH.original].sort());
  });

  it('names a whole-work ZIP by what it holds: compressed, and the old large as original', async () => {
    for (const [size, holds] of [
      ['compressed', 'compressed'],
      ['large', 'original'],
    ] as const) {
      const zip = await work(t, size);
      expect(zip.name).toMatch(
        new RegExp(`^Paper_Moon_Express_\\(1999\\)_${holds}_[a-z2-9]{4}\\.zip$`),
      );
      expect(zip.widths).toEqual([WIDTH[holds]]);
    }
  });

  it('gives two ZIPs of the same images different file names', async () => {
    const body = { image_urls: [ownUrl(ids[3]!)], size: 'original' };
    const names = [(await selection(t, body)).name, (await selection(t, body)).name];
    expect(new Set(names).size).toBe(2);
  });
});

describe(`download sizes where 小图 is the original (${databaseKind})`, () => {
  let t: BrowseApp;
  beforeAll(async () => {
    // The shipped default: the 小图 templates are the originals', so no compressed host exists.
    t = await startBrowseApp((env) =>
      Object.fromEntries(
        ['ANIME', 'TV', 'MOVIE'].map((k) => [
          `UPSTREAM_SMALL_URL_${k}`,
          env[`UPSTREAM_LARGE_URL_${k}`]!,
        ]),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers one full-size choice, the original', async () => {
    expect((await offered(t)).anime).toEqual(['original', 'thumb']);
  });

  it('names old small and compressed requests _original, since that is what they hold', async () => {
    for (const body of [
      { image_urls: [ownUrl(ids[2]!, 'small')] },
      { image_urls: [`${ownUrl(ids[2]!)}&cdn=small`] },
      { image_urls: [ownUrl(ids[2]!)], size: 'compressed' },
    ]) {
      const zip = await selection(t, body);
      expect(zip.name).toMatch(/^Sizes_original_1img_/);
      expect(zip.widths).toEqual([WIDTH.original]);
    }
  });

  it('names a whole-work ZIP by what it holds, old words included', async () => {
    for (const [size, holds] of [
      ['small', 'original'],
      ['compressed', 'original'],
      ['thumb', 'thumb'],
    ] as const) {
      const zip = await work(t, size);
      expect(zip.name).toMatch(new RegExp(`_${holds}_[a-z2-9]{4}\\.zip$`));
      expect(zip.widths).toEqual([WIDTH[holds]]);
    }
  });
});

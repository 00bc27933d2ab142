import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from './helpers';
import { FAST_PACING, startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp();
});
afterAll(async () => {
  await t.close();
});

const episode = episodeById(KEY_IDS.bigEpisode + 2)!;
const episodeUrl = () => `${t.replica.pageOrigin}/anime/episodeimages.php?${episode.id}`;
const categorized = async (app = t.app, headers = t.headers) =>
  (
    await app.inject({ method: 'GET', url: '/api/images/local-library-categorized', headers })
  ).json();
const cacheImage = (id: number, app = t.app, headers = t.headers) =>
  app.inject({ method: 'GET', url: `/api/images/${id}.jpg?kind=anime&size=thumb`, headers });

describe(`categorized library freshness (${databaseKind})`, () => {
  it('follows every change of the cache, although answers are kept between changes', async () => {
    await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${encodeURIComponent(episodeUrl())}`,
      headers: t.headers,
    });
    await cacheImage(episode.imageIds[0]!);
    await cacheImage(episode.imageIds[1]!);
    const first = await categorized();
    expect(first.total_images).toBe(2);
    expect(await categorized()).toEqual(first);

    await cacheImage(episode.imageIds[2]!);
    expect((await categorized()).total_images).toBe(3);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/images/cache/files?episode_id=${encodeURIComponent(episodeUrl())}`,
      headers: { authorization: `Bearer ${await t.login()}` },
    });
    expect((await categorized()).total_images).toBe(0);
  });

  it.skipIf(databaseKind !== 'sqlite')(
    'sees what another process on the same database cached',
    async () => {
      const other = await startTestApp({ ...t.replica.env(), ...FAST_PACING, DATA_DIR: t.dataDir });
      try {
        const before = (await categorized()).total_images;
        const headers = await other.userHeaders(`second-${Date.now()}@example.com`);
        expect((await cacheImage(episode.imageIds[5]!, other.app, headers)).statusCode).toBe(200);
        expect((await categorized()).total_images).toBe(before + 1);
      } finally {
        await other.close();
      }
    },
  );
});

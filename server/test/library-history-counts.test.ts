// 搜索历史图库's image count for an episode the user left before its read finished.
import { KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

interface EpisodesAnswer {
  episodes: { episode_id: number; image_count: number }[];
}

describe(`search-history image counts (${databaseKind})`, () => {
  let t: BrowseApp;
  let other: { authorization: string };
  beforeAll(async () => {
    t = await startBrowseApp();
    other = await t.userHeaders('other@example.com');
  });
  afterAll(() => t.close());

  const episodes = async (headers = t.headers) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/images/search-based-library/episodes',
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<EpisodesAnswer>().episodes;
  };

  it('counts the images of an episode left mid-read once the read completes, not 0', async () => {
    const episode = showById(KEY_IDS.longShow)!.episodes.at(-1)!;
    const url = `${t.replica.pageOrigin}/anime/episodeimages.php?${episode.id}`;
    // Opening the episode records the visit before any page of its list is read.
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/images/record-episode-access?episode_id=${encodeURIComponent(url)}`,
      headers: t.headers,
    });
    expect(opened.statusCode).toBe(204);
    expect(await episodes()).toEqual([
      expect.objectContaining({ episode_id: episode.id, image_count: 0 }),
    ]);

    // The user has left; the server's read of the list goes on and completes.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${encodeURIComponent(url)}`,
      headers: t.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(await episodes()).toEqual([
      expect.objectContaining({ episode_id: episode.id, image_count: episode.imageIds.length }),
    ]);
    // Another user's history stays their own: nothing appears in it.
    expect(await episodes(other)).toEqual([]);
  });
});

import type { Replica } from '@capshelf/replica';
import { episodeById, KEY_IDS, movieById, showById, startReplica } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../config';
import { loadConfig } from '../config';
import type { UrlBuilders } from './builders';
import { createUrlBuilders } from './builders';
import type { UpstreamClient } from './client-api';
import { createUpstreamClient } from './client';
import type { CrawlContext } from './crawl';
import { crawlEpisode, crawlMovie, crawlShow } from './crawl';
import { crawlEpisodeFast } from './crawl-fast';
import { UpstreamRateLimitedError } from './errors';
import { parseSearchPage } from './parse/search';
import { createUrlModel } from './urls';

let replica: Replica;
let config: UpstreamConfig;
let client: UpstreamClient;
let urls: UrlBuilders;
let context: CrawlContext;

beforeAll(async () => {
  replica = await startReplica();
  config = loadConfig({
    ...replica.env(),
    UPSTREAM_PAGE_SPACING: '0ms',
    UPSTREAM_THUMB_SPACING: '0ms',
    UPSTREAM_FULL_SPACING: '0ms',
    UPSTREAM_JITTER: '0ms',
    UPSTREAM_TIMEOUT: '2s',
    UPSTREAM_COOLDOWN: '1s',
  }).upstream;
  urls = createUrlBuilders(config);
});

beforeEach(async () => {
  await client?.close();
  client = createUpstreamClient(config);
  context = { source: client, urls };
  replica.clearFaults();
  replica.resetCounts();
});

afterAll(async () => {
  await client?.close();
  await replica?.close();
});

const episode = (id: number) => {
  const kind = showById(episodeById(id)!.showId)!.kind;
  return { type: 'episode', kind, id } as const;
};
const movie = (id: number) => ({ type: 'movie', kind: 'movie', id }) as const;

describe('against the replica', () => {
  it('searches every category', async () => {
    const html = await client.fetchPage(urls.searchUrl('lighthouse'));
    const results = parseSearchPage(html, urls.workUrl);
    expect(results.map(({ kind, id, url }) => ({ kind, id, url }))).toEqual([
      { kind: 'tv', id: 22490, url: `${replica.pageOrigin}/tv/showimages.php?22490` },
      { kind: 'tv', id: 22610, url: `${replica.pageOrigin}/tv/showimages.php?22610` },
    ]);
    const [film] = parseSearchPage(
      await client.fetchPage(urls.searchUrl('ladybug', ['movie'])),
      urls.workUrl,
    );
    expect(film).toMatchObject({ kind: 'movie', id: KEY_IDS.ampersandMovie, year: 2023 });
  });

  it('crawls a long anime show over its pages', async () => {
    const expected = showById(KEY_IDS.longShow)!;
    const show = await crawlShow(context, { type: 'work', kind: 'anime', id: expected.id });
    expect(show.title).toBe(expected.title);
    expect(show.altTitle).toBe(expected.altTitle);
    expect(show.episodes.map(({ id, label }) => ({ id, label }))).toEqual(
      expected.episodes.map(({ id, label }) => ({ id, label })),
    );
    expect(show.episodes.map((e) => e.previewIds)).toEqual(
      expected.episodes.map((e) => e.topImageIds),
    );
    expect(show.episodes[0]?.number).toBe(1); // "Episode 1 & 2" numbers by its first number
    expect(show.pagesFetched).toBe(3);
    expect(replica.counts().total).toBe(3);
  });

  it('crawls a TV season (h3 > a markup)', async () => {
    const expected = showById(KEY_IDS.tvSeason1)!;
    const show = await crawlShow(context, { type: 'work', kind: 'tv', id: expected.id });
    expect(show.episodes.map((e) => e.id)).toEqual(expected.episodes.map((e) => e.id));
    expect(show.episodes.map((e) => e.number)).toEqual(expected.episodes.map((_, i) => i + 1));
  });

  it('crawls a big episode page by page', async () => {
    const expected = episodeById(KEY_IDS.bigEpisode)!;
    const result = await crawlEpisode(context, episode(expected.id));
    expect(result.imageIds).toEqual(expected.imageIds);
    expect(result.work).toEqual({ type: 'work', kind: 'anime', id: expected.showId });
    expect(result.pagesFetched).toBe(24);
    expect(replica.counts().total).toBe(24);
    expect(client.health().requestsSent).toBe(24);
  });

  it('crawls the same episode fast, exactly, with far fewer requests', async () => {
    const expected = episodeById(KEY_IDS.bigEpisode)!;
    const result = await crawlEpisodeFast(context, episode(expected.id));
    expect(result.imageIds).toEqual(expected.imageIds);
    expect(result.exact).toBe(true);
    expect(result.pagesFetched).toBeLessThan(12);
    const targets = Object.values(replica.counts().targets.pages);
    expect(targets.every((n) => n === 1)).toBe(true);
  });

  it('says so when an interleaved upload makes the filled-in range inexact', async () => {
    const expected = episodeById(KEY_IDS.nonContiguousEpisode)!.imageIds;
    const fast = await crawlEpisodeFast(context, episode(KEY_IDS.nonContiguousEpisode));
    expect(fast.exact).toBe(false);
    expect(fast.imageIds[0]).toBe(expected[0]);
    expect(fast.imageIds.at(-1)).toBe(expected.at(-1));
    expect(fast.imageIds).toEqual(expect.arrayContaining([...expected]));
    const full = await crawlEpisode(context, episode(KEY_IDS.nonContiguousEpisode));
    expect(full.imageIds).toEqual(expected);
  });

  it('crawls movies, stopping where pages past the end repeat the last', async () => {
    for (const id of [KEY_IDS.multiPageMovie, KEY_IDS.ampersandMovie, KEY_IDS.onePageMovie]) {
      const result = await crawlMovie(context, movie(id));
      expect(result.imageIds).toEqual(movieById(id)!.imageIds);
    }
    const { pagesFetched } = await crawlMovie(context, movie(KEY_IDS.multiPageMovie));
    expect(pagesFetched).toBe(7);
  });

  it('reads site URLs as the replica writes them', () => {
    const model = createUrlModel(config);
    expect(
      model.toRef(
        `${replica.pageOrigin}/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=4228`,
      ),
    ).toEqual(movie(4228));
    expect(model.toRef(`${replica.hostOrigins.cdni}/file/fancaps-tvimages/201500.jpg`)).toEqual({
      type: 'image',
      kind: 'tv',
      id: 201500,
    });
  });

  it('fetches images of every size from the configured hosts', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
    for (const size of ['thumb', 'small', 'large'] as const) {
      const image = await client.fetchImage(urls.imageUrl(size, 'anime', id));
      expect(image.contentType).toBe('image/jpeg');
      expect(image.body.length).toBeGreaterThan(0);
    }
  });
});

describe('against the replica: faults', () => {
  const page = () => urls.moviePageUrl(movie(KEY_IDS.onePageMovie));

  it('cools down on 429 + Retry-After without touching the network meanwhile', async () => {
    replica.setFault('pages', { type: 'rate-limit', retryAfter: 1, times: 1 });
    await expect(client.fetchPage(page())).rejects.toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 1,
    });
    await expect(client.fetchPage(page())).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    expect(replica.counts().total).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    await expect(client.fetchPage(page())).resolves.toMatch(/<\/html>/);
  });

  it.each([403, 503, 200] as const)(
    'treats a challenge with status %i as rate limiting',
    async (status) => {
      replica.setFault('pages', { type: 'challenge', status, times: 1 });
      await expect(client.fetchPage(page())).rejects.toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
      });
      expect(replica.counts().total).toBe(1);
    },
  );

  it('retries server errors and cut-off bodies', async () => {
    replica.setFault('pages', { type: 'error', status: 502, times: 1 });
    await expect(client.fetchPage(page())).resolves.toMatch(/<\/html>/);
    replica.setFault('pages', { type: 'truncated', times: 1 });
    await expect(client.fetchPage(page())).resolves.toMatch(/<\/html>/);
    expect(replica.counts().total).toBe(4);
  });

  it('rate limits one image host without blocking the others', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
    replica.setFault('ant', { type: 'rate-limit' });
    await expect(client.fetchImage(urls.imageUrl('thumb', 'anime', id))).rejects.toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
    });
    await expect(client.fetchImage(urls.imageUrl('large', 'anime', id))).resolves.toMatchObject({
      contentType: 'image/jpeg',
    });
    expect(client.hostStatus(new URL(replica.hostOrigins.ant).host).status).toBe('rate_limited');
  });
});

import { describe, expect, it } from 'vitest';
import { createUrlBuilders } from './builders';
import type { EpisodeMeta, ImageCrawlProgress, PageSource } from './crawl';
import { crawlEpisode, crawlMovie, crawlShow } from './crawl';
import { crawlEpisodeFast } from './crawl-fast';
import { testUpstreamConfig } from './test-config';
import { episodeSite, memorySource, movieSite, range, showSite } from './test-site';

const urls = createUrlBuilders(testUpstreamConfig());
const episode = { type: 'episode', kind: 'anime', id: 10435 } as const;
const pageNumbers = (source: { urls: string[] }) =>
  source.urls.map((url) => Number(/&page=(\d+)/.exec(url)?.[1] ?? 1));

function expectNoRepeats(source: { urls: string[] }) {
  expect(new Set(source.urls).size).toBe(source.urls.length);
}

const context = (source: PageSource) => ({ source, urls });

describe('crawlShow', () => {
  const episodes = range(500, 23);

  it('reads every page of episodes and stops on » = #', async () => {
    const source = memorySource(showSite(episodes, { pastEnd: 'empty' }));
    const show = await crawlShow(context(source), { type: 'work', kind: 'anime', id: 10434 });
    expect(show.title).toBe('Show');
    expect(show.altTitle).toBeNull();
    expect(show.episodes.map((e) => e.id)).toEqual(episodes);
    expect(show.episodes[22]).toEqual({
      id: 522,
      label: 'Episode 23',
      number: 23,
      previewIds: [5221, 5222, 5223, 5224],
    });
    expect(pageNumbers(source)).toEqual([1, 2, 3]);
    expect(source.urls[1]).toBe('https://fancaps.net/anime/showimages.php?10434&page=2');
    expect(show.pagesFetched).toBe(3);
  });

  it('stops on the empty page past the end when Next never turns into #', async () => {
    const source = memorySource(showSite(episodes, { pastEnd: 'empty', brokenNext: true }));
    const show = await crawlShow(context(source), { type: 'work', kind: 'tv', id: 1 });
    expect(show.episodes).toHaveLength(23);
    expect(pageNumbers(source)).toEqual([1, 2, 3, 4]);
    expectNoRepeats(source);
  });
});

describe('crawlEpisode', () => {
  const ids = range(7_000_000, 100);

  it('collects the screencaps of every page in order, without the top images', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'empty' }));
    const result = await crawlEpisode(context(source), episode);
    expect(result).toMatchObject({
      workTitle: 'Show',
      label: 'Episode 1',
      work: { type: 'work', kind: 'anime', id: 10434 },
      imageIds: ids,
      pagesFetched: 3,
    });
    expect(source.urls).toEqual([
      'https://fancaps.net/anime/episodeimages.php?10435',
      'https://fancaps.net/anime/episodeimages.php?10435&page=2',
      'https://fancaps.net/anime/episodeimages.php?10435&page=3',
    ]);
  });

  it('stops on an empty page when » is wrong', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'empty', brokenNext: true }));
    const result = await crawlEpisode(context(source), episode);
    expect(result.imageIds).toEqual(ids);
    expect(pageNumbers(source)).toEqual([1, 2, 3, 4]);
  });

  it('stops when a clamped page shows nothing new', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'repeat-last', brokenNext: true }));
    const result = await crawlEpisode(context(source), episode);
    expect(result.imageIds).toEqual(ids);
    expect(pageNumbers(source)).toEqual([1, 2, 3, 4]);
    expectNoRepeats(source);
  });
});

describe('crawlEpisode: progress and resuming', () => {
  const ids = range(7_000_000, 100);

  it('reports every page as it is read, then resumes a failed crawl after its last page', async () => {
    const site = episodeSite(ids, { pastEnd: 'empty' });
    const failing = memorySource((page) => {
      if (page === 2) throw new Error('source down');
      return site(page);
    });
    const seen: ImageCrawlProgress<EpisodeMeta>[] = [];
    const onProgress = async (progress: ImageCrawlProgress<EpisodeMeta>) => {
      seen.push(progress);
    };
    await expect(crawlEpisode(context(failing), episode, { onProgress })).rejects.toThrow(
      'source down',
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ pagesRead: 1, imageIds: ids.slice(0, 36), done: false });
    expect(seen[0]!.meta.label).toBe('Episode 1');

    const source = memorySource(site);
    const result = await crawlEpisode(context(source), episode, { resume: seen[0], onProgress });
    expect(result.imageIds).toEqual(ids);
    expect(result.label).toBe('Episode 1');
    // Page 1 is not read again.
    expect(pageNumbers(source)).toEqual([2, 3]);
    expect(seen.at(-1)).toMatchObject({ pagesRead: 3, pages: 3, done: true });
  });

  it('counts a page past the end as read but not as one of the listing', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'empty', brokenNext: true }));
    const seen: ImageCrawlProgress<EpisodeMeta>[] = [];
    await crawlEpisode(context(source), episode, { onProgress: async (p) => void seen.push(p) });
    expect(seen.map((p) => p.pagesRead)).toEqual([1, 2, 3, 4]);
    expect(seen.at(-1)).toMatchObject({ pages: 3, done: true, imageIds: ids });
  });
});

describe('crawlMovie', () => {
  const ids = range(4_275_021, 80);

  it('reads every page and stops on » = #', async () => {
    const source = memorySource(movieSite(ids, { pastEnd: 'repeat-last' }));
    const movie = await crawlMovie(context(source), { type: 'movie', kind: 'movie', id: 2040 });
    expect(movie).toEqual({
      title: 'Film & Co (2020)',
      year: 2020,
      imageIds: ids,
      pagesFetched: 3,
    });
    expect(source.urls[2]).toBe('https://fancaps.net/movies/MovieImages.php?movieid=2040&page=3');
  });

  it('stops on the repeated last page (active ≠ requested) when » is wrong', async () => {
    const source = memorySource(movieSite(ids, { pastEnd: 'repeat-last', brokenNext: true }));
    const movie = await crawlMovie(context(source), { type: 'movie', kind: 'movie', id: 2040 });
    expect(movie.imageIds).toEqual(ids);
    expect(pageNumbers(source)).toEqual([1, 2, 3, 4]);
  });
});

describe('crawlEpisodeFast', () => {
  // 21 full pages of 36 and a last page of 34.
  const ids = range(7_000_000, 21 * 36 + 34);

  it('finds the last page by doubling and bisecting, and fills in the range exactly', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'empty' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result.imageIds).toEqual(ids);
    expect(result.exact).toBe(true);
    expect(pageNumbers(source)).toEqual([1, 2, 4, 8, 16, 32, 24, 20, 22]);
    expect(result.pagesFetched).toBe(9);
    expect(result.label).toBe('Episode 1');
  });

  it('takes the last page number from a clamped page', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'repeat-last' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result).toMatchObject({ imageIds: ids, exact: true, pagesFetched: 6 });
    expect(pageNumbers(source)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('copes with a » that never turns into #', async () => {
    const source = memorySource(episodeSite(ids, { pastEnd: 'empty', brokenNext: true }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result).toMatchObject({ imageIds: ids, exact: true });
    expect(pageNumbers(source)).toEqual([1, 2, 4, 8, 16, 32, 24, 20, 22, 23]);
  });

  it('says the fill is not exact when the count does not add up', async () => {
    // An interleaved upload: the ids jump between pages 11 and 12, which are never fetched.
    const gapped = [...range(1000, 400), ...range(5000, 390)];
    const source = memorySource(episodeSite(gapped, { pastEnd: 'empty' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result.exact).toBe(false);
    expect(result.imageIds[0]).toBe(1000);
    expect(result.imageIds.at(-1)).toBe(5389);
    expect(result.pagesFetched).toBe(9);
  });

  it('falls back to reading every page when the ids are not runs', async () => {
    const scattered = range(0, 21 * 36 + 34).map((i) => 9000 + i * 3);
    const source = memorySource(episodeSite(scattered, { pastEnd: 'empty' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result).toMatchObject({ imageIds: scattered, exact: true });
    expect(pageNumbers(source)).toEqual([
      1, 2, 4, 8, 16, 32, 24, 20, 22, 3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 21,
    ]);
    expectNoRepeats(source);
  });

  it('needs one request for a one-page episode', async () => {
    const source = memorySource(episodeSite(range(10, 20), { pastEnd: 'empty' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result).toMatchObject({ imageIds: range(10, 20), exact: true, pagesFetched: 1 });
  });

  it('handles a last page that is exactly full', async () => {
    const source = memorySource(episodeSite(range(100, 36 * 5), { pastEnd: 'empty' }));
    const result = await crawlEpisodeFast(context(source), episode);
    expect(result).toMatchObject({ imageIds: range(100, 180), exact: true });
    expectNoRepeats(source);
  });
});

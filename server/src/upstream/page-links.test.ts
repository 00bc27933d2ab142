import { describe, expect, it } from 'vitest';
import { createUrlBuilders } from './builders';
import { episodeLink, workLink } from './page-links';
import { testUpstreamConfig } from './test-config';
import { createUrlModel } from './urls';

const site = createUrlBuilders(testUpstreamConfig());
const replica = createUrlBuilders(testUpstreamConfig({ baseUrl: 'http://127.0.0.1:8100/' }));

describe('page links: the app page and source page of a work or an episode', () => {
  it.each([
    ['anime', 10435, '/episodes/10435', 'https://fancaps.net/anime/showimages.php?10435'],
    ['tv', 22490, '/episodes/22490', 'https://fancaps.net/tv/showimages.php?22490'],
    [
      'movie',
      2731,
      `/images/${encodeURIComponent('https://fancaps.net/movies/MovieImages.php?movieid=2731')}`,
      'https://fancaps.net/movies/MovieImages.php?movieid=2731',
    ],
  ] as const)('a %s work opens %s', (kind, id, pagePath, sourceUrl) => {
    expect(workLink(site, kind, id)).toEqual({ page_path: pagePath, source_url: sourceUrl });
  });

  it.each([
    ['anime', 10436, 'https://fancaps.net/anime/episodeimages.php?10436'],
    ['tv', 13017, 'https://fancaps.net/tv/episodeimages.php?13017'],
    ['movie', 2731, 'https://fancaps.net/movies/MovieImages.php?movieid=2731'],
  ] as const)('a %s episode opens its images', (kind, id, sourceUrl) => {
    expect(episodeLink(site, kind, id)).toEqual({
      page_path: `/images/${encodeURIComponent(sourceUrl)}`,
      source_url: sourceUrl,
    });
  });

  it('follows the configured site, so a stand-in links its own pages', () => {
    expect(workLink(replica, 'tv', 7)).toEqual({
      page_path: '/episodes/7',
      source_url: 'http://127.0.0.1:8100/tv/showimages.php?7',
    });
    expect(episodeLink(replica, 'anime', 8).source_url).toBe(
      'http://127.0.0.1:8100/anime/episodeimages.php?8',
    );
  });

  it('gives paths the URL model reads back as the same work or episode', () => {
    const model = createUrlModel(testUpstreamConfig());
    const showId = decodeURIComponent(workLink(site, 'anime', 10435).page_path.split('/')[2]!);
    expect(model.toRef(showId, { kind: 'anime' })).toEqual({
      type: 'work',
      kind: 'anime',
      id: 10435,
    });
    for (const [kind, type] of [
      ['tv', 'episode'],
      ['movie', 'movie'],
    ] as const) {
      const encoded = episodeLink(site, kind, 99).page_path.slice('/images/'.length);
      expect(model.toRef(decodeURIComponent(encoded))).toEqual({ type, kind, id: 99 });
    }
  });
});

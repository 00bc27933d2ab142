import { describe, expect, it } from 'vitest';
import { createUrlBuilders } from './builders';
import { episodeLink, workLink } from './page-links';
import { testUpstreamConfig } from './test-config';

const site = createUrlBuilders(testUpstreamConfig());
const replica = createUrlBuilders(testUpstreamConfig({ baseUrl: 'http://127.0.0.1:8100/' }));

describe('page links: the app page and source page of a work or an episode', () => {
  it.each([
    ['anime', 10434, '/episodes/anime/10434', 'https://fancaps.net/anime/showimages.php?10434'],
    ['tv', 22490, '/episodes/tv/22490', 'https://fancaps.net/tv/showimages.php?22490'],
    [
      'movie',
      2731,
      '/images/movie/2731',
      'https://fancaps.net/movies/MovieImages.php?movieid=2731',
    ],
  ] as const)('a %s work opens %s', (kind, id, pagePath, sourceUrl) => {
    expect(workLink(site, kind, id)).toEqual({ page_path: pagePath, source_url: sourceUrl });
  });

  it.each([
    ['anime', 10514, '/images/anime/10514', 'https://fancaps.net/anime/episodeimages.php?10514'],
    ['tv', 13017, '/images/tv/13017', 'https://fancaps.net/tv/episodeimages.php?13017'],
    [
      'movie',
      2731,
      '/images/movie/2731',
      'https://fancaps.net/movies/MovieImages.php?movieid=2731',
    ],
  ] as const)('a %s episode opens %s', (kind, id, pagePath, sourceUrl) => {
    expect(episodeLink(site, kind, id)).toEqual({ page_path: pagePath, source_url: sourceUrl });
  });

  it('names no host in the page path, so a stand-in site gives the same address', () => {
    expect(workLink(replica, 'tv', 7)).toEqual({
      page_path: '/episodes/tv/7',
      source_url: 'http://127.0.0.1:8100/tv/showimages.php?7',
    });
    expect(episodeLink(replica, 'anime', 8)).toEqual({
      page_path: '/images/anime/8',
      source_url: 'http://127.0.0.1:8100/anime/episodeimages.php?8',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  pagePath,
  pageTarget,
  sourcePage,
  sourcePageUrl,
  withPageQuery,
  workPagePath,
} from './links';

describe('page addresses: the kind and the source id, nothing else', () => {
  it('names a show’s episodes, its dataset review, and an episode’s or a movie’s images', () => {
    expect(pagePath('episodes', 'anime', 10434)).toBe('/episodes/anime/10434');
    expect(pagePath('dataset', 'tv', 22490)).toBe('/episodes/tv/22490/dataset');
    expect(pagePath('images', 'anime', 10514)).toBe('/images/anime/10514');
    // A movie has no episode list: its work opens its images.
    expect(workPagePath('movie', 2731)).toBe('/images/movie/2731');
    expect(pagePath('dataset', 'movie', 2731)).toBe('/images/movie/2731');
  });

  it('keeps only the search it came from and a Chinese query’s entry as a query', () => {
    expect(withPageQuery('/images/anime/10514')).toBe('/images/anime/10514');
    expect(withPageQuery('/images/anime/10514', { q: '', zh: null })).toBe('/images/anime/10514');
    expect(withPageQuery('/episodes/anime/10434', { q: 'non non', zh: 'bgm:1' })).toBe(
      '/episodes/anime/10434?q=non+non&zh=bgm%3A1',
    );
  });

  it('reads a kind and an id back, refusing anything else', () => {
    expect(pageTarget('tv', '22490')).toEqual({ kind: 'tv', id: 22490 });
    for (const [kind, id] of [
      ['film', '1'],
      ['anime', '0'],
      ['anime', '012'],
      ['anime', '10434-Hanabi'],
      ['anime', '1234567890123'],
      [undefined, '1'],
      ['anime', undefined],
    ])
      expect(pageTarget(kind, id), `${kind}/${id}`).toBeNull();
  });
});

describe('source pages from a kind and an id, and back', () => {
  const origin = 'http://127.0.0.1:8100';

  it('rebuilds the source’s id-only page on the configured origin', () => {
    expect(sourcePageUrl(origin, 'episode', 'anime', 10514)).toBe(
      'http://127.0.0.1:8100/anime/episodeimages.php?10514',
    );
    expect(sourcePageUrl(`${origin}/`, 'work', 'tv', 22490)).toBe(
      'http://127.0.0.1:8100/tv/showimages.php?22490',
    );
    expect(sourcePageUrl('https://fancaps.net', 'episode', 'movie', 2731)).toBe(
      'https://fancaps.net/movies/MovieImages.php?movieid=2731',
    );
  });

  it.each([
    ['https://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori', 'episodes', 'anime', 10434],
    ['https://fancaps.net/tv/showimages.php?22490&page=2', 'episodes', 'tv', 22490],
    [
      'https://fancaps.net/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1&page=3',
      'images',
      'anime',
      10435,
    ],
    ['http://127.0.0.1:8100/anime/episodeimages.php?10514', 'images', 'anime', 10514],
    [
      'https://fancaps.net/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_2023&movieid=4228',
      'images',
      'movie',
      4228,
    ],
  ] as const)('%s opens %s of %s %d', (url, view, kind, id) => {
    expect(sourcePage(new URL(url))).toEqual({ view, kind, id });
  });

  it('knows no other page, and reads back what it builds', () => {
    for (const url of [
      'https://fancaps.net/anime/picture.php?/7123823',
      'https://fancaps.net/',
      'https://fancaps.net/anime/showimages.php?Non_Non',
      'https://fancaps.net/movies/MovieImages.php?name=x',
    ])
      expect(sourcePage(new URL(url)), url).toBeNull();
    expect(sourcePage(new URL(sourcePageUrl(origin, 'work', 'anime', 7)))).toEqual({
      view: 'episodes',
      kind: 'anime',
      id: 7,
    });
  });
});

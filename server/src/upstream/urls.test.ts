import { describe, expect, it } from 'vitest';
import { createUrlBuilders } from './builders';
import { testUpstreamConfig } from './test-config';
import { createUrlModel, readLink, refFromQueryPart } from './urls';

const config = testUpstreamConfig();
const model = createUrlModel(config);
const ref = (input: string, kind?: 'anime' | 'tv' | 'movie') => model.toRef(input, { kind });
const refusal = (input: string) => {
  const result = model.parse(input);
  return result.ok ? null : result.reason;
};

describe('URL model: works, episodes and movies', () => {
  it.each([
    ['https://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori', 'anime', 10434],
    ['http://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori&page=3', 'anime', 10434],
    ['https://www.fancaps.net/tv/showimages.php?22490-Rick_and_Morty_Season_2', 'tv', 22490],
    ['/anime/showimages.php?10434-Non_Non_Biyori', 'anime', 10434],
    ['https://fancaps.net/tv/showimages.php?22491-', 'tv', 22491],
    ['https://fancaps.net/tv/showimages.php?22491', 'tv', 22491],
  ])('%s is a work', (input, kind, id) => {
    expect(ref(input)).toEqual({ type: 'work', kind, id });
  });

  it.each([
    ['https://fancaps.net/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1', 'anime', 10435],
    [
      'https://fancaps.net/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1&page=7',
      'anime',
      10435,
    ],
    ['https://fancaps.net/anime/episodeimages.php?10436', 'anime', 10436],
    [
      '/tv/episodeimages.php?13017-Teenage_Mutant_Ninja_Turtles_1987_Season_5/Episode_1',
      'tv',
      13017,
    ],
    ['https://fancaps.net/anime/episodeimages.php?39478-Kite/Episode_1_&_2', 'anime', 39478],
  ])('%s is an episode', (input, kind, id) => {
    expect(ref(input)).toEqual({ type: 'episode', kind, id });
  });

  it('reads relative links against a page directory, or with a given kind', () => {
    expect(
      model.toRef('episodeimages.php?10435-Non_Non_Biyori/Episode_1&page=2', {
        relativeTo: 'https://fancaps.net/anime/episodeimages.php?10435',
      }),
    ).toEqual({ type: 'episode', kind: 'anime', id: 10435 });
    expect(ref('episodeimages.php?10436', 'tv')).toEqual({
      type: 'episode',
      kind: 'tv',
      id: 10436,
    });
    expect(refusal('episodeimages.php?10436')).toBe('no-kind');
  });

  it('reads the bare query part together with a kind', () => {
    expect(ref('10435-Non_Non_Biyori/Episode_1', 'anime')).toEqual({
      type: 'episode',
      kind: 'anime',
      id: 10435,
    });
    expect(ref('10434-Non_Non_Biyori', 'tv')).toEqual({ type: 'work', kind: 'tv', id: 10434 });
    expect(refusal('10435-Non_Non_Biyori/Episode_1')).toBe('no-kind');
    expect(refFromQueryPart('10436', 'anime', 'episode')).toEqual({
      type: 'episode',
      kind: 'anime',
      id: 10436,
    });
    expect(
      refFromQueryPart('name=A_Silent_Voice_The_Movie_2016&movieid=2040', 'movie', 'work'),
    ).toEqual({
      type: 'movie',
      kind: 'movie',
      id: 2040,
    });
  });

  it.each([
    [
      'https://fancaps.net/movies/MovieImages.php?name=A_Silent_Voice_The_Movie_2016&movieid=2040',
      2040,
    ],
    [
      'https://fancaps.net/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=123',
      123,
    ],
    ['https://fancaps.net/movies/MovieImages.php?movieid=2666', 2666],
    ['https://fancaps.net/movies/MovieImages.php?name=X&movieid=2040&page=4', 2040],
    ['/movies/movieimages.php?movieid=2666', 2666],
  ])('%s is a movie', (input, id) => {
    expect(ref(input)).toEqual({ type: 'movie', kind: 'movie', id });
  });
});

describe('URL model: images', () => {
  it.each([
    ['https://fancaps.net/anime/picture.php?/7123823', 'anime', 7123823],
    ['/tv/picture.php?/191501', 'tv', 191501],
    ['https://fancaps.net/movies/Image.php?imageid=4275021', 'movie', 4275021],
    ['https://animethumbs.fancaps.net/7123823.jpg', 'anime', 7123823],
    ['https://tvthumbs.fancaps.net/191501.jpg', 'tv', 191501],
    ['https://moviethumbs.fancaps.net/4275021.jpg', 'movie', 4275021],
    ['https://ant.fancaps.net/7123823.jpg', 'anime', 7123823],
    ['https://tvt.fancaps.net/191501.jpg', 'tv', 191501],
    ['https://mvt.fancaps.net/4275021.jpg', 'movie', 4275021],
    ['https://ancdn.fancaps.net/7123823.jpg', 'anime', 7123823],
    ['https://tvcdn.fancaps.net/3474707.jpg', 'tv', 3474707],
    ['https://mvcdn.fancaps.net/10348171.jpg', 'movie', 10348171],
    ['https://cdni.fancaps.net/file/fancaps-animeimages/7123823.jpg', 'anime', 7123823],
    ['https://cdni.fancaps.net/file/fancaps-tvimages/191501.jpg', 'tv', 191501],
    ['https://cdni.fancaps.net/file/fancaps-movieimages/4275021.jpg', 'movie', 4275021],
    ['https://newthumbs.fancaps.net/55.jpg', null, 55],
  ])('%s is an image', (input, kind, id) => {
    expect(ref(input)).toEqual({ type: 'image', kind, id });
  });

  it('recognises configured image hosts by their templates', () => {
    const custom = createUrlModel(
      testUpstreamConfig({
        baseUrl: 'http://127.0.0.1:4100',
        imageUrls: {
          ...config.imageUrls,
          thumb: { ...config.imageUrls.thumb, tv: 'http://127.0.0.1:4101/t/tv/{id}.jpg' },
        },
      }),
    );
    expect(custom.toRef('http://127.0.0.1:4101/t/tv/42.jpg')).toEqual({
      type: 'image',
      kind: 'tv',
      id: 42,
    });
    expect(custom.toRef('http://127.0.0.1:4100/anime/showimages.php?7')).toEqual({
      type: 'work',
      kind: 'anime',
      id: 7,
    });
    expect(custom.parse('http://127.0.0.1:4102/anime/showimages.php?7')).toEqual({
      ok: false,
      reason: 'host',
    });
  });
});

describe('URL model: refusals', () => {
  it.each([
    ['https://evil.com/anime/showimages.php?1', 'host'],
    ['https://fancaps.net.evil.com/anime/showimages.php?1', 'host'],
    ['https://notfancaps.net/anime/showimages.php?1', 'host'],
    ['https://fancaps.net:8443/anime/showimages.php?1', 'host'],
    ['//evil.com/anime/showimages.php?1', 'host'],
    ['https://fancaps.net@evil.com/anime/showimages.php?1', 'userinfo'],
    ['https://user:pw@fancaps.net/anime/showimages.php?1', 'userinfo'],
    ['javascript:alert(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://fancaps.net/anime/showimages.php?1', 'scheme'],
    ['https://fancaps.net/anime/showimages.php?1%2F..%2F2', 'suspicious'],
    ['https://fancaps.net/anime/../tv/showimages.php?1', 'suspicious'],
    ['https://cdni.fancaps.net/file/fancaps-animeimages/%2e%2e/1.jpg', 'suspicious'],
    ['https://fancaps.net/anime/showimages.php?1 2', 'malformed'],
    ['', 'malformed'],
    ['https://fancaps.net/anime/showimages.php?1234567890123', 'unrecognised'],
    ['https://fancaps.net/anime/showimages.php?0', 'unrecognised'],
    ['https://fancaps.net/anime/showimages.php?abc', 'unrecognised'],
    ['https://fancaps.net/anime/picture.php?/12x', 'unrecognised'],
    ['https://fancaps.net/search.php?q=x', 'unrecognised'],
    ['https://fancaps.net/movies/MovieImages.php?movieid=1&movieid=2', 'unrecognised'],
    ['https://fancaps.net/movies/showimages.php?1', 'no-kind'],
  ])('%s is refused (%s)', (input, reason) => {
    expect(refusal(input)).toBe(reason);
  });

  it('accepts ids of up to 12 digits', () => {
    expect(ref('https://fancaps.net/anime/picture.php?/999999999999')?.id).toBe(999999999999);
  });

  it('checks client targets against the same hosts', () => {
    expect(model.isAllowed('https://cdni.fancaps.net/file/x.jpg')).toBe(true);
    expect(model.isAllowed('https://fancaps.net@evil.com/')).toBe(false);
    expect(model.isAllowed('not a url')).toBe(false);
  });
});

describe('readLink (page hrefs, any host)', () => {
  it('reads relative hrefs against the page directory', () => {
    expect(readLink('Image.php?imageid=4275021', 'https://fancaps.net/movies/')).toEqual({
      type: 'image',
      kind: 'movie',
      id: 4275021,
    });
    expect(readLink('https://fancaps.net/anime/picture.php?/7123823')).toEqual({
      type: 'image',
      kind: 'anime',
      id: 7123823,
    });
    expect(readLink('#')).toBeNull();
  });
});

describe('URL builders', () => {
  const urls = createUrlBuilders(config);

  it('builds canonical id-only page URLs', () => {
    expect(urls.showPageUrl({ type: 'work', kind: 'anime', id: 10434 })).toBe(
      'https://fancaps.net/anime/showimages.php?10434',
    );
    expect(urls.showPageUrl({ type: 'work', kind: 'tv', id: 22490 }, 3)).toBe(
      'https://fancaps.net/tv/showimages.php?22490&page=3',
    );
    expect(urls.episodePageUrl({ type: 'episode', kind: 'anime', id: 10435 }, 2)).toBe(
      'https://fancaps.net/anime/episodeimages.php?10435&page=2',
    );
    expect(urls.moviePageUrl({ type: 'movie', kind: 'movie', id: 2040 }, 5)).toBe(
      'https://fancaps.net/movies/MovieImages.php?movieid=2040&page=5',
    );
    expect(urls.workUrl({ type: 'movie', kind: 'movie', id: 2040 })).toBe(
      'https://fancaps.net/movies/MovieImages.php?movieid=2040',
    );
  });

  it('builds search URLs with the category flags asked for', () => {
    expect(urls.searchUrl('Non non biyori')).toBe(
      'https://fancaps.net/search.php?q=Non+non+biyori&MoviesCB=Movies&TVCB=TV&animeCB=Anime&submit=Submit+Query',
    );
    expect(urls.searchUrl('a&b', ['anime'])).toBe(
      'https://fancaps.net/search.php?q=a%26b&animeCB=Anime&submit=Submit+Query',
    );
  });

  it('builds image URLs from the templates', () => {
    expect(urls.imageUrl('thumb', 'anime', 7123823)).toBe('https://ant.fancaps.net/7123823.jpg');
    expect(urls.imageUrl('large', 'movie', 4275021)).toBe(
      'https://cdni.fancaps.net/file/fancaps-movieimages/4275021.jpg',
    );
    expect(() => urls.imageUrl('small', 'tv', -1)).toThrow(RangeError);
  });

  it('turns the bare query part of an episode into its URL', () => {
    expect(urls.episodeUrlFromQuery('10435-Non_Non_Biyori/Episode_1', 'anime')).toBe(
      'https://fancaps.net/anime/episodeimages.php?10435',
    );
    expect(urls.episodeUrlFromQuery('../../etc', 'anime')).toBeNull();
    expect(urls.episodeUrlFromQuery('x10435', 'tv')).toBeNull();
  });

  it('round-trips every built page URL through the model', () => {
    const built = [
      urls.showPageUrl({ type: 'work', kind: 'tv', id: 5 }, 2),
      urls.episodePageUrl({ type: 'episode', kind: 'anime', id: 6 }, 9),
      urls.moviePageUrl({ type: 'movie', kind: 'movie', id: 7 }, 3),
      urls.imageUrl('small', 'tv', 8),
    ];
    expect(built.map((url) => model.toRef(url)?.id)).toEqual([5, 6, 7, 8]);
  });
});

import { favoriteContentType } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  addAll,
  alice,
  call,
  episode,
  EPISODE_URL,
  image,
  MOVIE_URL,
  SHOW_URL,
  stats,
  type Method,
  t,
  useFavoritesApp,
  work,
} from './support/favorites';

useFavoritesApp();

describe('favourite work content type (one rule, shared with the page)', () => {
  it.each([
    [{ work_type: 'Movie' }, 'movie'],
    [{ work_type: '电影' }, 'movie'],
    [{ work_type: 'Film', original_url: '/tv/showimages.php?1' }, 'movie'],
    [{ work_type: 'TV' }, 'tv'],
    [{ work_type: 'TV Series' }, 'tv'],
    [{ work_type: '电视剧' }, 'tv'],
    [{ work_type: 'Anime', title: 'Some Movie' }, 'anime'],
    [{ work_type: '动画' }, 'anime'],
    [{ work_type: '', original_url: MOVIE_URL }, 'movie'],
    [{ work_type: 'other', original_url: 'https://fancaps.net/tv/showimages.php?1' }, 'tv'],
    [{ original_url: SHOW_URL, title: 'The Movie' }, 'anime'],
    [{ title: 'Hanabi: The Movie' }, 'movie'],
    [{ title: '某某 剧场版' }, 'movie'],
    [{ title: 'Lighthouse Season 2' }, 'tv'],
    [{ title: '灯塔 第二季' }, 'tv'],
    [{ title: 'Plain', original_url: 'https://fancaps.net/showimages.php?1-X' }, 'movie'],
    [{ title: 'Plain', original_url: 'https://fancaps.net/showimages.php?1-X/Episode_2' }, 'anime'],
    [{ title: 'Plain' }, 'anime'],
    [{}, 'anime'],
  ])('%j → %s', (work, expected) => {
    expect(favoriteContentType(work)).toBe(expected);
  });
});

describe(`favourites (${databaseKind})`, () => {
  it('needs a session for every call', async () => {
    const calls: [Method, string][] = [
      ['GET', '/'],
      ['POST', '/work'],
      ['POST', '/episode'],
      ['POST', '/image'],
      ['DELETE', '/work/1'],
      ['DELETE', '/episode/1'],
      ['DELETE', '/image/1'],
      ['GET', '/status?item_type=work&item_id=x'],
      ['GET', '/stats'],
      ['GET', '/export'],
      ['POST', '/batch/delete'],
      ['POST', '/import'],
    ];
    for (const [method, url] of calls) {
      const res = await call(undefined, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('adds a work once, rebuilds its URL and derives its content type', async () => {
    const first = await call(alice, 'POST', '/work', { ...work, title: '  Non Non Biyori  ' });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Non Non Biyori',
      work_type: 'Anime',
      content_type: 'anime',
      kind: 'anime',
      work_id: 10435,
      original_url: 'https://fancaps.net/anime/showimages.php?10435',
      link: {
        page_path: '/episodes/anime/10435',
        source_url: 'https://fancaps.net/anime/showimages.php?10435',
      },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });

    // Same work under another slug and title: the existing record, not a duplicate.
    const again = await call(alice, 'POST', '/work', {
      title: 'NNB',
      work_type: 'Anime',
      original_url: 'https://fancaps.net/anime/showimages.php?10435&page=3',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);

    const movie = await call(alice, 'POST', '/work', {
      title: 'Hanabi',
      work_type: 'Movie',
      original_url: MOVIE_URL,
    });
    expect(movie.statusCode).toBe(201);
    expect(movie.json()).toMatchObject({
      kind: 'movie',
      work_id: 2666,
      content_type: 'movie',
      original_url: 'https://fancaps.net/movies/MovieImages.php?movieid=2666',
    });

    const list = await call(alice, 'GET', '/');
    expect(list.json().data.works.map((w: { id: number }) => w.id)).toEqual([
      movie.json().id,
      body.id,
    ]);
  });

  it('keys a work without an id in its URL by its title, case-insensitively', async () => {
    const first = await call(alice, 'POST', '/work', {
      title: 'Lighthouse Season 1',
      work_type: '',
      original_url: 'https://fancaps.net/search.php?q=lighthouse',
    });
    expect(first.statusCode).toBe(201);
    // No page of its own: the page opens a search for the title.
    expect(first.json()).toMatchObject({
      kind: null,
      work_id: null,
      content_type: 'tv',
      link: null,
    });
    expect(first.json().original_url).toMatch(/^https:\/\/fancaps\.net\/search\.php\?q=Lighthouse/);
    const again = await call(alice, 'POST', '/work', { title: 'LIGHTHOUSE season 1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it('answers the same record to concurrent adds of one item', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(alice, 'POST', '/image', image)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await stats(alice)).total_images).toBe(1);
  });

  it('adds an episode with its work id and rebuilt preview images', async () => {
    const res = await call(alice, 'POST', '/episode', episode);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'Episode 1',
      work_title: 'Non Non Biyori',
      work_id: 10435,
      kind: 'anime',
      episode_id: 20001,
      episode_url: 'https://fancaps.net/anime/episodeimages.php?20001',
      link: {
        page_path: '/images/anime/20001',
        source_url: 'https://fancaps.net/anime/episodeimages.php?20001',
      },
      preview_images: [
        '/api/images/700001.jpg?kind=anime&size=thumb',
        '/api/images/700002.jpg?kind=anime&size=thumb',
      ],
      created_at: expect.any(String),
    });
    const again = await call(alice, 'POST', '/episode', {
      title: 'ep1',
      episode_url: 'https://fancaps.net/anime/episodeimages.php?20001',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);

    // A movie is its own episode (and its own work).
    const movie = await call(alice, 'POST', '/episode', {
      title: 'Hanabi',
      episode_url: MOVIE_URL,
    });
    expect(movie.json()).toMatchObject({ kind: 'movie', episode_id: 2666, work_id: 2666 });
  });

  it('links each favourite to its page in the app and on the site: anime, TV and movie', async () => {
    const site = 'https://fancaps.net';
    const images = (url: string) => {
      const [, segment, id] = /\/(anime|tv|movies)\/.*?(\d+)$/.exec(url)!;
      const kind = segment === 'movies' ? 'movie' : segment;
      return { page_path: `/images/${kind}/${id}`, source_url: url };
    };
    for (const [title, url] of [
      ['Non Non Biyori', `${site}/anime/showimages.php?10435-Non_Non_Biyori`],
      ['Rick and Morty', `${site}/tv/showimages.php?22490-Rick_and_Morty`],
      ['Hanabi', MOVIE_URL],
    ]) {
      expect((await call(alice, 'POST', '/work', { title, original_url: url })).statusCode).toBe(
        201,
      );
    }
    for (const [title, url] of [
      ['Episode 1', EPISODE_URL],
      ['Pilot', `${site}/tv/episodeimages.php?13017-Rick_and_Morty/Pilot`],
      ['Hanabi', MOVIE_URL],
    ]) {
      const res = await call(alice, 'POST', '/episode', { title, episode_url: url });
      expect(res.statusCode).toBe(201);
    }
    const { works, episodes } = (await call(alice, 'GET', '/')).json().data;
    const linkOf = (items: { title: string; link: unknown }[]) =>
      Object.fromEntries(items.map((item) => [item.title, item.link]));
    expect(linkOf(works)).toEqual({
      'Non Non Biyori': {
        page_path: '/episodes/anime/10435',
        source_url: `${site}/anime/showimages.php?10435`,
      },
      'Rick and Morty': {
        page_path: '/episodes/tv/22490',
        source_url: `${site}/tv/showimages.php?22490`,
      },
      Hanabi: images(`${site}/movies/MovieImages.php?movieid=2666`),
    });
    expect(linkOf(episodes)).toEqual({
      'Episode 1': images(`${site}/anime/episodeimages.php?20001`),
      Pilot: images(`${site}/tv/episodeimages.php?13017`),
      Hanabi: images(`${site}/movies/MovieImages.php?movieid=2666`),
    });
  });

  it('fills an episode work id and title from what the crawls learned', async () => {
    await t.services.directory.rememberWorks([{ kind: 'tv', id: 300, title: 'Lighthouse' }]);
    await t.services.directory.rememberEpisodes('tv', 300, [{ id: 301, label: 'Episode 1' }]);
    const res = await call(alice, 'POST', '/episode', {
      title: 'Episode 1',
      episode_url: 'https://fancaps.net/tv/episodeimages.php?301-Lighthouse/Episode_1',
    });
    expect(res.json()).toMatchObject({ kind: 'tv', work_id: 300, work_title: 'Lighthouse' });
  });

  it('adds an image with its own URLs and the default kind', async () => {
    const res = await call(alice, 'POST', '/image', image);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      image_id: 700001,
      kind: 'anime',
      work_title: 'Non Non Biyori',
      work_id: 10435,
      episode_title: 'Episode 1',
      episode_id: 20001,
      thumb_url: '/api/images/700001.jpg?kind=anime&size=thumb',
      small_url: '/api/images/700001.jpg?kind=anime&size=small',
      large_url: '/api/images/700001.jpg?kind=anime&size=large&cdn=small',
      original_url: '/api/images/700001.jpg?kind=anime&size=large',
      created_at: expect.any(String),
    });

    // No kind anywhere: the kind the server last saw the id under, else anime.
    await t.services.directory.rememberImages('tv', 300, 301, [800001]);
    const seen = await call(alice, 'POST', '/image', { image_id: '800001' });
    expect(seen.json()).toMatchObject({ kind: 'tv', work_id: null, episode_id: null });
    const unseen = await call(alice, 'POST', '/image', { image_id: 800002 });
    expect(unseen.json().kind).toBe('anime');
    const explicit = await call(alice, 'POST', '/image', { image_id: 800002, kind: 'movie' });
    expect(explicit.statusCode).toBe(201);
    expect(explicit.json().id).not.toBe(unseen.json().id);
  });

  it('deletes single favourites; deleting a work keeps its episodes and images', async () => {
    const ids = await addAll(alice);
    const res = await call(alice, 'DELETE', `/work/${ids.work}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    expect(await stats(alice)).toEqual({
      total_items: 2,
      total_works: 0,
      total_episodes: 1,
      total_images: 1,
    });
    const gone = await call(alice, 'DELETE', `/work/${ids.work}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('NOT_FOUND');
    // Ids of another type are another table's.
    expect((await call(alice, 'DELETE', `/image/${ids.episode}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/episode/${ids.episode}`)).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `/image/${ids.image}`)).statusCode).toBe(200);
    expect((await stats(alice)).total_items).toBe(0);
    expect((await call(alice, 'DELETE', '/image/abc')).statusCode).toBe(400);
    expect((await call(alice, 'DELETE', '/image/99999999999')).statusCode).toBe(400);
  });
});

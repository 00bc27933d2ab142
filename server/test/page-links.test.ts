import { pageTarget, sourcePageUrl } from '@capshelf/contract';
import { KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

/**
 * Every answer that names a work or an episode hands the page its link: the app page to open
 * (`/episodes/<kind>/<id>` for a show, `/images/<kind>/<id>` for an episode or a movie) and the
 * source page. The page rebuilds the source URL from the kind and id, so these paths must lead
 * back to the same listing when the page follows them.
 */
interface Link {
  page_path: string;
  source_url: string;
}
type Kind = 'anime' | 'tv' | 'movie';
interface Linked {
  link: Link | null;
}

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp();
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: t.headers });
const ok = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await api(method, url, payload);
  expect(res.statusCode, `${method} ${url}`).toBe(200);
  return res.json<T>();
};

const segment: Record<Kind, string> = { anime: 'anime', tv: 'tv', movie: 'movies' };
const showLink = (kind: 'anime' | 'tv', id: number): Link => ({
  page_path: `/episodes/${kind}/${id}`,
  source_url: `${t.replica.pageOrigin}/${segment[kind]}/showimages.php?${id}`,
});
const episodeLink = (kind: 'anime' | 'tv', id: number): Link => ({
  page_path: `/images/${kind}/${id}`,
  source_url: `${t.replica.pageOrigin}/${segment[kind]}/episodeimages.php?${id}`,
});
const movieLink = (id: number): Link => ({
  page_path: `/images/movie/${id}`,
  source_url: `${t.replica.pageOrigin}/movies/MovieImages.php?movieid=${id}`,
});

/** The kind and id of a page path, as the page's routes read them. */
const targetOf = (path: string) => {
  const [, , kind, id] = path.split('/');
  return pageTarget(kind, id)!;
};

/** What the images page asks for when it opens `/images/<kind>/<id>`: the rebuilt source URL. */
const openImages = (link: Link) => {
  const { kind, id } = targetOf(link.page_path);
  const url = sourcePageUrl(t.replica.pageOrigin, 'episode', kind, id);
  expect(url).toBe(link.source_url);
  return ok<{ images: { id: number; kind: Kind }[] }>(
    'GET',
    `/api/images/episode/${encodeURIComponent(url)}`,
  );
};

const MOVIE = KEY_IDS.ampersandMovie;

describe(`links in search and episode answers (${databaseKind})`, () => {
  it('links a result to its episode list (anime, TV) or its images (movie)', async () => {
    const results = new Map<number, Linked & { kind: Kind }>();
    for (const [query, content_type] of [
      ['hanabi', 'anime'],
      ['lighthouse', 'tv'],
      ['ladybug', 'movies'],
    ]) {
      const body = await ok<{ results: (Linked & { id: number; kind: Kind })[] }>(
        'POST',
        '/api/search',
        { query, content_type },
      );
      for (const result of body.results) results.set(result.id, result);
    }
    expect(results.get(KEY_IDS.longShow)?.link).toEqual(showLink('anime', KEY_IDS.longShow));
    expect(results.get(KEY_IDS.tvSeason1)?.link).toEqual(showLink('tv', KEY_IDS.tvSeason1));
    expect(results.get(MOVIE)?.link).toEqual(movieLink(MOVIE));
    const movie = await openImages(movieLink(MOVIE));
    expect(movie.images[0]!.kind).toBe('movie');
  });

  it('links every episode to its images, and the episode list page leads to the same show', async () => {
    for (const [kind, id] of [
      ['anime', KEY_IDS.longShow],
      ['tv', KEY_IDS.tvSeason1],
    ] as const) {
      // The episodes page sends the id of its path, with the kind, as the show.
      const target = targetOf(showLink(kind, id).page_path);
      expect(target).toEqual({ kind, id });
      const showId = String(target.id);
      const body = await ok<{
        work: { kind: Kind; id: number };
        episodes: (Linked & { id: number; url: string })[];
      }>('POST', '/api/episodes', { show_url: showId, kind });
      expect(body.work).toEqual({ kind, id });
      expect(body.episodes.length).toBeGreaterThan(1);
      for (const episode of body.episodes) {
        expect(episode.link).toEqual(episodeLink(kind, episode.id));
        expect(episode.url).toBe(episode.link!.source_url);
      }
      const images = await openImages(body.episodes[0]!.link!);
      expect(images.images[0]!.kind).toBe(kind);
    }
  });

  it('sends a movie asked for as a show to its images', async () => {
    const res = await api('POST', '/api/episodes', { show_url: movieLink(MOVIE).source_url });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: Linked }>().detail.link).toEqual(movieLink(MOVIE));
  });
});

describe(`links in the libraries (${databaseKind})`, () => {
  /** What the libraries should link, per kind: the work and its one visited episode. */
  const expected = () =>
    (
      [
        ['anime', KEY_IDS.longShow],
        ['tv', KEY_IDS.tvSeason1],
        ['movie', MOVIE],
      ] as const
    ).map(([kind, id]) => {
      if (kind === 'movie') return [kind, id, movieLink(id), { id, link: movieLink(id) }] as const;
      const episodeId = showById(id)!.episodes[0]!.id;
      const episode = { id: episodeId, link: episodeLink(kind, episodeId) };
      return [kind, id, showLink(kind, id), episode] as const;
    });

  /** As a visitor does: a show's episode list, one episode's images, then a visit recorded. */
  beforeAll(async () => {
    for (const [kind, id, , episode] of expected()) {
      if (kind !== 'movie') await ok('POST', '/api/episodes', { show_url: String(id), kind });
      const [image] = (await openImages(episode.link)).images;
      const bytes = await api('GET', `/api/images/${image!.id}.jpg?kind=${image!.kind}&size=thumb`);
      expect(bytes.statusCode).toBe(200);
      const params = new URLSearchParams({ search_term: 'x', episode_id: episode.link.source_url });
      const res = await api('POST', `/api/images/record-episode-access?${params}`);
      expect(res.statusCode).toBe(204);
    }
  });

  it('links the categorized library’s works and episodes (anime, TV, movie)', async () => {
    const body = await ok<{
      categories: (Linked & {
        work: { kind: Kind; id: number } | null;
        episodes: (Linked & { episode_id: number | null })[];
      })[];
    }>('GET', '/api/images/local-library-categorized');
    expect(body.categories).toHaveLength(3);
    for (const [kind, workId, workLink, episode] of expected()) {
      const category = body.categories.find((c) => c.work?.kind === kind)!;
      expect(category.work).toEqual({ kind, id: workId });
      expect(category.link).toEqual(workLink);
      expect(category.episodes.map((e) => [e.episode_id, e.link])).toEqual([
        [episode.id, episode.link],
      ]);
    }
  });

  it('links the history’s works and episodes (anime, TV, movie)', async () => {
    const byWork = await ok<{
      categories: (Linked & {
        work: { kind: Kind; id: number } | null;
        episodes: (Linked & { episode_id: number; episode_url: string })[];
      })[];
    }>('GET', '/api/images/search-based-library');
    const flat = await ok<{ episodes: (Linked & { episode_id: number; kind: Kind })[] }>(
      'GET',
      '/api/images/search-based-library/episodes',
    );
    expect(byWork.categories).toHaveLength(3);
    for (const [kind, workId, workLink, episode] of expected()) {
      const category = byWork.categories.find((c) => c.work?.kind === kind)!;
      expect(category.work).toEqual({ kind, id: workId });
      expect(category.link).toEqual(workLink);
      expect(category.episodes.map((e) => [e.episode_id, e.link, e.episode_url])).toEqual([
        [episode.id, episode.link, episode.link.source_url],
      ]);
      const listed = flat.episodes.find((e) => e.kind === kind)!;
      expect([listed.episode_id, listed.link]).toEqual([episode.id, episode.link]);
    }
  });
});

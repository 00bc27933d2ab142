import { z } from 'zod';

/** browse.ts's `Kind`, spelt out: browse.ts imports this file. */
type Kind = 'anime' | 'tv' | 'movie';

/**
 * Where a work or an episode opens, as the server computes it. The page path names the kind and
 * the source's id only (`pagePath`), so it survives a change of the source's host; the page
 * appends no more than `?q=` (the search it came from) and `?zh=` (see `withPageQuery`).
 */
export const PageLink = z.object({
  /**
   * The app's page, without a query: `/episodes/<kind>/<id>` for a show, `/images/<kind>/<id>`
   * for an episode or a movie.
   */
  page_path: z.string(),
  /** The source site's page: "open original", and what a favourite of it is saved under. */
  source_url: z.string(),
});
export type PageLink = z.infer<typeof PageLink>;

/** What one of the app's pages shows: a show's episodes, its dataset review, or images. */
export type PageView = 'episodes' | 'dataset' | 'images';

const KINDS: readonly string[] = ['anime', 'tv', 'movie'] satisfies Kind[];
/** A source id as an address carries it: digits, at most twelve, no leading zero. */
const ID = /^[1-9]\d{0,11}$/;

/**
 * The app's address of a page: `/episodes/anime/10434`, `/episodes/tv/22490/dataset`,
 * `/images/anime/10514`, `/images/movie/2731`. A movie has no episode list: its work opens
 * its images.
 */
export function pagePath(view: PageView, kind: Kind, id: number): string {
  if (kind === 'movie' || view === 'images') return `/images/${kind}/${id}`;
  return view === 'dataset' ? `/episodes/${kind}/${id}/dataset` : `/episodes/${kind}/${id}`;
}

/** The page of a work: a show's episode list, a movie's images. */
export const workPagePath = (kind: Kind, id: number) => pagePath('episodes', kind, id);

/** The kind and id an address names (`:kind/:id` of the routes), or null when it names none. */
export function pageTarget(kind: string | undefined, id: string | undefined) {
  if (!kind || !KINDS.includes(kind) || !id || !ID.test(id)) return null;
  return { kind: kind as Kind, id: Number(id) };
}

/**
 * A page address with the optional query the page keeps: `q`, the search it was opened from
 * (its way back and its history record), and `zh`, the title-table entry of a Chinese query.
 */
export function withPageQuery(
  path: string,
  query: { q?: string | null; zh?: string | null } = {},
): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.zh) search.set('zh', query.zh);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const SEGMENT: Record<Kind, string> = { anime: 'anime', tv: 'tv', movie: 'movies' };

/**
 * The source site's page of a work or an episode from its kind and id alone (the site links
 * id-only forms itself; slugs are cosmetic), on the source's configured origin.
 */
export function sourcePageUrl(origin: string, type: 'work' | 'episode', kind: Kind, id: number) {
  const base = origin.replace(/\/+$/, '');
  if (kind === 'movie') return `${base}/${SEGMENT.movie}/MovieImages.php?movieid=${id}`;
  const file = type === 'work' ? 'showimages.php' : 'episodeimages.php';
  return `${base}/${SEGMENT[kind]}/${file}?${id}`;
}

/** What a source page is in the app: the view and the kind and id it names. */
export interface SourcePage {
  view: 'episodes' | 'images';
  kind: Kind;
  id: number;
}

const SERIES = /^\/(anime|tv)\/(showimages|episodeimages)\.php$/i;
const MOVIE = /^\/movies\/movieimages\.php$/i;
/** A show's or an episode's query starts with its id (`10435-Slug/Episode_1&page=2`, `10436`). */
const SERIES_ID = /^(\d+)(?:[-&/]|$)/;
/** A movie names its id as `movieid` (its `name` may hold a raw `&`). */
const MOVIE_ID = /(?:^|&)movieid=(\d+)(?:&|$)/i;

/**
 * Which app page a source address opens (the reverse of `sourcePageUrl`; its host is the
 * caller's to check): a show its episode list, an episode or a movie its images; null for any
 * other page (a picture, the home page).
 */
export function sourcePage(url: URL): SourcePage | null {
  const query = url.search.slice(1);
  const series = SERIES.exec(url.pathname);
  if (series) {
    const target = pageTarget(series[1]!.toLowerCase(), SERIES_ID.exec(query)?.[1]);
    const view = series[2]!.toLowerCase() === 'showimages' ? 'episodes' : 'images';
    return target && { view, ...target };
  }
  if (!MOVIE.test(url.pathname)) return null;
  const target = pageTarget('movie', MOVIE_ID.exec(query)?.[1]);
  return target && { view: 'images', ...target };
}

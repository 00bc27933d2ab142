import type { ContentType, TitleMatch, WorkChineseTitle } from '@capshelf/contract';
import type { Kind } from '../config';
import type { EpisodeMeta, EpisodeRef, MovieMeta, MovieRef, WorkRef } from '../upstream';
import type { CrawlState } from './crawl-progress';

/** The catalog's answers, as its cache keeps them. */
export interface SearchRecord {
  title: string;
  kind: Kind;
  id: number;
  url: string;
  year: number | null;
  previewIds: number[];
}

/**
 * A search by a Chinese or Japanese name (`titles/` answers it): what the source queries it led to
 * found, the Chinese name beside each result (by `kind:id`), and the works of the title table the
 * query named with the queries tried for each.
 */
export interface FoundByTitle {
  records: SearchRecord[];
  cached: boolean;
  fetchedAt: string;
  chineseNames: ReadonlyMap<string, string>;
  /** The title-table entry whose name found each result (by `kind:id`): the page's `title_ref`. */
  refs: ReadonlyMap<string, string>;
  matches: TitleMatch[];
}

/** Searches by a name the source cannot read; null for a query it can (English, romaji). */
export interface TitleFinder {
  search(query: string, contentType: ContentType, refresh: boolean): Promise<FoundByTitle | null>;
}

/** A work as a listing names it, for its Chinese name (`titles/` matches it). */
export interface NamedWork {
  kind: Kind;
  id: number;
  title?: string;
  year?: number | null;
}

/** The Chinese names of the source's works (`titles/` keeps them; by `kind:id`). */
export interface WorkNamer {
  namesOf(works: readonly NamedWork[]): Promise<Map<string, string>>;
  titleOf(work: NamedWork): Promise<WorkChineseTitle | null>;
}

export interface ShowListing {
  title: string;
  work: WorkRef;
  episodes: {
    id: number;
    label: string;
    number: number | null;
    url: string;
    previewIds: number[];
  }[];
}

export interface ImageListing {
  kind: Kind;
  imageIds: number[];
  workTitle: string | null;
  episodeTitle: string | null;
  work: { kind: Kind; id: number } | null;
  episode: { kind: Kind; id: number };
  exact: boolean;
}

/** How far an episode's or movie's complete listing has come (the progress endpoint's answer). */
export interface ImageCrawlStatus {
  state: CrawlState;
  /** The images read so far (all of them once done). */
  listing: ImageListing;
  pagesRead: number;
  /** The page count, once known (done). */
  pages: number | null;
  /** The listing has at least this many pages (what the pager has shown so far). */
  pagesAtLeast: number;
  cached: boolean;
  fetchedAt: string | null;
  error: { code: string; message: string } | null;
}

export type ListingMeta = EpisodeMeta | MovieMeta;

/** The stored key of a listing (an episode's quick listing adds `:fast`). */
export function listingKey(ref: EpisodeRef | MovieRef | WorkRef): string {
  if (ref.type === 'movie') return `movie:${ref.id}`;
  return ref.type === 'episode' ? `episode:${ref.kind}:${ref.id}` : `show:${ref.kind}:${ref.id}`;
}

import type { Generated } from 'kysely';

export interface ListingsTable {
  key: string;
  payload: string;
  fetched_at: string;
  expires_at: string;
}

export interface WorksTable {
  kind: 'anime' | 'tv' | 'movie';
  id: number;
  title: string;
  updated_at: string;
}

/** Which entry of the title table a work is (migration 030): the server's, shared by all users. */
export interface WorkTitlesTable {
  kind: 'anime' | 'tv' | 'movie';
  work_id: number;
  /** The entry's bangumi.tv id, or `title:<original title>|<begin>` without one; null when removed. */
  entry_key: string | null;
  chinese_name: string | null;
  original_title: string | null;
  year: number | null;
  names_key: Generated<string>;
  matched_by: 'search' | 'title' | 'admin' | 'removed';
  updated_by: number | null;
  updated_at: string;
}

export interface EpisodesTable {
  kind: 'anime' | 'tv';
  id: number;
  work_id: number;
  label: string;
  updated_at: string;
}

export interface ImageIndexTable {
  kind: 'anime' | 'tv' | 'movie';
  id: number;
  work_id: number;
  episode_id: number | null;
  position: number;
}

export interface CachedImagesTable {
  kind: 'anime' | 'tv' | 'movie';
  id: number;
  size: 'thumb' | 'small' | 'large';
  bytes: number;
  cached_at: string;
  /** 64-bit difference hash (16 hex digits), dimensions and sha256: computed once, when first asked. */
  phash: string | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
  /** The dataset filters' measures (datasets/quality.ts), computed with the hash (see 021). */
  luma: number | null;
  contrast: number | null;
  sharpness: number | null;
  /** When the file was last served, flushed in batches (see 017); eviction goes oldest first. */
  viewed_at: string | null;
}

/** The image cache's running totals, one row (id 1), admin-owned; kept with every row change (see 017). */
export interface CacheTotalsTable {
  id: number;
  images: number;
  files: number;
  bytes: number;
  evicted_files: Generated<number>;
  evicted_bytes: Generated<number>;
  last_evicted_at: string | null;
}

/** Running cache totals per episode (a movie: per movie), kept by triggers of 033. */
export interface LibraryEpisodesTable {
  kind: 'anime' | 'tv' | 'movie';
  /** The key a history row uses: the episode id, a movie's images the movie id. */
  episode: number;
  work_id: number;
  images: number;
  bytes: number;
  last_cached: string;
}

export interface CacheGenerationTable {
  id: number;
  generation: number;
}

export interface HistoryTable {
  id: Generated<number>;
  user_id: number;
  kind: 'anime' | 'tv' | 'movie';
  episode_id: number;
  work_id: number | null;
  show_title: string;
  episode_title: string;
  search_term: string;
  /** 'episode' when opened from an episode list, 'images' when images were viewed. */
  source: string;
  image_count: number;
  view_count: number;
  created_at: string;
  updated_at: string;
}

/** A user's recent search (migration 016): one row per query, the newest few kept. */
export interface RecentSearchesTable {
  user_id: number;
  query: string;
  results_count: number;
  searched_at: string;
}

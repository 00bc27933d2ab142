import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings (sortable as text on both dialects); booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  display_name: string | null;
  role: 'admin' | 'user';
  password_hash: string;
  disabled: number;
  created_at: string;
  updated_at: string;
  locale: Generated<'zh-CN' | 'en'>;
  theme: Generated<'light' | 'dark' | 'system'>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Filled on every insert (migration 009 backfilled older rows); judged by the idle timeout. */
  last_seen_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Attempt counters of the abuse limits: `count` attempts in the window ending at `reset_at` (ms). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

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

/** A user's recent search (migration 016): one row per query, the newest few kept. */
export interface RecentSearchesTable {
  user_id: number;
  query: string;
  results_count: number;
  searched_at: string;
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

export interface UserSettingsTable {
  user_id: number;
  use_small_cdn: Generated<number>;
  /** 'smart' or 'fast', the user's last choice for episodes (see 010). */
  image_mode: string | null;
}

export interface DownloadsTable {
  id: string;
  user_id: number;
  status: 'pending' | 'running' | 'paused' | 'completed' | 'partial' | 'failed' | 'cancelled';
  /** `images`: the listed images; `work`: a whole work (or some of its episodes), see `request`. */
  job: Generated<'images' | 'work'>;
  /** JSON WorkJobRequest for `work` jobs. */
  request: string | null;
  /** JSON per-episode progress of a `work` job. */
  episodes: string | null;
  episodes_total: number | null;
  episodes_done: number | null;
  /** Near-duplicate frames left out. */
  skipped_count: Generated<number>;
  /** JSON `DatasetFilter` (datasets/filter.ts): what frames the task leaves out; null: none (021). */
  dataset_filter: string | null;
  /** JSON count of frames left out by each reason (021). */
  skipped_reasons: string | null;
  /** Why a paused task waits, and when it tries again. */
  pause_reason: string | null;
  resume_at: string | null;
  /** JSON `TaskReason`: why the task is paused, failed or cancelled. */
  reason: string | null;
  eta_seconds: number | null;
  /** Removed from the tray by its owner. */
  dismissed: Generated<number>;
  /** The archive's name as the browser saves it (may hold Chinese). */
  file_name: string;
  /** What each entry's name starts with: `<prefix>_<id>.jpg`. */
  entry_prefix: string;
  /** JSON list of {kind, id, size, compressed}, in the order given. */
  items: string;
  file_count: number;
  done_count: Generated<number>;
  failed_count: Generated<number>;
  bytes_written: Generated<number>;
  error: string | null;
  /** The process running the task, and when it last said so (a stale heartbeat means it died). */
  worker: string | null;
  heartbeat_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  expired: Generated<number>;
}

export interface FavoriteWorksTable {
  id: Generated<number>;
  user_id: number;
  /** `<kind>:<id>` from the work URL, or `title:<title_key>` when the URL named no work. */
  identity: string;
  kind: 'anime' | 'tv' | 'movie' | null;
  work_id: number | null;
  title: string;
  /** The lowercased title: the page matches work favourites by title. */
  title_key: string;
  work_type: string;
  content_type: 'movie' | 'tv' | 'anime';
  created_at: string;
}

export interface FavoriteEpisodesTable {
  id: Generated<number>;
  user_id: number;
  /** 'movie' when the favourite is a movie (its own single episode; episode_id is the movie id). */
  kind: 'anime' | 'tv' | 'movie';
  episode_id: number;
  work_id: number | null;
  title: string;
  work_title: string;
  /** JSON `[{kind, id}]`. */
  preview_images: string;
  created_at: string;
}

export interface FavoriteImagesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'anime' | 'tv' | 'movie';
  image_id: number;
  work_id: number | null;
  episode_id: number | null;
  work_title: string;
  episode_title: string;
  created_at: string;
}

export interface CacheGenerationTable {
  id: number;
  generation: number;
}

/** Shared pacing of the source site's hosts; times in ms since the epoch (see 006). */
export interface UpstreamHostsTable {
  host: string;
  next_at: Generated<number>;
  cooldown_until: Generated<number>;
}

/** Upstream fetches in progress, one per key, with the process holding each (see 008). */
export interface UpstreamFetchesTable {
  key: string;
  holder: string;
  expires_at: number;
}

/** The source site's clearance and the challenge solver's record, one row per site (see 013). */
export interface UpstreamCredentialsTable {
  site: string;
  cookie: string | null;
  user_agent: string | null;
  source: 'solver' | 'pasted' | null;
  obtained_at: number | null;
  version: Generated<number>;
  challenged_at: number | null;
  challenge_reason: string | null;
  solves: Generated<number>;
  solve_failures: Generated<number>;
  last_solve_at: Generated<number>;
}

/** How far the crawl of one image listing has come (see 010). */
export interface ListingCrawlsTable {
  key: string;
  state: 'running' | 'done' | 'failed';
  /** JSON of the crawl's progress: first page's details, pages read, ids so far. */
  progress: string;
  error_code: string | null;
  error_message: string | null;
  /** JSON `{retry_at?, challenge?}` of a refusal, so a later answer says how long to wait and why. */
  error_detail: string | null;
  updated_at: string;
}

/** Admin actions, newest last (admin-owned; see migration 019). `detail` is a JSON object. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  source: 'web' | 'cli' | 'system';
  action: string;
  target: string;
  detail: string;
}

/** The server's check schedule of a followed work (migration 022), shared by its followers. */
export interface FollowedWorksTable {
  kind: 'anime' | 'tv';
  work_id: number;
  title: string;
  episode_count: number;
  /** 'finished' (已完结) after 180 days with nothing new: checked monthly. */
  status: 'active' | 'finished';
  /** When the work last gained an episode (or was first followed). */
  last_new_at: string;
  last_checked_at: string | null;
  next_check_at: string;
}

/** Episodes a followed work is known to have, and when each was first seen (migration 022). */
export interface FollowedEpisodesTable {
  kind: 'anime' | 'tv';
  work_id: number;
  episode_id: number;
  label: string;
  found_at: string;
}

/** A user's follow of a work (migration 022): episodes found after `seen_at` are new to them. */
export interface FollowsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'anime' | 'tv';
  work_id: number;
  mode: 'none' | 'cache' | 'download';
  seen_at: string;
  created_at: string;
}

/** A user's personal access token (migration 022b); the token itself is never stored. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** JSON list of 'read' | 'download' | 'favorites'. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/** A user's feed address token (migration 022c); one per user. */
export interface FeedTokensTable {
  user_id: number;
  token: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  listings: ListingsTable;
  works: WorksTable;
  episodes: EpisodesTable;
  image_index: ImageIndexTable;
  cached_images: CachedImagesTable;
  user_settings: UserSettingsTable;
  history: HistoryTable;
  recent_searches: RecentSearchesTable;
  downloads: DownloadsTable;
  cache_generation: CacheGenerationTable;
  cache_totals: CacheTotalsTable;
  upstream_hosts: UpstreamHostsTable;
  upstream_fetches: UpstreamFetchesTable;
  upstream_credentials: UpstreamCredentialsTable;
  listing_crawls: ListingCrawlsTable;
  favorite_works: FavoriteWorksTable;
  favorite_episodes: FavoriteEpisodesTable;
  favorite_images: FavoriteImagesTable;
  audit_log: AuditLogTable;
  image_hosts: ImageHostsTable;
  followed_works: FollowedWorksTable;
  followed_episodes: FollowedEpisodesTable;
  follows: FollowsTable;
  access_tokens: AccessTokensTable;
  feed_tokens: FeedTokensTable;
  upstream_request_counts: UpstreamRequestCountsTable;
}

/** Image hosts that stopped answering, as every process learnt them (images/host-down-store.ts). */
export interface ImageHostsTable {
  host: string;
  sizes: string;
  failures_in_a_row: Generated<number>;
  down_until: Generated<number>;
  down_for_ms: number;
  last_error: string | null;
  last_failure_at: number | null;
}

/** Upstream requests per host and minute since the epoch, across processes (the last day's). */
export interface UpstreamRequestCountsTable {
  host: string;
  minute: number;
  requests: number;
}

import type { Generated } from 'kysely';

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
  unsolved_streak: Generated<number>;
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

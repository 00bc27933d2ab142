import type { UpstreamConfig } from '../config';
import type { UpstreamClientDeps, UpstreamLogger } from './client-api';
import { HostBook } from './health';
import { SharedHosts } from './shared-hosts';
import { SiteAccess } from './site-access';

/** What the paced client's parts share, made once per client from its config and deps. */
export interface ClientContext {
  readonly config: UpstreamConfig;
  readonly now: () => number;
  readonly random: () => number;
  readonly logger?: UpstreamLogger;
  /** This process's record of each host: outcomes, cool-downs, the health report. */
  readonly book: HostBook;
  /** Pacing and cool-downs shared with the other processes (none: this process on its own). */
  readonly shared?: SharedHosts;
  readonly site: SiteAccess;
}

export function clientContext(config: UpstreamConfig, deps: UpstreamClientDeps): ClientContext {
  const now = deps.now ?? Date.now;
  const book = new HostBook(now);
  return {
    config,
    now,
    random: deps.random ?? Math.random,
    logger: deps.logger,
    book,
    shared: deps.shared && new SharedHosts(deps.shared, book, now, deps.logger),
    site: new SiteAccess(config, deps.clearance),
  };
}

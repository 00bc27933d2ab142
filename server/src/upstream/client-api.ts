import type { ClearanceGate } from './challenge';
import type { HostHealth } from './health';
import type { HostRequestCounts, SharedHostStore } from './shared-store';
import type { Transport } from './transport';

export interface UpstreamLogger {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface UpstreamClientDeps {
  /** What puts requests on the wire; by default the one UPSTREAM_TRANSPORT names. */
  transport?: Transport;
  now?: () => number;
  random?: () => number;
  logger?: UpstreamLogger;
  /**
   * Pacing and cool-downs shared with other app processes (the database). Without it this
   * process paces and cools down on its own.
   */
  shared?: SharedHostStore;
  /**
   * The site's clearance (cookie + User-Agent) and its challenge solver. Without it a challenge
   * only cools the host down.
   */
  clearance?: ClearanceGate;
}

/** Who waits for a fetch: what a user looks at goes before work nobody waits for. */
export const FetchPriority = { visible: 0, background: -10 } as const;

export interface FetchOptions {
  signal?: AbortSignal;
  /**
   * false: a check (立即验证, a pasted cookie): a challenge is reported, never solved, and the
   * request goes out even while the host cools down.
   */
  solve?: boolean;
  /** Higher starts first among requests waiting for the same host; default `visible`. */
  priority?: number;
}

export interface UpstreamImage {
  body: Buffer;
  contentType: string;
}

export interface UpstreamHealth {
  /** Requests actually sent over the network (cool-down refusals are not sent). */
  requestsSent: number;
  hosts: HostHealth[];
}

/** The one way out to the site: paced per host, retried, cooled down when it pushes back. */
export interface UpstreamClient {
  fetchPage(url: string, options?: FetchOptions): Promise<string>;
  fetchImage(url: string, options?: FetchOptions): Promise<UpstreamImage>;
  /** Health of one host (`host` or `host:port`, as in a URL). */
  hostStatus(host: string): HostHealth;
  health(): UpstreamHealth;
  /** Requests per host in the last hour and day by every process on the database (null: unknown). */
  requestCounts(): Promise<ReadonlyMap<string, HostRequestCounts> | null>;
  /** Ends the host's cool-down in every process (a new clearance is worth a try at once). */
  endCoolDown(host: string): Promise<void>;
  /** Hosts the transport serves with another impersonation profile after a refusal. */
  profiles(): Record<string, string>;
  /** The User-Agent requests carry (a clearance cookie is only good with the same one). */
  readonly userAgent: string;
  close(): Promise<void>;
}

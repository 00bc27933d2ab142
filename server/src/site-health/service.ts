import {
  CHALLENGE_REASON_TEXT,
  type ClearanceCheck,
  type PasteClearanceRequest,
  type SiteHealthActionResponse,
  type SiteHealthResponse,
  type SiteHost,
} from '@capshelf/contract';
import type { ImageHostState } from '@capshelf/contract';
import type { Config } from '../config';
import type { AlsoInTransaction } from '../db';
import {
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  type HostHealth,
  type UpstreamClient,
} from '../upstream';
import type { ClearanceGate, CredentialsRecord, IdentityReport } from '../upstream/challenge';
import type { CacheMeter } from './cache-meter';

const PASSED = '验证通过：源站接受当前的 Cookie 和 User-Agent';
const NO_CHALLENGE = '站点可以访问，无需验证';

const iso = (ms: number | null) => (ms === null || ms === 0 ? null : new Date(ms).toISOString());

const presented = (p: { userAgent: string; secChUa: string; platform: string }) => ({
  user_agent: p.userAgent,
  sec_ch_ua: p.secChUa,
  platform: p.platform,
});
const FIELD = { userAgent: 'user_agent', secChUa: 'sec_ch_ua', platform: 'platform' } as const;

function identityView(report: IdentityReport): SiteHealthResponse['identity'] {
  return {
    transport: report.transport && presented(report.transport),
    solver: presented(report.solver),
    engine: report.engine,
    differences: report.differences.map((key) => FIELD[key]),
  };
}

/** `cf_clearance=abcd…; __cf_bm=…`: names and a few leading characters, never a whole value. */
export function maskCookie(cookie: string): string {
  return cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return `${name}=${value.length > 12 ? value.slice(0, 4) : ''}…`;
    })
    .join('; ');
}

/**
 * The admin's view of the source site: per host what the paced client knows (health.ts: state,
 * recent outcomes, request counts), the clearance and the solver's record, the pacing settings
 * and the caches' hit rates; and the admin's actions on the clearance. Host-down knowledge of the
 * image hosts (kept elsewhere) would join in `hostView`.
 */
export class SiteHealthService {
  readonly #pageHost: string;
  readonly #checkUrl: string;
  #verifying: Promise<SiteHealthActionResponse> | null = null;
  /** The last check's outcome, for the card (this process's, like the hosts' states). */
  #lastCheck: SiteHealthResponse['clearance']['last_check'] = null;

  constructor(
    private readonly deps: {
      config: Config;
      client: UpstreamClient;
      gate: ClearanceGate;
      meter: CacheMeter;
      browserInstalled: () => boolean;
      /** What the image store learnt of each image host (down hosts are skipped). */
      imageHosts: () => Promise<ImageHostState[]>;
      /** The start-up check of the transport's and the solver's browser identity. */
      identity: Promise<IdentityReport>;
    },
  ) {
    this.#pageHost = new URL(deps.config.upstream.baseUrl).host;
    this.#checkUrl = `${deps.config.upstream.baseUrl}/`;
  }

  async view(): Promise<SiteHealthResponse> {
    const { config, client, gate, meter } = this.deps;
    const record = await gate.refresh(true);
    const { clearance } = gate.current();
    const source = record.clearance ? record.source : clearance ? 'environment' : null;
    // Request counts are every process's (the database's); other states are this process's view.
    const counts = await client.requestCounts();
    const names = new Set([this.#pageHost, ...client.health().hosts.map((h) => h.host)]);
    for (const host of counts?.keys() ?? []) names.add(host);
    const hosts = [...names].map((host) => {
      const status = client.hostStatus(host);
      const shared = counts?.get(host);
      return shared
        ? { ...status, requestsLastHour: shared.lastHour, requestsLastDay: shared.lastDay }
        : status;
    });
    const up = config.upstream;
    const cache = meter.snapshot();
    const rate = ({ hits, misses }: { hits: number; misses: number }) => ({
      hits,
      misses,
      hit_rate: hits + misses === 0 ? null : hits / (hits + misses),
    });
    return {
      hosts: hosts
        .map((h) => this.hostView(h, record))
        .sort((a, b) =>
          a.role === b.role ? a.host.localeCompare(b.host) : a.role === 'pages' ? -1 : 1,
        ),
      clearance: {
        source,
        obtained_at: iso(record.clearance ? record.obtainedAt : null),
        cookie_masked: clearance?.cookie ? maskCookie(clearance.cookie) : null,
        user_agent: clearance?.userAgent ?? null,
        challenged_at: iso(record.challengedAt),
        challenge_reason: record.challengeReason,
        last_check: this.#lastCheck,
      },
      solver: {
        mode: up.challenge.solver,
        browser_installed: this.deps.browserInstalled(),
        timeout_ms: up.challenge.timeoutMs,
        solves: record.solves,
        failures: record.solveFailures,
        last_solve_at: iso(record.lastSolveAt),
        next_try_at: iso(this.deps.gate.nextTryAt(record)),
      },
      pacing: {
        pages: { concurrency: up.pages.concurrency, spacing_ms: up.pages.spacingMs },
        thumbs: { concurrency: up.thumbs.concurrency, spacing_ms: up.thumbs.spacingMs },
        full: { concurrency: up.full.concurrency, spacing_ms: up.full.spacingMs },
        jitter_ms: up.jitterMs,
        cooldown_ms: up.cooldownMs,
        retries: up.retries,
        timeout_ms: up.timeoutMs,
      },
      cache: { listings: rate(cache.listings), images: rate(cache.images) },
      image_hosts: await this.deps.imageHosts(),
      identity: identityView(await this.deps.identity),
    };
  }

  /** Stores a clearance copied from a browser, applies it at once and tries it on the site. */
  async paste(
    input: PasteClearanceRequest,
    also?: AlsoInTransaction,
  ): Promise<SiteHealthActionResponse> {
    await this.deps.gate.replace({ cookie: input.cookie, userAgent: input.user_agent }, also);
    return this.#checked(await this.#check());
  }

  /**
   * 立即验证: one request first; only when the site challenges it does the browser solve (at once,
   * shared with any solve under way), then the result is checked. No challenge: said so at once.
   */
  verify(): Promise<SiteHealthActionResponse> {
    // Concurrent calls (a double click, two admins) wait for the one under way and share it.
    this.#verifying ??= this.#verify().finally(() => (this.#verifying = null));
    return this.#verifying;
  }

  async #verify(): Promise<SiteHealthActionResponse> {
    const { gate } = this.deps;
    const first = await this.#check(NO_CHALLENGE);
    if (first.ok || !first.reason || !gate.solverEnabled) return this.#checked(first);
    const reason = await gate.solveNow(this.#checkUrl);
    if (reason) {
      return this.#checked({ ok: false, reason, message: CHALLENGE_REASON_TEXT[reason] });
    }
    return this.#checked(await this.#check());
  }

  /** Forgets the stored clearance: the environment's (if any) applies again. */
  async clear(also?: AlsoInTransaction): Promise<SiteHealthResponse> {
    await this.deps.gate.replace(null, also);
    return this.view();
  }

  async #checked(check: ClearanceCheck): Promise<SiteHealthActionResponse> {
    this.#lastCheck = { ...check, at: new Date().toISOString() };
    return { check, health: await this.view() };
  }

  /** One request to the site's home page with the current clearance, the solver left out. */
  async #check(passed = PASSED): Promise<ClearanceCheck> {
    const { client, gate } = this.deps;
    // A new clearance deserves a try now, not after the cool-down the old one earned.
    await client.endCoolDown(this.#pageHost);
    let check: ClearanceCheck;
    try {
      await client.fetchPage(this.#checkUrl, { solve: false });
      check = { ok: true, reason: null, message: passed };
    } catch (error) {
      if (error instanceof UpstreamNotFoundError) {
        check = { ok: true, reason: null, message: passed };
      } else if (error instanceof UpstreamRateLimitedError && error.challenge) {
        check = {
          ok: false,
          reason: error.challenge,
          message: CHALLENGE_REASON_TEXT[error.challenge],
        };
      } else if (error instanceof UpstreamRateLimitedError) {
        check = { ok: false, reason: null, message: '源站限制了访问频率，请稍后再验证' };
      } else {
        check = { ok: false, reason: null, message: '源站暂时无法访问，请稍后再验证' };
      }
    }
    if (check.ok || check.reason) await gate.checked(check.reason);
    return check;
  }

  /** One host as the page shows it. */
  private hostView(h: HostHealth, record: CredentialsRecord): SiteHost {
    const pages = h.host === this.#pageHost;
    const answeredSince =
      h.lastOutcome === 'ok' && h.lastAt !== null && record.challengedAt !== null
        ? Date.parse(h.lastAt) > record.challengedAt
        : false;
    const challenged = pages && record.challengedAt !== null && !answeredSince;
    let state: SiteHost['state'] = h.status === 'rate_limited' ? 'cooling_down' : h.status;
    if (challenged) state = 'challenged';
    return {
      host: h.host,
      role: pages ? 'pages' : 'images',
      state,
      cooling_until:
        h.retryAfterSeconds === null
          ? null
          : new Date(Date.now() + h.retryAfterSeconds * 1000).toISOString(),
      requests_last_hour: h.requestsLastHour,
      requests_last_day: h.requestsLastDay,
      recent: h.recent,
      profile: this.deps.client.profiles()[h.host] ?? null,
    };
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { decodeBody, readBody } from './body';
import type { ChallengeReason } from '@capshelf/contract';
import { ChallengeMet } from './challenge';
import { isChallenge } from './challenge/detect';
import type { UpstreamConfig } from '../config';
import type { FetchOptions, UpstreamClient, UpstreamClientDeps } from './client-api';
import {
  UpstreamBadResponseError,
  UpstreamHttpError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUrlRefusedError,
} from './errors';
import { imageExpectation, pageExpectation, type Expectation } from './expectations';
import { HostBook } from './health';
import { hostPace } from './hosts';
import { HostLane } from './lane';
import { isRetryable, outcomeOf, statusOf, toTypedError } from './outcomes';
import { isBlockPage } from './parse/page-check';
import { retryAfterMs } from './retry-after';
import { SharedHosts } from './shared-hosts';
import { createTransport } from './transport';
import { createUrlModel } from './urls';

const MAX_REDIRECTS = 5;
/** Error bodies are read only far enough to spot a challenge page. */
const ERROR_BODY_BYTES = 256 * 1024;
export function createUpstreamClient(
  config: UpstreamConfig,
  deps: UpstreamClientDeps = {},
): UpstreamClient {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const logger = deps.logger;
  const transport = deps.transport ?? createTransport(config);
  const urls = createUrlModel(config);
  const book = new HostBook(now);
  const shared = deps.shared && new SharedHosts(deps.shared, book, now, logger);
  const lanes = new Map<string, HostLane>();
  const gate = deps.clearance;
  const pageHost = new URL(config.baseUrl).host;
  // The clearance belongs to the site; configured stand-in image hosts never see it.
  const isSiteHost = (url: URL) =>
    url.host === pageHost || /(^|\.)fancaps\.net$/i.test(url.hostname);
  const referer = `${config.baseUrl}/`;
  let requestsSent = 0;
  let closed = false;
  /** Hosts whose current cool-down began with a block page, so refusals meanwhile say so too. */
  const blockedHosts = new Set<string>();

  /** Pages, thumbnails and full-size images each keep their own pace (per host). */
  const pacingOf = (host: string) => config[hostPace(host, config)];

  function laneFor(host: string): HostLane {
    let lane = lanes.get(host);
    if (!lane) {
      lane = new HostLane(
        // Jitter never exceeds the host's own spacing: the 500 ms meant for page requests would
        // otherwise triple the gap between image requests and make a first grid trickle in.
        { ...pacingOf(host), jitterMs: Math.min(config.jitterMs, pacingOf(host).spacingMs) },
        now,
        random,
        shared && ((gapMs) => shared.reserve(host, gapMs)),
      );
      lanes.set(host, lane);
    }
    return lane;
  }

  /** Refuses without touching the network while the host cools down (in any process). */
  async function refuseWhileCooling(url: URL): Promise<void> {
    await shared?.refresh(url.host);
    const seconds = book.coolDownSeconds(url.host);
    if (seconds > 0) {
      // A cool-down a challenge started still tells the page why.
      const challenge = gate && isSiteHost(url) ? gate.unsolved() : null;
      throw new UpstreamRateLimitedError(
        url.host,
        seconds,
        url.href,
        null,
        challenge,
        blockedHosts.has(url.host),
      );
    }
  }

  /** Starts the host's cool-down and returns the error that reports it. */
  function rateLimited(
    url: URL,
    status: number,
    retryAfterHeader?: string,
    challenge: ChallengeReason | null = null,
    blocked = false,
  ): UpstreamRateLimitedError {
    const ms = retryAfterMs(retryAfterHeader, now()) ?? config.cooldownMs;
    book.startCoolDown(url.host, ms);
    if (blocked) blockedHosts.add(url.host);
    else blockedHosts.delete(url.host);
    logger?.warn(
      { url: url.href, status, coolDownMs: ms, challenge, blocked },
      'upstream rate limited; cooling down',
    );
    return new UpstreamRateLimitedError(
      url.host,
      Math.ceil(ms / 1000),
      url.href,
      status,
      challenge,
      blocked,
    );
  }

  /** A challenge on the site's hosts goes to the solver (when there is one); elsewhere it cools down. */
  function challenged(url: URL, status: number): Error {
    return gate && isSiteHost(url) ? new ChallengeMet(status) : rateLimited(url, status);
  }

  /**
   * The clearance (its cookie, and the User-Agent it was earned with) goes to the site's own hosts
   * only; configured stand-in image hosts never see it.
   */
  function clearanceFor(url: URL): { cookie?: string; userAgent?: string } {
    if (!isSiteHost(url)) return {};
    const clearance = gate
      ? gate.current().clearance
      : config.cookie
        ? { cookie: config.cookie }
        : null;
    if (!clearance) return {};
    return {
      cookie: clearance.cookie || undefined,
      userAgent: 'userAgent' in clearance ? clearance.userAgent : undefined,
    };
  }

  /** One request on the wire; returns the answer, or where a redirect leads. */
  async function send<T>(
    url: URL,
    expect: Expectation<T>,
    signal?: AbortSignal,
  ): Promise<{ value: T } | { redirect: URL }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), config.timeoutMs);
    requestsSent += 1;
    book.countRequest(url.host);
    shared?.countRequest(url.host);
    const clearanceVersion = gate?.current().version ?? 0;
    try {
      const response = await transport.send({
        url,
        accept: expect.accept,
        referer,
        ...clearanceFor(url),
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
        timeoutMs: config.timeoutMs,
      });
      const { status, encoding } = response;
      if (status < 200 || status >= 300) {
        // Drained so the connection is reused; read so a challenge behind a 503 is recognised.
        const text = await readBody(response.body, ERROR_BODY_BYTES, url)
          .then((raw) => decodeBody(raw, encoding, ERROR_BODY_BYTES, url).toString())
          .catch(() => '');
        const location = response.header('location');
        if (status >= 300 && status < 400 && location) return { redirect: new URL(location, url) };
        if (isChallenge(response.header('cf-mitigated'), text)) throw challenged(url, status);
        if (status === 403 || status === 429) {
          const blocked = status === 403 && isBlockPage(text);
          throw rateLimited(url, status, response.header('retry-after'), null, blocked);
        }
        if (status === 404 || status === 410) throw new UpstreamNotFoundError(url.href);
        throw new UpstreamHttpError(status, url.href);
      }
      const raw = await readBody(response.body, expect.maxBytes, url);
      const body = decodeBody(raw, encoding, expect.maxBytes, url);
      const contentType = response.header('content-type');
      const value = expect.read({ status, contentType, body }, url);
      book.recordOutcome(url.host, 'ok', status);
      // The site answers again: a challenge left unsolved earlier is over.
      if (gate && isSiteHost(url)) await gate.answered();
      return { value };
    } catch (error) {
      if (error instanceof ChallengeMet) {
        book.recordOutcome(url.host, 'challenged', error.status);
        throw error.sentWith(clearanceVersion);
      }
      const typed = toTypedError(error, url, config.timeoutMs, timeout.signal, signal);
      const outcome = outcomeOf(typed);
      if (outcome) book.recordOutcome(url.host, outcome, statusOf(typed));
      // Shared before the caller hears of it, so other processes hold back from now on.
      if (outcome === 'rate_limited') await shared?.publish(url.host);
      throw typed;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * After a challenge: one solve (shared), then one retry with the new clearance. A challenge
   * that stays, or cannot be solved, cools the host down as any refusal does.
   */
  async function afterChallenge(
    url: URL,
    met: ChallengeMet,
    solve: boolean,
  ): Promise<'retry' | UpstreamRateLimitedError> {
    const reason = solve && gate ? await gate.resolve(url.href, met.version) : 'rejected';
    if (reason === null) return 'retry';
    const error = rateLimited(url, met.status, undefined, reason);
    await shared?.publish(url.host);
    return error;
  }

  /** One URL with retries: each attempt waits its turn in the host's lane. */
  async function sendWithRetries<T>(url: URL, expect: Expectation<T>, options: FetchOptions) {
    const { signal, priority } = options;
    const lane = laneFor(url.host);
    const { spacingMs } = pacingOf(url.host);
    let solveAllowed = options.solve ?? true;
    for (let attempt = 0; ; attempt += 1) {
      await refuseWhileCooling(url);
      try {
        return await lane.run(
          () => send(url, expect, signal),
          () => refuseWhileCooling(url),
          signal,
          priority,
        );
      } catch (error) {
        if (error instanceof ChallengeMet) {
          const next = await afterChallenge(url, error, solveAllowed);
          if (next !== 'retry') throw next;
          solveAllowed = false;
          continue;
        }
        if (!isRetryable(error) || attempt >= config.retries) throw error;
        const delay = spacingMs * 2 ** attempt + random() * config.jitterMs;
        logger?.warn(
          { url: url.href, attempt: attempt + 1, delay, error: String(error) },
          'upstream retry',
        );
        await sleep(delay, undefined, { signal });
      }
    }
  }

  async function get<T>(href: string, expect: Expectation<T>, options: FetchOptions): Promise<T> {
    if (closed) throw new Error('upstream client is closed');
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw new UpstreamUrlRefusedError(href);
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!urls.isAllowed(url)) throw new UpstreamUrlRefusedError(url.href);
      if (gate && isSiteHost(url)) await gate.ready();
      const result = await sendWithRetries(url, expect, options);
      if ('value' in result) return result.value;
      logger?.debug({ from: url.href, to: result.redirect.href }, 'upstream redirect');
      url = result.redirect;
    }
    throw new UpstreamBadResponseError('too many redirects', href);
  }

  const pages = pageExpectation(challenged);
  const images = imageExpectation(challenged);

  return {
    fetchPage: (url, options = {}) => get(url, pages, options),
    fetchImage: (url, options = {}) => get(url, images, options),
    hostStatus: (host) => book.status(host),
    health: () => ({ requestsSent, hosts: book.hosts().map((host) => book.status(host)) }),
    requestCounts: async () => (await shared?.requestCounts()) ?? null,
    async endCoolDown(host) {
      book.endCoolDown(host);
      await shared?.endCoolDown(host);
    },
    profiles: () => transport.profiles?.() ?? {},
    userAgent: transport.userAgent,
    async close() {
      if (closed) return;
      closed = true;
      for (const lane of lanes.values()) lane.clear();
      await transport.close();
    },
  };
}

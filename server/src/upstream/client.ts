import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { Agent, request } from 'undici';
import { decodeBody, readBody } from './body';
import type { UpstreamConfig } from '../config';
import {
  UpstreamBadResponseError,
  UpstreamConnectionError,
  UpstreamError,
  UpstreamHttpError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamUrlRefusedError,
} from './errors';
import type { HostHealth, RequestOutcome } from './health';
import { HostBook } from './health';
import { HostLane } from './lane';
import { pageProblem } from './parse/page-check';
import { retryAfterMs } from './retry-after';
import { SharedHosts } from './shared-hosts';
import type { SharedHostStore } from './shared-store';
import { createUrlModel } from './urls';

export interface UpstreamLogger {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface UpstreamClientDeps {
  /** An undici dispatcher to send through instead of the client's own keep-alive agent. */
  dispatcher?: Dispatcher;
  now?: () => number;
  random?: () => number;
  logger?: UpstreamLogger;
  /**
   * Pacing and cool-downs shared with other app processes (the database). Without it this
   * process paces and cools down on its own.
   */
  shared?: SharedHostStore;
}

/** Who waits for a fetch: what a user looks at goes before work nobody waits for. */
export const FetchPriority = { visible: 0, background: -10 } as const;

export interface FetchOptions {
  signal?: AbortSignal;
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
  close(): Promise<void>;
}

const MAX_REDIRECTS = 5;
/** Error bodies are read only far enough to spot a challenge page. */
const ERROR_BODY_BYTES = 256 * 1024;
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

interface Received {
  status: number;
  contentType: string;
  body: Buffer;
}

/** What one kind of fetch expects back. */
interface Expectation<T> {
  accept: string;
  maxBytes: number;
  /** Turns a 2xx answer into the result, or throws the typed error it deserves. */
  read(received: Received, url: URL): T;
}

const OUTCOMES: [new (...args: never[]) => UpstreamError, RequestOutcome][] = [
  [UpstreamRateLimitedError, 'rate_limited'],
  [UpstreamNotFoundError, 'not_found'],
  [UpstreamTimeoutError, 'timeout'],
  [UpstreamConnectionError, 'connection_error'],
  [UpstreamHttpError, 'http_error'],
  [UpstreamBadResponseError, 'bad_response'],
];

function outcomeOf(error: unknown): RequestOutcome | null {
  return OUTCOMES.find(([type]) => error instanceof type)?.[1] ?? null;
}

/** Only failures that may pass on their own are retried; a 4xx never is. */
function isRetryable(error: unknown): boolean {
  return (
    error instanceof UpstreamTimeoutError ||
    error instanceof UpstreamConnectionError ||
    (error instanceof UpstreamHttpError && error.status >= 500)
  );
}

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function createUpstreamClient(
  config: UpstreamConfig,
  deps: UpstreamClientDeps = {},
): UpstreamClient {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const logger = deps.logger;
  const dispatcher: Dispatcher = deps.dispatcher ?? new Agent({ keepAliveTimeout: 30_000 });
  const ownsDispatcher = !deps.dispatcher;
  const urls = createUrlModel(config);
  const book = new HostBook(now);
  const shared = deps.shared && new SharedHosts(deps.shared, book, now, logger);
  const lanes = new Map<string, HostLane>();
  const pageHost = new URL(config.baseUrl).host;
  const referer = `${config.baseUrl}/`;
  let requestsSent = 0;
  let closed = false;

  const pacingOf = (host: string) => (host === pageHost ? config.pages : config.images);

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
    if (seconds > 0) throw new UpstreamRateLimitedError(url.host, seconds, url.href);
  }

  /** Starts the host's cool-down and returns the error that reports it. */
  function rateLimited(
    url: URL,
    status: number,
    retryAfterHeader?: string,
  ): UpstreamRateLimitedError {
    const ms = retryAfterMs(retryAfterHeader, now()) ?? config.cooldownMs;
    book.startCoolDown(url.host, ms);
    logger?.warn({ url: url.href, status, coolDownMs: ms }, 'upstream rate limited; cooling down');
    return new UpstreamRateLimitedError(url.host, Math.ceil(ms / 1000), url.href, status);
  }

  function headersFor(url: URL, accept: string): Record<string, string> {
    const headers: Record<string, string> = {
      'user-agent': config.userAgent,
      accept,
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
      referer,
    };
    // The clearance cookie belongs to the site; configured stand-in image hosts never see it.
    const siteHost = url.host === pageHost || /(^|\.)fancaps\.net$/i.test(url.hostname);
    if (config.cookie && siteHost) headers.cookie = config.cookie;
    return headers;
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
    try {
      const response = await request(url, {
        method: 'GET',
        dispatcher,
        headers: headersFor(url, expect.accept),
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
        headersTimeout: config.timeoutMs,
        bodyTimeout: config.timeoutMs,
      });
      const status = response.statusCode;
      if (status < 200 || status >= 300) {
        // Drained so the connection is reused; read so a challenge behind a 503 is recognised.
        const encoding = header(response.headers['content-encoding']);
        const text = await readBody(response.body, ERROR_BODY_BYTES, url)
          .then((raw) => decodeBody(raw, encoding, ERROR_BODY_BYTES, url).toString())
          .catch(() => '');
        const location = header(response.headers.location);
        if (status >= 300 && status < 400 && location) return { redirect: new URL(location, url) };
        const challenged =
          header(response.headers['cf-mitigated']) === 'challenge' ||
          pageProblem(text) === 'challenge';
        if (status === 403 || status === 429 || challenged) {
          throw rateLimited(url, status, header(response.headers['retry-after']));
        }
        if (status === 404 || status === 410) throw new UpstreamNotFoundError(url.href);
        throw new UpstreamHttpError(status, url.href);
      }
      const raw = await readBody(response.body, expect.maxBytes, url);
      const encoding = header(response.headers['content-encoding']);
      const body = decodeBody(raw, encoding, expect.maxBytes, url);
      const contentType = header(response.headers['content-type']);
      const value = expect.read({ status, contentType, body }, url);
      book.recordOutcome(url.host, 'ok');
      return { value };
    } catch (error) {
      const typed = toTypedError(error, url, timeout.signal, signal);
      const outcome = outcomeOf(typed);
      if (outcome) book.recordOutcome(url.host, outcome);
      // Shared before the caller hears of it, so other processes hold back from now on.
      if (outcome === 'rate_limited') await shared?.publish(url.host);
      throw typed;
    } finally {
      clearTimeout(timer);
    }
  }

  function toTypedError(
    error: unknown,
    url: URL,
    timeoutSignal: AbortSignal,
    callerSignal?: AbortSignal,
  ): unknown {
    if (error instanceof UpstreamError) return error;
    if (callerSignal?.aborted) return callerSignal.reason;
    if (timeoutSignal.aborted || isUndiciTimeout(error)) {
      return new UpstreamTimeoutError(config.timeoutMs, url.href);
    }
    return new UpstreamConnectionError(url.href, { cause: error });
  }

  /** One URL with retries: each attempt waits its turn in the host's lane. */
  async function sendWithRetries<T>(url: URL, expect: Expectation<T>, options: FetchOptions) {
    const { signal, priority } = options;
    const lane = laneFor(url.host);
    const { spacingMs } = pacingOf(url.host);
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
      const result = await sendWithRetries(url, expect, options);
      if ('value' in result) return result.value;
      logger?.debug({ from: url.href, to: result.redirect.href }, 'upstream redirect');
      url = result.redirect;
    }
    throw new UpstreamBadResponseError('too many redirects', href);
  }

  const pageExpectation: Expectation<string> = {
    accept: PAGE_ACCEPT,
    maxBytes: 10 * 1024 * 1024,
    read({ status, contentType, body }, url) {
      const html = body.toString('utf8');
      const problem = pageProblem(html);
      // Cloudflare answers challenges with 200 too; the body tells.
      if (problem === 'challenge') throw rateLimited(url, status);
      if (contentType && !/html/i.test(contentType)) {
        throw new UpstreamBadResponseError(`not HTML: ${contentType}`, url.href);
      }
      if (problem) throw new UpstreamBadResponseError(`${problem} page`, url.href);
      return html;
    },
  };

  const imageExpectation: Expectation<UpstreamImage> = {
    accept: IMAGE_ACCEPT,
    maxBytes: 50 * 1024 * 1024,
    read({ status, contentType, body }, url) {
      if (!/^image\//i.test(contentType)) {
        if (pageProblem(body.toString('utf8')) === 'challenge') throw rateLimited(url, status);
        throw new UpstreamBadResponseError(`not an image: ${contentType || 'no type'}`, url.href);
      }
      if (body.length === 0) throw new UpstreamBadResponseError('empty image', url.href);
      return { body, contentType };
    },
  };

  return {
    fetchPage: (url, options = {}) => get(url, pageExpectation, options),
    fetchImage: (url, options = {}) => get(url, imageExpectation, options),
    hostStatus: (host) => book.status(host),
    health: () => ({ requestsSent, hosts: book.hosts().map((host) => book.status(host)) }),
    async close() {
      if (closed) return;
      closed = true;
      for (const lane of lanes.values()) lane.clear();
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

import { decodeBody, readBody } from './body';
import { ChallengeMet } from './challenge';
import { isChallenge } from './challenge/detect';
import type { ClientContext } from './client-context';
import type { CoolDowns } from './cool-downs';
import { UpstreamHttpError, UpstreamNotFoundError } from './errors';
import type { Expectation } from './expectations';
import { outcomeOf, statusOf, toTypedError } from './outcomes';
import { isBlockPage } from './parse/page-check';
import type { Transport, TransportResponse } from './transport';

/** Error bodies are read only far enough to spot a challenge page. */
const ERROR_BODY_BYTES = 256 * 1024;

/** What one request came back with: the answer, or where a redirect leads. */
export type Sent<T> = { value: T } | { redirect: URL };

/** Puts single requests on the wire (no pacing, no retries) and records how each one went. */
export class Wire {
  /** Requests actually sent over the network (cool-down refusals never get this far). */
  sent = 0;
  readonly #referer: string;

  constructor(
    private readonly context: ClientContext,
    private readonly transport: Transport,
    private readonly coolDowns: CoolDowns,
  ) {
    this.#referer = `${context.config.baseUrl}/`;
  }

  /** One request on the wire; returns the answer, or where a redirect leads. */
  async send<T>(url: URL, expect: Expectation<T>, signal?: AbortSignal): Promise<Sent<T>> {
    const { config, book, shared, site } = this.context;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), config.timeoutMs);
    this.sent += 1;
    book.countRequest(url.host);
    shared?.countRequest(url.host);
    const clearanceVersion = site.gate?.current().version ?? 0;
    try {
      const response = await this.transport.send({
        url,
        accept: expect.accept,
        referer: this.#referer,
        ...site.clearanceFor(url),
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
        timeoutMs: config.timeoutMs,
      });
      if (response.status < 200 || response.status >= 300) return await this.#notOk(response, url);
      return await this.#ok(response, url, expect);
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

  /** A 2xx answer, read into what the fetch expects. */
  async #ok<T>(
    response: TransportResponse,
    url: URL,
    expect: Expectation<T>,
  ): Promise<{ value: T }> {
    const { status, encoding } = response;
    const raw = await readBody(response.body, expect.maxBytes, url);
    const body = decodeBody(raw, encoding, expect.maxBytes, url);
    const contentType = response.header('content-type');
    const value = expect.read({ status, contentType, body }, url);
    this.context.book.recordOutcome(url.host, 'ok', status);
    // The site answers again: a challenge left unsolved earlier is over.
    const gate = this.context.site.gateFor(url);
    if (gate) await gate.answered();
    return { value };
  }

  /** Any other answer: where a redirect leads, else the typed error it deserves (thrown). */
  async #notOk(response: TransportResponse, url: URL): Promise<{ redirect: URL }> {
    const { status, encoding } = response;
    // Drained so the connection is reused; read so a challenge behind a 503 is recognised.
    const text = await readBody(response.body, ERROR_BODY_BYTES, url)
      .then((raw) => decodeBody(raw, encoding, ERROR_BODY_BYTES, url).toString())
      .catch(() => '');
    const location = response.header('location');
    if (status >= 300 && status < 400 && location) return { redirect: new URL(location, url) };
    if (isChallenge(response.header('cf-mitigated'), text)) {
      throw this.coolDowns.challenged(url, status);
    }
    if (status === 403 || status === 429) {
      const blocked = status === 403 && isBlockPage(text);
      throw this.coolDowns.rateLimited(url, status, {
        retryAfter: response.header('retry-after'),
        blocked,
      });
    }
    if (status === 404 || status === 410) throw new UpstreamNotFoundError(url.href);
    throw new UpstreamHttpError(status, url.href);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { ChallengeMet } from './challenge';
import type { FetchOptions } from './client-api';
import type { ClientContext } from './client-context';
import type { CoolDowns } from './cool-downs';
import { UpstreamBadResponseError, UpstreamUrlRefusedError } from './errors';
import type { Expectation } from './expectations';
import { HostLanes } from './host-lanes';
import { isRetryable } from './outcomes';
import { createUrlModel, type UrlModel } from './urls';
import type { Wire } from './wire';

const MAX_REDIRECTS = 5;

/**
 * Fetches one allowed URL: each request waits its turn in the host's lane and is refused while
 * the host cools down; failures that may pass are retried, a challenge is solved once, redirects
 * are followed.
 */
export class Fetcher {
  readonly #urls: UrlModel;
  readonly #lanes: HostLanes;
  #closed = false;

  constructor(
    private readonly context: ClientContext,
    private readonly wire: Wire,
    private readonly coolDowns: CoolDowns,
  ) {
    this.#urls = createUrlModel(context.config);
    this.#lanes = new HostLanes(context);
  }

  async get<T>(href: string, expect: Expectation<T>, options: FetchOptions): Promise<T> {
    if (this.#closed) throw new Error('upstream client is closed');
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw new UpstreamUrlRefusedError(href);
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!this.#urls.isAllowed(url)) throw new UpstreamUrlRefusedError(url.href);
      const gate = this.context.site.gateFor(url);
      if (gate) await gate.ready();
      const result = await this.#sendWithRetries(url, expect, options);
      if ('value' in result) return result.value;
      this.context.logger?.debug({ from: url.href, to: result.redirect.href }, 'upstream redirect');
      url = result.redirect;
    }
    throw new UpstreamBadResponseError('too many redirects', href);
  }

  /** Refuses every later fetch and drops those still waiting; false when it was closed already. */
  close(): boolean {
    if (this.#closed) return false;
    this.#closed = true;
    this.#lanes.clear();
    return true;
  }

  /** One URL with retries: each attempt waits its turn in the host's lane. */
  async #sendWithRetries<T>(url: URL, expect: Expectation<T>, options: FetchOptions) {
    const { config, random, logger } = this.context;
    const { signal, priority } = options;
    const lane = this.#lanes.laneFor(url.host);
    const { spacingMs } = this.#lanes.pacingOf(url.host);
    let solveAllowed = options.solve ?? true;
    // A check goes out even while the host cools down (another process may have started one just
    // now): it is the admin's one request to see whether the site answers.
    const refuse = () =>
      options.solve === false ? Promise.resolve() : this.coolDowns.refuseWhileCooling(url);
    for (let attempt = 0; ; attempt += 1) {
      await refuse();
      try {
        return await lane.run(() => this.wire.send(url, expect, signal), refuse, signal, priority);
      } catch (error) {
        if (error instanceof ChallengeMet) {
          const next = await this.coolDowns.afterChallenge(
            url,
            error,
            solveAllowed,
            options.solve !== false,
          );
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
}

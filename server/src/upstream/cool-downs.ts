import type { ChallengeReason } from '@capshelf/contract';
import { ChallengeMet } from './challenge';
import type { ClientContext } from './client-context';
import { UpstreamRateLimitedError } from './errors';
import { retryAfterMs } from './retry-after';

/** The client's side of a host's cool-down: refusing while it runs, starting it, challenges. */
export class CoolDowns {
  /** Hosts whose current cool-down began with a block page, so refusals meanwhile say so too. */
  readonly #blockedHosts = new Set<string>();

  constructor(private readonly context: ClientContext) {}

  /** Refuses without touching the network while the host cools down (in any process). */
  async refuseWhileCooling(url: URL): Promise<void> {
    const { book, shared, site } = this.context;
    await shared?.refresh(url.host);
    const seconds = book.coolDownSeconds(url.host);
    if (seconds > 0) {
      // A cool-down a challenge started still tells the page why.
      const challenge = site.gateFor(url)?.unsolved() ?? null;
      throw new UpstreamRateLimitedError(
        url.host,
        seconds,
        url.href,
        null,
        challenge,
        this.#blockedHosts.has(url.host),
      );
    }
  }

  /**
   * Starts the host's cool-down and returns the error that reports it: as long as the site's
   * Retry-After says, or `coolDownMs` (a challenge's backoff), or UPSTREAM_COOLDOWN.
   */
  rateLimited(
    url: URL,
    status: number,
    options: {
      retryAfter?: string;
      challenge?: ChallengeReason | null;
      blocked?: boolean;
      coolDownMs?: number;
    } = {},
  ): UpstreamRateLimitedError {
    const { config, now, book, logger } = this.context;
    const { challenge = null, blocked = false } = options;
    const ms = retryAfterMs(options.retryAfter, now()) ?? options.coolDownMs ?? config.cooldownMs;
    book.startCoolDown(url.host, ms);
    if (blocked) this.#blockedHosts.add(url.host);
    else this.#blockedHosts.delete(url.host);
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
  readonly challenged = (url: URL, status: number): Error =>
    this.context.site.gateFor(url) ? new ChallengeMet(status) : this.rateLimited(url, status);

  /**
   * After a challenge: one solve (shared), then one retry with the new clearance. A challenge
   * that stays, or cannot be solved, cools the host down until the gate's next try (30 s, 1 min,
   * 2 min … 10 min as failures repeat). `report`: a clearance refused on the retry counts as a
   * failure here (a caller that checks the clearance itself records its own answer).
   */
  async afterChallenge(
    url: URL,
    met: ChallengeMet,
    solve: boolean,
    report = true,
  ): Promise<'retry' | UpstreamRateLimitedError> {
    const { gate } = this.context.site;
    // Sent with a clearance another process has replaced since (it solved meanwhile): the challenge
    // was the old one's. The request goes again with the new one, and no host cools down for it.
    if (!solve && gate && (await gate.refresh(true)).version !== met.version) return 'retry';
    const reason = solve && gate ? await gate.resolve(url.href, met.version) : 'rejected';
    if (reason === null) return 'retry';
    if (gate && !solve && report) {
      await gate
        .checked('rejected')
        .catch((error: unknown) =>
          this.context.logger?.warn({ err: error }, 'could not record a refused clearance'),
        );
    }
    const error = this.rateLimited(url, met.status, {
      challenge: reason,
      coolDownMs: gate?.retryInMs(),
    });
    await this.context.shared?.publish(url.host);
    return error;
  }
}

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

  /** Starts the host's cool-down and returns the error that reports it. */
  rateLimited(
    url: URL,
    status: number,
    retryAfterHeader?: string,
    challenge: ChallengeReason | null = null,
    blocked = false,
  ): UpstreamRateLimitedError {
    const { config, now, book, logger } = this.context;
    const ms = retryAfterMs(retryAfterHeader, now()) ?? config.cooldownMs;
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
   * that stays, or cannot be solved, cools the host down as any refusal does.
   */
  async afterChallenge(
    url: URL,
    met: ChallengeMet,
    solve: boolean,
  ): Promise<'retry' | UpstreamRateLimitedError> {
    const { gate } = this.context.site;
    const reason = solve && gate ? await gate.resolve(url.href, met.version) : 'rejected';
    if (reason === null) return 'retry';
    const error = this.rateLimited(url, met.status, undefined, reason);
    await this.context.shared?.publish(url.host);
    return error;
  }
}

import { chargedActor } from './actor';

/**
 * Calls that cost the source requests: an uncached listing, a near-duplicate scan, an image
 * fetched for a user's own request (a view of an uncached image, the dataset review's originals).
 */
export type CostlyCall = 'listing' | 'scan' | 'image';

/** A user made more costly calls in the window than their limit allows. */
export class UserBudgetExceeded extends Error {
  constructor(
    readonly call: CostlyCall,
    readonly retryAfterSeconds: number,
  ) {
    super(`too many ${call} calls; retry after ${retryAfterSeconds} s`);
  }
}

/** Counts an attempt against a key (auth/rate-limits.ts): 0 when within `max`, else seconds left. */
export interface AttemptCounter {
  hit(key: string, max: number, windowMs: number): Promise<number>;
}

export interface UserBudgetLimits {
  listings: number;
  scans: number;
  images: number;
  windowMs: number;
}

/**
 * Per-user limits on the calls that spend the source's tolerance, counted in the database (so
 * they hold across processes and restarts) before the work. Only a user's own requests count:
 * their download tasks and background work have their own pacing and turns.
 */
export class UserBudget {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly limits: UserBudgetLimits,
  ) {}

  async charge(call: CostlyCall): Promise<void> {
    const actor = chargedActor();
    if (!actor) return;
    const max = {
      listing: this.limits.listings,
      scan: this.limits.scans,
      image: this.limits.images,
    }[call];
    const seconds = await this.counter.hit(`upstream-${call}:${actor}`, max, this.limits.windowMs);
    if (seconds > 0) throw new UserBudgetExceeded(call, seconds);
  }
}

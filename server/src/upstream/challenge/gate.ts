import type { AlsoInTransaction } from '../../db';
import type { FetchLeases } from '../fetch-leases';
import type { ChallengeReason } from './detect';
import { SolveFailure, type ChallengeSolver, type Clearance } from './solver';
import type { CredentialsRecord, CredentialsStore } from './store';

/** How long the stored clearance is trusted before asking the database again. */
const REFRESH_MS = 250;
/** The least rest after an unsolved challenge, whatever the backoff says. */
const MIN_REST_MS = 1000;
/**
 * The wait before the next automatic try after a challenge left unsolved: 30 s, then doubled with
 * each failure in a row up to 10 min (the admin's 立即验证 is not held back). A failure is never
 * a long wait for every user; a site that keeps refusing is asked less and less.
 */
export const SOLVE_BACKOFF = { firstMs: 30_000, maxMs: 10 * 60_000 };

/** The backoff after `streak` challenges left unsolved in a row (0: a solve whose clearance is yet to answer). */
export function solveBackoffMs(streak: number, backoff = SOLVE_BACKOFF): number {
  return Math.min(backoff.firstMs * 2 ** Math.max(streak - 1, 0), backoff.maxMs);
}

interface Warner {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface GateOptions {
  store: CredentialsStore;
  /** One solve at a time across every process on the database. */
  leases: FetchLeases;
  /** null: UPSTREAM_CHALLENGE_SOLVER=off. */
  solver: ChallengeSolver | null;
  /** UPSTREAM_COOKIE with UPSTREAM_USER_AGENT, when a cookie is configured. */
  environment: Clearance | null;
  now?: () => number;
  backoff?: typeof SOLVE_BACKOFF;
  logger?: Warner;
}

/** The clearance the paced client sends now, and which version of it. */
export interface CurrentClearance {
  clearance: Clearance | null;
  version: number;
}

/**
 * The site's clearance as the paced client sees it: the cookie and User-Agent to send to the
 * site's hosts, read from the database (a paste or another process's solve applies at once), and
 * what to do when the site challenges them: solve once (across every process), and tell the
 * client whether a retry is worth it. Cookies are never logged.
 */
export class ClearanceGate {
  readonly #opts: Required<Omit<GateOptions, 'logger'>> & { logger?: Warner };
  #record: CredentialsRecord | null = null;
  #readAt = -Infinity;
  #solving: Promise<ChallengeReason | null> | null = null;

  constructor(options: GateOptions) {
    this.#opts = { now: Date.now, backoff: SOLVE_BACKOFF, ...options };
  }

  get solverEnabled(): boolean {
    return this.#opts.solver !== null;
  }

  current(): CurrentClearance {
    return {
      clearance: this.#record?.clearance ?? this.#opts.environment,
      version: this.#record?.version ?? 0,
    };
  }

  /** Why the last challenge was left unsolved, while it is (as last read from the database). */
  unsolved(): ChallengeReason | null {
    return this.#record?.challengeReason ?? null;
  }

  /**
   * When the next automatic solve is due while a challenge stays unsolved: the last solve plus
   * the backoff. Null when none is (no challenge, or the solver is off: then the site simply
   * rests UPSTREAM_COOLDOWN, as the admin configured).
   */
  nextTryAt(record = this.#record): number | null {
    if (!this.#opts.solver || !record?.challengeReason) return null;
    return record.lastSolveAt + solveBackoffMs(record.unsolvedStreak, this.#opts.backoff);
  }

  /** How long the site's hosts rest after a challenge left unsolved: until the next solve. */
  retryInMs(): number | undefined {
    const at = this.nextTryAt();
    return at === null ? undefined : Math.max(at - this.#opts.now(), MIN_REST_MS);
  }

  /** Before a request to the site: waits out this process's solve and reads a newer clearance. */
  async ready(): Promise<void> {
    await this.#solving;
    // An unreadable store leaves the last clearance read in use; the request goes on.
    await this.refresh().catch(() => undefined);
  }

  /** The site answered a request: a challenge left unsolved earlier is over. */
  async answered(): Promise<void> {
    if (!this.unsolved() && !this.#record?.unsolvedStreak) return;
    await this.checked(null).catch((error: unknown) =>
      this.#opts.logger?.warn({ err: error }, 'could not record the end of a challenge'),
    );
  }

  async refresh(force = false): Promise<CredentialsRecord> {
    if (force || !this.#record || this.#opts.now() - this.#readAt >= REFRESH_MS) {
      try {
        this.#record = await this.#opts.store.read();
        this.#readAt = this.#opts.now();
      } catch (error) {
        this.#opts.logger?.warn({ err: error }, 'could not read the site clearance');
      }
    }
    return this.#record ?? (await this.#opts.store.read());
  }

  /**
   * The site challenged a request sent with clearance `version`. Resolves to null when a newer
   * clearance is there to retry with (solved here, in another process, or pasted meanwhile), or
   * to why there is none. Callers in this process share one solve.
   */
  resolve(url: string, version: number): Promise<ChallengeReason | null> {
    return this.#join(() => this.#solve(url, version, false));
  }

  /**
   * The admin's 立即验证: solves now, whatever the spacing. Concurrent calls, and an automatic
   * solve under way, share one solve and its result (one browser at a time).
   */
  async solveNow(url: string): Promise<ChallengeReason | null> {
    const under = this.#solving;
    // An automatic solve held back by the spacing is no answer to an admin who asked now.
    if (under && (await under) !== 'paced') return under;
    return this.#join(() => this.#solve(url, null, true));
  }

  #join(start: () => Promise<ChallengeReason | null>): Promise<ChallengeReason | null> {
    this.#solving ??= this.#safely(start()).finally(() => (this.#solving = null));
    return this.#solving;
  }

  /** A database failure while solving leaves the challenge unsolved; it never fails the caller. */
  #safely(solving: Promise<ChallengeReason | null>): Promise<ChallengeReason | null> {
    return solving.catch((error: unknown) => {
      this.#opts.logger?.warn({ err: error }, 'the challenge solve failed');
      return 'failed' as const;
    });
  }

  /** A paste or a clear: stored for every process and used from the next request on. */
  async replace(clearance: Clearance | null, also?: AlsoInTransaction): Promise<void> {
    await this.#opts.store.save(clearance, clearance ? 'pasted' : null, this.#opts.now(), also);
    await this.refresh(true);
  }

  /** The site answered a check made with the current clearance. */
  async checked(reason: ChallengeReason | null): Promise<void> {
    if (reason) await this.#opts.store.challenged(reason, this.#opts.now());
    else await this.#opts.store.passed();
    await this.refresh(true);
  }

  async #solve(
    url: string,
    version: number | null,
    forced: boolean,
  ): Promise<ChallengeReason | null> {
    const { store, leases, solver, now } = this.#opts;
    // 立即验证 asks about the clearance there is now: a solve another process finishes
    // meanwhile is its answer too, rather than a second browser after it.
    const seen = version ?? (await this.refresh(true)).version;
    const renewed = (record: CredentialsRecord) => record.version !== seen;
    if (renewed(await this.refresh(true))) return null;
    if (!solver) {
      await store.challenged('off', now());
      return 'off';
    }
    const askedAt = now();
    const outcome = await leases.once(
      'challenge-solve:site',
      async () => {
        const record = await this.refresh(true);
        if (renewed(record)) return { reason: null };
        const due = record.lastSolveAt + solveBackoffMs(record.unsolvedStreak, this.#opts.backoff);
        if (!forced && now() < due) {
          await store.challenged('paced', now());
          return { reason: 'paced' as const };
        }
        return { reason: await this.#runSolver(solver, url) };
      },
      // Another process held the solve: its clearance, or its failure, is ours too.
      async () => {
        const record = await this.refresh(true);
        if (renewed(record)) return { reason: null };
        if (record.challengedAt !== null && record.challengedAt >= askedAt) {
          return { reason: record.challengeReason ?? 'failed' };
        }
        return null;
      },
    );
    await this.refresh(true);
    return outcome.reason;
  }

  async #runSolver(solver: ChallengeSolver, url: string): Promise<ChallengeReason | null> {
    const { store, now, logger } = this.#opts;
    await store.solveStarted(now());
    try {
      const clearance = await solver.solve(url);
      await store.solved(clearance, now());
      logger?.info({ url }, 'passed the site challenge in the browser');
      return null;
    } catch (error) {
      const reason = error instanceof SolveFailure ? error.reason : 'failed';
      await store.solveFailed(reason, now());
      logger?.warn({ url, reason, error: String(error) }, 'could not pass the site challenge');
      return reason;
    }
  }
}

import type { ChallengeReason } from './detect';

/** What passing a challenge yields: the site's cookies and the User-Agent they were issued to. */
export interface Clearance {
  /** `name=value; name2=value2`, as a Cookie header carries it. */
  cookie: string;
  userAgent: string;
}

/** Passes the site's challenge on one URL the way a browser does. */
export interface ChallengeSolver {
  solve(url: string): Promise<Clearance>;
}

/** A solve that did not yield a clearance, and why. */
export class SolveFailure extends Error {
  constructor(
    readonly reason: ChallengeReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'SolveFailure';
  }
}

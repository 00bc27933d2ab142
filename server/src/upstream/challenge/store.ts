import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { AlsoInTransaction, Database } from '../../db';
import type { ChallengeReason } from './detect';
import type { Clearance } from './solver';

export type StoredSource = 'solver' | 'pasted';

/** The site's row of `upstream_credentials`, times in ms since the epoch. */
export interface CredentialsRecord {
  clearance: Clearance | null;
  source: StoredSource | null;
  obtainedAt: number | null;
  /** Grows with every change of the clearance. */
  version: number;
  /** When a challenge was last left unsolved, and why; null once a clearance works again. */
  challengedAt: number | null;
  challengeReason: ChallengeReason | null;
  solves: number;
  solveFailures: number;
  lastSolveAt: number;
  /** Challenges left unsolved in a row; the next try backs off with it (gate.ts). */
  unsolvedStreak: number;
}

const SITE = 'fancaps';

const EMPTY: CredentialsRecord = {
  clearance: null,
  source: null,
  obtainedAt: null,
  version: 0,
  challengedAt: null,
  challengeReason: null,
  solves: 0,
  solveFailures: 0,
  lastSolveAt: 0,
  unsolvedStreak: 0,
};

const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

/** The clearance and the solver's record, shared by every process on the database. */
export class CredentialsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async read(): Promise<CredentialsRecord> {
    const row = await this.db
      .selectFrom('upstream_credentials')
      .selectAll()
      .where('site', '=', SITE)
      .executeTakeFirst();
    if (!row) return EMPTY;
    return {
      clearance:
        row.cookie !== null && row.user_agent !== null
          ? { cookie: row.cookie, userAgent: row.user_agent }
          : null,
      source: row.source,
      obtainedAt: nullableNumber(row.obtained_at),
      version: Number(row.version),
      challengedAt: nullableNumber(row.challenged_at),
      challengeReason: row.challenge_reason as ChallengeReason | null,
      solves: Number(row.solves),
      solveFailures: Number(row.solve_failures),
      lastSolveAt: Number(row.last_solve_at),
      unsolvedStreak: Number(row.unsolved_streak),
    };
  }

  /**
   * A new clearance (or none: back to the environment's), effective for every process; `also`
   * (an admin's audit row) is written in the same transaction.
   */
  async save(
    clearance: Clearance | null,
    source: StoredSource | null,
    now: number,
    also?: AlsoInTransaction,
  ) {
    if (also)
      return this.db.transaction().execute(async (trx) => {
        await new CredentialsStore(trx).save(clearance, source, now);
        await also(trx);
      });
    await this.update({
      cookie: clearance?.cookie ?? null,
      user_agent: clearance?.userAgent ?? null,
      source,
      obtained_at: clearance ? now : null,
      version: sql<number>`upstream_credentials.version + 1`,
      challenged_at: null,
      challenge_reason: null,
      // A person's paste (or clear) starts afresh; a solver's clearance has yet to be answered.
      ...(source === 'solver' ? {} : { unsolved_streak: 0 }),
    });
  }

  /** A solve starts now: later automatic solves are spaced from it. */
  async solveStarted(now: number) {
    await this.update({ last_solve_at: now });
  }

  async solved(clearance: Clearance, now: number) {
    await this.save(clearance, 'solver', now);
    await this.update({ solves: sql<number>`upstream_credentials.solves + 1` });
  }

  async solveFailed(reason: ChallengeReason, now: number) {
    await this.update({
      solve_failures: sql<number>`upstream_credentials.solve_failures + 1`,
      unsolved_streak: sql<number>`upstream_credentials.unsolved_streak + 1`,
      challenged_at: now,
      challenge_reason: reason,
    });
  }

  /** A challenge left unsolved without a solve (solver off, pasted cookie rejected, paced). */
  async challenged(reason: ChallengeReason, now: number) {
    await this.update({
      challenged_at: now,
      challenge_reason: reason,
      // A try held back by the backoff is no new failure.
      ...(reason === 'paced'
        ? {}
        : { unsolved_streak: sql<number>`upstream_credentials.unsolved_streak + 1` }),
    });
  }

  /** The site answered with the current clearance: it is no longer challenged. */
  async passed() {
    await this.update({ challenged_at: null, challenge_reason: null, unsolved_streak: 0 });
  }

  private async update(values: UpdateObject<Database, 'upstream_credentials'>): Promise<void> {
    // The row is made on first use; each statement on its own keeps concurrent writers safe.
    await this.db
      .insertInto('upstream_credentials')
      .values({ site: SITE })
      .onConflict((conflict) => conflict.column('site').doNothing())
      .execute();
    await this.db
      .updateTable('upstream_credentials')
      .set(values)
      .where('site', '=', SITE)
      .execute();
  }
}

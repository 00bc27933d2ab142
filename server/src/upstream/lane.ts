import { setTimeout as sleep } from 'node:timers/promises';
import PQueue from 'p-queue';
import { currentActor } from './actor';
import { FairQueue, type FairAddOptions } from './fair-queue';

export interface LanePacing {
  concurrency: number;
  /** Least time between two request starts. */
  spacingMs: number;
  /** Up to this much random time is added to each spacing, so the rhythm is not mechanical. */
  jitterMs: number;
}

/** One host's queue: at most `concurrency` requests at once, starts spaced apart, users in turn. */
export class HostLane {
  readonly #queue: PQueue<FairQueue, FairAddOptions>;
  #nextStart = 0;

  /**
   * `reserve`, when given, claims the start from a schedule shared with other processes and
   * answers when to start (null: unavailable, keep to this lane's own schedule).
   */
  constructor(
    private readonly pacing: LanePacing,
    private readonly now: () => number,
    private readonly random: () => number,
    private readonly reserve?: (gapMs: number) => Promise<number | null>,
  ) {
    this.#queue = new PQueue({ concurrency: pacing.concurrency, queueClass: FairQueue });
  }

  /**
   * Runs the task in its turn; `beforeStart` may still refuse it (e.g. a cool-down began). Waiting
   * tasks start by `priority` (higher first), then the acting users (actor.ts) take turns, each
   * user's own in arrival order.
   */
  run<T>(
    task: () => Promise<T>,
    beforeStart: () => void | Promise<void>,
    signal?: AbortSignal,
    priority = 0,
  ): Promise<T> {
    return this.#queue.add(
      async () => {
        await beforeStart();
        await this.#waitTurn(signal);
        await beforeStart();
        return task();
      },
      { signal, priority, actor: currentActor() },
    );
  }

  async #waitTurn(signal?: AbortSignal): Promise<void> {
    const gap = this.pacing.spacingMs + this.random() * this.pacing.jitterMs;
    const local = Math.max(this.now(), this.#nextStart);
    // Booked before sleeping, so concurrent tasks queue up behind each other's turns.
    this.#nextStart = local + gap;
    const start = (await this.reserve?.(gap)) ?? local;
    const wait = start - this.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
  }

  clear(): void {
    this.#queue.clear();
  }
}

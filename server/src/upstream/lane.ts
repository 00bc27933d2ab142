import { setTimeout as sleep } from 'node:timers/promises';
import PQueue from 'p-queue';

export interface LanePacing {
  concurrency: number;
  /** Least time between two request starts. */
  spacingMs: number;
  /** Up to this much random time is added to each spacing, so the rhythm is not mechanical. */
  jitterMs: number;
}

/** One host's queue: at most `concurrency` requests at once, starts spaced apart. */
export class HostLane {
  readonly #queue: PQueue;
  #nextStart = 0;

  constructor(
    private readonly pacing: LanePacing,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {
    this.#queue = new PQueue({ concurrency: pacing.concurrency });
  }

  /** Runs the task in its turn; `beforeStart` may still refuse it (e.g. a cool-down began). */
  run<T>(task: () => Promise<T>, beforeStart: () => void, signal?: AbortSignal): Promise<T> {
    return this.#queue.add(
      async () => {
        beforeStart();
        await this.#waitTurn(signal);
        beforeStart();
        return task();
      },
      { signal },
    );
  }

  async #waitTurn(signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const start = Math.max(now, this.#nextStart);
    // Booked before sleeping, so concurrent tasks queue up behind each other's turns.
    this.#nextStart = start + this.pacing.spacingMs + this.random() * this.pacing.jitterMs;
    if (start > now) await sleep(start - now, undefined, { signal });
  }

  clear(): void {
    this.#queue.clear();
  }
}

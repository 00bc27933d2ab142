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

/**
 * One host's queue: at most `concurrency` requests at once, starts spaced apart, users in turn.
 * Waiting requests pass one at a time through the turn (`#turns`), and the next is chosen only
 * when a place on the wire is free and its start is due: no start is booked ahead, so a user
 * arriving behind another's flood is chosen for the very next start, not for the one after a
 * request that had chosen while the gap before it was still running.
 */
export class HostLane {
  readonly #turns: PQueue<FairQueue, FairAddOptions>;
  #nextStart = 0;
  /** Requests holding a place: on the wire, or chosen and waiting for their start. */
  #places = 0;
  /** Opens the turn when the next start is due. */
  #opening: NodeJS.Timeout | undefined;

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
    this.#turns = new PQueue({ concurrency: 1, queueClass: FairQueue });
  }

  /**
   * Runs the task in its turn; `beforeStart` may still refuse it (e.g. a cool-down began). Waiting
   * tasks start by `priority` (higher first), then the acting users (actor.ts) take turns, each
   * user's own in arrival order.
   */
  async run<T>(
    task: () => Promise<T>,
    beforeStart: () => void | Promise<void>,
    signal?: AbortSignal,
    priority = 0,
  ): Promise<T> {
    // The queue answers an abort at once while the turn may still go on: whichever side ends
    // first hands the place back, exactly once.
    const turn: { state: 'waiting' | 'placed' | 'left' } = { state: 'waiting' };
    try {
      await this.#turns.add(
        async () => {
          await beforeStart();
          if (turn.state === 'left') return;
          this.#take();
          turn.state = 'placed';
          const gap = await this.#waitTurn(signal);
          await beforeStart();
          this.#started(gap);
        },
        { signal, priority, actor: currentActor() },
      );
      return await task();
    } finally {
      if (turn.state === 'placed') this.#release();
      turn.state = 'left';
    }
  }

  #take(): void {
    this.#places += 1;
    this.#gate();
  }

  #release(): void {
    this.#places -= 1;
    this.#gate();
  }

  /** Nobody is chosen while every place is taken, nor before the next start is due. */
  #gate(): void {
    clearTimeout(this.#opening);
    const early = this.#nextStart - this.now();
    if (this.#places < this.pacing.concurrency && early <= 0) {
      this.#turns.start();
      return;
    }
    this.#turns.pause();
    if (this.#places < this.pacing.concurrency) {
      // Kept referenced: a waiting request (a CLI's next fetch) must keep the process alive.
      this.#opening = setTimeout(() => this.#gate(), early);
    }
  }

  /** Books the start (here and in the shared schedule) and sleeps until it; answers the gap after. */
  async #waitTurn(signal?: AbortSignal): Promise<number> {
    const gap = this.pacing.spacingMs + this.random() * this.pacing.jitterMs;
    const local = Math.max(this.now(), this.#nextStart);
    // Booked before sleeping, so concurrent tasks queue up behind each other's turns.
    this.#nextStart = local + gap;
    let start = (await this.reserve?.(gap)) ?? local;
    // A process that wakes well past its booked start (a stall, a throttled CPU) books again: the
    // start another process booked after this one's may be due now, and the two would go out
    // together. At most twice, so a busy process still gets its turn.
    for (let rebooked = 0; ; rebooked++) {
      const wait = start - this.now();
      if (wait > 0) await sleep(wait, undefined, { signal });
      if (!this.reserve || rebooked === 2 || this.now() - start <= gap / 4) return gap;
      start = (await this.reserve(gap)) ?? this.now();
    }
  }

  /**
   * The request goes out now: the next is chosen a gap from now, even when the shared schedule or
   * a slow check kept this one past its booked start (the gap is between requests sent).
   */
  #started(gap: number): void {
    this.#nextStart = Math.max(this.#nextStart, this.now() + gap);
    this.#gate();
  }

  clear(): void {
    clearTimeout(this.#opening);
    this.#turns.clear();
  }
}

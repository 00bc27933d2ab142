/**
 * Image requests of the page, a few at a time. A browser opens at most six connections to the
 * server, and a thumbnail the server still has to fetch from the paced source site holds one for
 * a while: with every connection held by images, an API call (a ♥, a search) would wait behind
 * them. So images wait here, and start by rank (what is on screen, top to bottom), at most
 * `limit` at once, leaving connections free for the API. What scrolled away before its turn is
 * dropped. An urgent request (the lightbox's large image) goes first and may use one extra slot.
 */
export interface ImageTicket {
  /** The image finished (loaded or failed): its slot goes to the next one. */
  done(): void;
  /** Not wanted any more: dropped if waiting, its slot freed if running. */
  cancel(): void;
}

interface Entry {
  rank: number;
  urgent: boolean;
  order: number;
  start: () => void;
}

export class ImageLoadQueue {
  readonly #waiting = new Set<Entry>();
  readonly #running = new Set<Entry>();
  #order = 0;
  #pumping = false;

  /**
   * `schedule` defers picking the next images a moment, so images that come on screen together
   * (one scroll, one render) are ranked together rather than started in callback order.
   */
  constructor(
    readonly limit: number,
    private readonly schedule: (pick: () => void) => void = (pick) => setTimeout(pick, 0),
  ) {}

  /** `start` is called when the image's turn comes (maybe at once). Lower `rank` goes first. */
  enqueue(rank: number, start: () => void, urgent = false): ImageTicket {
    const entry: Entry = { rank, urgent, order: this.#order++, start };
    this.#waiting.add(entry);
    this.#schedulePump();
    const release = () => {
      const wasQueued = this.#waiting.delete(entry) || this.#running.delete(entry);
      if (wasQueued) this.#schedulePump();
    };
    return { done: release, cancel: release };
  }

  /**
   * Forgets every image, waiting or running, and a pump a stopped timer never ran: a screen torn
   * down as a whole (a test's end, whose fake timers may have swallowed the pump) holds no slot.
   */
  clear(): void {
    this.#waiting.clear();
    this.#running.clear();
    this.#pumping = false;
  }

  get running(): number {
    return this.#running.size;
  }

  get waiting(): number {
    return this.#waiting.size;
  }

  #next(): Entry | undefined {
    let best: Entry | undefined;
    for (const entry of this.#waiting) {
      if (
        !best ||
        Number(entry.urgent) > Number(best.urgent) ||
        (entry.urgent === best.urgent &&
          (entry.rank < best.rank || (entry.rank === best.rank && entry.order < best.order)))
      ) {
        best = entry;
      }
    }
    return best;
  }

  #schedulePump(): void {
    if (this.#pumping) return;
    this.#pumping = true;
    this.schedule(() => {
      this.#pumping = false;
      this.#pump();
    });
  }

  #pump(): void {
    for (;;) {
      const next = this.#next();
      if (!next) return;
      const limit = next.urgent ? this.limit + 1 : this.limit;
      if (this.#running.size >= limit) return;
      this.#waiting.delete(next);
      this.#running.add(next);
      next.start();
    }
  }
}

/** Three images at once leave three of the browser's six connections to the API. */
export const IMAGES_IN_FLIGHT = 3;

export const imageQueue = new ImageLoadQueue(IMAGES_IN_FLIGHT);

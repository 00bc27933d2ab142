import type { Queue, QueueAddOptions } from 'p-queue';

type RunFunction = () => Promise<unknown>;

export type FairAddOptions = QueueAddOptions & { actor?: string };

interface Waiting {
  run: RunFunction;
  id: string | undefined;
}

/** One priority's waiting tasks: a line per actor, and the actors in the order they take turns. */
interface Level {
  priority: number;
  lines: Map<string, Waiting[]>;
  turns: string[];
}

/**
 * p-queue's queue class for a host's lane: a line per actor at each priority, served in turn (one
 * task of each actor with work waiting, then round again), higher priorities first. An actor that
 * starts waiting goes before the actor served last (who has just had its turn), so one actor's
 * thousands of waiting requests do not delay another's first request by even one of theirs.
 */
export class FairQueue implements Queue<RunFunction, FairAddOptions> {
  /** Highest priority first. */
  readonly #levels: Level[] = [];
  #size = 0;
  /** The actor whose task was dequeued last. */
  #lastServed: string | undefined;

  get size(): number {
    return this.#size;
  }

  enqueue(run: RunFunction, options?: Partial<FairAddOptions>): void {
    const priority = options?.priority ?? 0;
    const actor = options?.actor ?? '';
    let level = this.#levels.find((l) => l.priority === priority);
    if (!level) {
      level = { priority, lines: new Map(), turns: [] };
      this.#levels.push(level);
      this.#levels.sort((a, b) => b.priority - a.priority);
    }
    let line = level.lines.get(actor);
    if (!line) {
      line = [];
      level.lines.set(actor, line);
      const tail = level.turns.length - 1;
      if (tail >= 0 && level.turns[tail] === this.#lastServed) level.turns.splice(tail, 0, actor);
      else level.turns.push(actor);
    }
    line.push({ run, id: options?.id });
    this.#size += 1;
  }

  dequeue(): RunFunction | undefined {
    const level = this.#levels[0];
    if (!level) return undefined;
    const actor = level.turns.shift()!;
    const line = level.lines.get(actor)!;
    const next = line.shift()!;
    this.#lastServed = actor;
    if (line.length > 0) level.turns.push(actor);
    else level.lines.delete(actor);
    if (level.turns.length === 0) this.#levels.shift();
    this.#size -= 1;
    return next.run;
  }

  filter(options: Readonly<Partial<FairAddOptions>>): RunFunction[] {
    return this.#levels
      .filter((l) => options.priority === undefined || l.priority === options.priority)
      .flatMap((l) =>
        [...l.lines]
          .filter(([actor]) => options.actor === undefined || actor === options.actor)
          .flatMap(([, line]) => line.map((w) => w.run)),
      );
  }

  setPriority(id: string, priority: number): void {
    const found = this.#take(id);
    if (!found)
      throw new ReferenceError(`No promise function with the id "${id}" exists in the queue.`);
    this.enqueue(found.run, { id, priority, actor: found.actor });
  }

  /** A waiting task whose signal aborted leaves the queue. */
  remove(id: string): void {
    this.#take(id);
  }

  #take(id: string): { run: RunFunction; actor: string } | undefined {
    for (const [l, level] of this.#levels.entries()) {
      for (const [actor, line] of level.lines) {
        const at = line.findIndex((w) => w.id === id);
        if (at < 0) continue;
        const [found] = line.splice(at, 1);
        if (line.length === 0) {
          level.lines.delete(actor);
          level.turns.splice(level.turns.indexOf(actor), 1);
          if (level.turns.length === 0) this.#levels.splice(l, 1);
        }
        this.#size -= 1;
        return { run: found!.run, actor };
      }
    }
    return undefined;
  }
}

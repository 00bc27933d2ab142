import { untilAborted } from './abort';
import { TaskYielded } from './pause';

/**
 * A running task's download slot as its job sees it. The slot may go to another user's task at an
 * image (or episode) boundary, and also while the job waits for the source: a listing or an image
 * on its host's pace can take a second, which a 1-image ZIP of another user would otherwise wait.
 */
export interface Turn {
  /** Gives the slot back when this task's user holds more than a share; true when it did. */
  give(): false | Promise<boolean>;
  /** Aborts (with `TurnWanted`) when another user's task is found waiting for a slot; fresh after. */
  wanted(): AbortSignal;
  /**
   * Whether this process still holds the task, asked before its archive is renamed into place:
   * after a restart elsewhere took the task up, the new writer's archive is the one to keep.
   */
  held(): Promise<boolean>;
}

/** Why `Turn.wanted()` aborts: a wait is interrupted to ask whether the slot should go. */
export class TurnWanted extends Error {
  constructor() {
    super('another user waits for a download slot');
  }
}

/** The turn of a job run on its own: nobody else ever wants its slot. */
export const UNCONTESTED: Turn = {
  give: () => false,
  wanted: () => new AbortController().signal,
  held: async () => true,
};

/** At a boundary: stops the job (TaskYielded) when its slot went to another user's task. */
export async function keepOrGive(turn: Turn): Promise<void> {
  const given = turn.give();
  if (given !== false && (await given)) throw new TaskYielded();
}

/**
 * `work`, or the stop signal's reason as soon as it aborts; meanwhile, each time another user's
 * task is found waiting, the slot goes to it when due (TaskYielded). What was started goes on
 * unawaited and lands in the cache, where the task finds it when it runs again.
 */
export async function waitYielding<T>(work: Promise<T>, turn: Turn, stop: AbortSignal): Promise<T> {
  const stopped = untilAborted(work, stop);
  for (;;) {
    try {
      return await untilAborted(stopped, turn.wanted());
    } catch (error) {
      if (!(error instanceof TurnWanted)) throw error;
    }
    await keepOrGive(turn);
  }
}

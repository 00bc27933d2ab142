import {
  UpstreamConnectionError,
  UpstreamHttpError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
} from '../upstream';
import { taskNotes, type TaskNote } from './reasons';

/** Thrown out of a running task when the source is away: the task waits, its images stay cached. */
export class TaskPaused extends Error {
  constructor(
    readonly note: TaskNote,
    readonly resumeAt: Date,
  ) {
    super(note.text);
  }
}

/** Why a running task was stopped from outside: the abort reason its job sees. */
export class TaskStopped extends Error {
  constructor(readonly why: 'shutdown' | 'cancel' | 'pause' | 'lost') {
    super(`download task stopped: ${why}`);
  }
}

/** Thrown out of a running task that gave its slot to another user's task: it waits in the queue. */
export class TaskYielded extends Error {
  constructor() {
    super('download task yielded its slot');
  }
}

/**
 * Failures of the source rather than of one image: a cool-down (the paced client's own, shared
 * by every process), no connection, no answer in time, or a server error after the client's
 * retries. Trying the next image, or a smaller size, would only fail the same way.
 */
export function isSourceUnavailable(error: unknown): boolean {
  return (
    error instanceof UpstreamRateLimitedError ||
    error instanceof UpstreamConnectionError ||
    error instanceof UpstreamTimeoutError ||
    (error instanceof UpstreamHttpError && error.status >= 500)
  );
}

/**
 * The pause a failure calls for, or null when the failure belongs to the image alone. `source`:
 * whether the task was fetching images or reading the site's pages (the tray says which).
 */
export function pauseFor(
  error: unknown,
  retryIntervalMs: number,
  source: 'images' | 'pages',
): TaskPaused | null {
  if (error instanceof UpstreamRateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return new TaskPaused(
      taskNotes.cooling(error.host, seconds, source),
      new Date(Date.now() + seconds * 1000),
    );
  }
  if (!isSourceUnavailable(error)) return null;
  const seconds = Math.ceil(retryIntervalMs / 1000);
  return new TaskPaused(taskNotes.unreachable(seconds), new Date(Date.now() + retryIntervalMs));
}

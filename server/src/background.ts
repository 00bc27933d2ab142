import type { Logger } from './logger';

/**
 * Runs work off the request path (mail, sweeps) so a response's timing reveals nothing about it.
 * Failures are logged, never thrown at a caller; `idle()` lets tests and shutdown wait for the queue.
 */
export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** What a wake-up is about: work of that kind was queued. */
export type WakeupTopic = 'downloads' | 'follows' | 'notifications';
export const WAKEUP_TOPICS: readonly WakeupTopic[] = ['downloads', 'follows', 'notifications'];

/**
 * Tells the background workers that work was queued, so they look at once instead of at their
 * next poll. A wake-up carries no data: the database stays the one record of the work, and the
 * workers' polling stays the fallback when a wake-up is lost.
 */
export interface Wakeups {
  /** Every process on the database hears it (this one at once). Never throws, never waits. */
  notify(topic: WakeupTopic): void;
  /** Calls `listener` at each wake-up of the topic; answers the function that stops it. */
  on(topic: WakeupTopic, listener: () => void): () => void;
  start(): Promise<void>;
  /** Waits for the wake-ups being sent, then stops listening. */
  stop(): Promise<void>;
}

/**
 * Wake-ups within this process: what SQLite has (its processes share no channel, so each of them
 * finds another's work by polling).
 */
export class LocalWakeups implements Wakeups {
  private readonly listeners = new Map<WakeupTopic, Set<() => void>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  notify(topic: WakeupTopic): void {
    this.emit(topic);
  }

  on(topic: WakeupTopic, listener: () => void): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    this.listeners.set(topic, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** A listener's failure never reaches whoever queued the work (its row is saved already). */
  protected emit(topic: WakeupTopic): void {
    for (const listener of this.listeners.get(topic) ?? []) {
      try {
        listener();
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}

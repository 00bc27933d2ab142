/**
 * A map of small values with a total byte budget. Eviction is CLOCK (second chance), an
 * approximation of least-recently-used whose reads only set a flag: a read of the hot path
 * costs one lookup, with no reordering of the map. Values read from below come in through
 * `offer`, which keeps a value only the second time it is offered (a doorkeeper, as in TinyLFU).
 */
export class ByteBudgetCache<T extends { body: Buffer }> {
  private readonly entries = new Map<string, { value: T; used: boolean }>();
  private used = 0;
  /** Keys offered once, forgotten all at once when full: "twice" means within that many offers. */
  private readonly offeredOnce = new Set<string>();
  private readonly doorkeeperSize: number;

  constructor(
    private readonly budget: number,
    private readonly largestEntry: number,
    /** The doorkeeper remembers this many keys (by default one per 4 KB of budget). */
    doorkeeperSize = Math.ceil(budget / 4096),
  ) {
    this.doorkeeperSize = doorkeeperSize;
  }

  get(key: string): T | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.value;
  }

  set(key: string, value: T): void {
    if (value.body.length > this.largestEntry) return;
    this.delete(key);
    this.entries.set(key, { value, used: true });
    this.used += value.body.length;
    // The Map's order is the clock hand's: a slot read since the hand last passed goes to the
    // back with its flag cleared, the first unread one is evicted.
    for (const [oldest, slot] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      if (slot.used) {
        slot.used = false;
        this.entries.set(oldest, slot);
      } else {
        this.used -= slot.value.body.length;
      }
    }
  }

  /**
   * `set` for a value just read from disk or fetched: kept when its key is in the cache or was
   * offered before (since the doorkeeper last emptied), else only remembered. A grid scrolled
   * once, or a walk through more images than the budget holds, then passes by without pushing
   * out what is viewed again and again (and without turning the budget over, which costs the
   * process a full garbage collection every few thousand images).
   */
  offer(key: string, value: T): void {
    if (this.entries.has(key) || this.offeredOnce.delete(key)) return this.set(key, value);
    if (this.offeredOnce.size >= this.doorkeeperSize) this.offeredOnce.clear();
    this.offeredOnce.add(key);
  }

  delete(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    this.entries.delete(key);
    this.used -= slot.value.body.length;
  }

  /** Drops every entry whose key starts with the prefix (an image's sizes and variants). */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.offeredOnce.clear();
    this.used = 0;
  }
}

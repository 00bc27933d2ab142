/**
 * A map of small values with a total byte budget. Eviction is CLOCK (second chance), an
 * approximation of least-recently-used whose reads only set a flag: a read of the hot path
 * costs one lookup, with no reordering of the map.
 */
export class ByteBudgetCache<T extends { body: Buffer }> {
  private readonly entries = new Map<string, { value: T; used: boolean }>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly largestEntry: number,
  ) {}

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
    this.used = 0;
  }
}

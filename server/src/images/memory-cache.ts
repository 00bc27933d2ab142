/** A least-recently-used map of small values with a total byte budget. */
export class ByteBudgetCache<T extends { body: Buffer }> {
  private readonly entries = new Map<string, T>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly largestEntry: number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-inserting moves the key to the end: the Map's order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: T): void {
    if (entry.body.length > this.largestEntry) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.used += entry.body.length;
    for (const [oldest, value] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= value.body.length;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.body.length;
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

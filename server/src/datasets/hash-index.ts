/**
 * The 64-bit difference hashes of every frame kept so far, searchable within a fixed Hamming
 * distance: multi-index hashing. The hash is cut into more chunks than the distance allows bits
 * to differ, so a hash within it matches at least one chunk exactly (pigeonhole); each chunk has
 * its own table, and only the hashes sharing a chunk are compared. A whole work (tens of thousands
 * of frames) is compared with every kept frame without a scan of all pairs. (A BK-tree, tried
 * first, visited most of its nodes at distance 6 in 64 bits: 23 s for 50,000 frames.) No npm
 * package offers either kept up; past 15 bits every chunk would be too short to narrow anything,
 * and the index compares with every stored hash. Hashes are kept as two 32-bit halves.
 */
const MIN_CHUNKS = 4;
const MAX_CHUNKS = 16;

/** The hash's two 32-bit halves (16 hex digits in, as the image store keeps them). */
export function hashHalves(hex: string): { hi: number; lo: number } {
  return { hi: parseInt(hex.slice(0, 8), 16) >>> 0, lo: parseInt(hex.slice(8, 16), 16) >>> 0 };
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits `start … start + width − 1` (0 = the highest bit) of a hash; width ≤ 16. */
function chunkOf(hi: number, lo: number, start: number, width: number): number {
  const bits = (index: number) =>
    index < 32 ? (hi >>> (31 - index)) & 1 : (lo >>> (63 - index)) & 1;
  let value = 0;
  for (let i = start; i < start + width; i++) value = (value << 1) | bits(i);
  return value;
}

export class HashIndex<T> {
  private readonly his: number[] = [];
  private readonly los: number[] = [];
  private readonly values: T[] = [];
  /** Per chunk: [start bit, width]; empty when every stored hash is compared. */
  private readonly chunks: [number, number][] = [];
  private readonly tables: Map<number, number[]>[] = [];
  /** Which query last compared each stored hash, so a hash in several buckets is compared once. */
  private readonly lastQuery: number[] = [];
  private query = 0;

  constructor(private readonly threshold: number) {
    const count = Math.max(MIN_CHUNKS, threshold + 1);
    if (count > MAX_CHUNKS) return;
    for (let c = 0, start = 0; c < count; c++) {
      const width = Math.floor(64 / count) + (c < 64 % count ? 1 : 0);
      this.chunks.push([start, width]);
      this.tables.push(new Map());
      start += width;
    }
  }

  get size(): number {
    return this.values.length;
  }

  add(hex: string, value: T): void {
    const { hi, lo } = hashHalves(hex);
    const index = this.values.length;
    this.his.push(hi);
    this.los.push(lo);
    this.values.push(value);
    this.lastQuery.push(0);
    this.chunks.forEach(([start, width], c) => {
      const key = chunkOf(hi, lo, start, width);
      const bucket = this.tables[c]!.get(key);
      if (bucket) bucket.push(index);
      else this.tables[c]!.set(key, [index]);
    });
  }

  /** The value of the closest stored hash within the threshold (the first stored on a tie), or null. */
  nearest(hex: string): { value: T; distance: number } | null {
    const { hi, lo } = hashHalves(hex);
    const query = ++this.query;
    let best = -1;
    let bestDistance = this.threshold + 1;
    const compare = (index: number) => {
      if (this.lastQuery[index] === query) return;
      this.lastQuery[index] = query;
      const d =
        popcount32((this.his[index]! ^ hi) >>> 0) + popcount32((this.los[index]! ^ lo) >>> 0);
      if (d < bestDistance || (d === bestDistance && index < best)) {
        best = index;
        bestDistance = d;
      }
    };
    if (this.chunks.length === 0) {
      for (let index = 0; index < this.values.length; index++) compare(index);
    } else {
      this.chunks.forEach(([start, width], c) => {
        for (const index of this.tables[c]!.get(chunkOf(hi, lo, start, width)) ?? [])
          compare(index);
      });
    }
    return best < 0 ? null : { value: this.values[best]!, distance: bestDistance };
  }
}

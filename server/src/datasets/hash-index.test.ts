import { describe, expect, it } from 'vitest';
import { hammingDistance } from '../images';
import { HashIndex } from './hash-index';

/** Deterministic 64-bit hashes as 16 hex digits. */
function hashes(count: number, seed: number): string[] {
  let state = seed;
  const word = () => {
    state = (state * 48271) % 2147483647;
    return (state & 0xffff).toString(16).padStart(4, '0');
  };
  return Array.from({ length: count }, () => word() + word() + word() + word());
}

describe('HashIndex', () => {
  it('finds the closest stored hash within the threshold exactly as a scan of all of them does', () => {
    const stored = hashes(2000, 7);
    // Queries: unrelated hashes, stored ones, and stored ones with 1–12 bits flipped.
    const near = stored.slice(0, 120).map((hash, i) => {
      const flip = BigInt.asUintN(64, (1n << BigInt(1 + (i % 12))) - 1n) << BigInt(i % 40);
      return (BigInt(`0x${hash}`) ^ BigInt.asUintN(64, flip)).toString(16).padStart(16, '0');
    });
    const queries = hashes(200, 11).concat(stored.slice(0, 50), near);
    // The scan's answer does not depend on the threshold: computed once per query.
    const scans = queries.map((query) => {
      const distances = stored.map((hash) => hammingDistance(hash, query));
      const best = Math.min(...distances);
      return { query, best, at: distances.indexOf(best) };
    });
    for (const threshold of [0, 2, 6, 10, 15, 16, 28]) {
      const index = new HashIndex<number>(threshold);
      stored.forEach((hash, i) => index.add(hash, i));
      for (const { query, best, at } of scans) {
        const found = index.nearest(query);
        if (best > threshold) expect(found, `${query} at ${threshold}`).toBeNull();
        else
          expect(found, `${query} at ${threshold}`).toEqual({
            value: at,
            distance: best,
          });
      }
    }
  });

  it('answers nothing while empty, and the hash itself at distance 0', () => {
    const index = new HashIndex<string>(7);
    expect(index.nearest('00000000000000ff')).toBeNull();
    index.add('00000000000000ff', 'a');
    expect(index.nearest('00000000000000ff')).toEqual({ value: 'a', distance: 0 });
    expect(index.nearest('0000000000000000')).toBeNull();
    expect(index.nearest('000000000000007f')).toEqual({ value: 'a', distance: 1 });
  });
});

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
    const index = new HashIndex<number>();
    stored.forEach((hash, i) => index.add(hash, i));
    for (const query of hashes(300, 11).concat(stored.slice(0, 50))) {
      for (const threshold of [0, 6, 20, 28]) {
        const distances = stored.map((hash) => hammingDistance(hash, query));
        const best = Math.min(...distances);
        const found = index.nearest(query, threshold);
        if (best > threshold) expect(found).toBeNull();
        else expect(found?.distance).toBe(best);
        if (found) expect(distances[found.value]).toBe(found.distance);
      }
    }
  });

  it('answers nothing while empty, and the hash itself at distance 0', () => {
    const index = new HashIndex<string>();
    expect(index.nearest('00000000000000ff', 64)).toBeNull();
    index.add('00000000000000ff', 'a');
    expect(index.nearest('00000000000000ff', 0)).toEqual({ value: 'a', distance: 0 });
    expect(index.nearest('0000000000000000', 7)).toBeNull();
    expect(index.nearest('0000000000000000', 8)).toEqual({ value: 'a', distance: 8 });
  });
});

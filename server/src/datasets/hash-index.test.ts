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
    // Enough to fill every bucket of the index at each threshold; more only costs time.
    const stored = hashes(800, 7);
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

  it('finds a hash exactly at the threshold whatever bits differ, spread over the whole hash or at random', () => {
    const stored = hashes(300, 5);
    // A deterministic stream of bit positions (0–63) for the random spreads.
    let state = 17;
    const position = () => {
      state = (state * 48271) % 2147483647;
      return state % 64;
    };
    const flipped = (hash: string, bits: Set<number>) => {
      let mask = 0n;
      for (const bit of bits) mask |= 1n << BigInt(63 - bit);
      return (BigInt(`0x${hash}`) ^ mask).toString(16).padStart(16, '0');
    };
    for (let threshold = 1; threshold <= 16; threshold++) {
      const index = new HashIndex<number>(threshold);
      stored.forEach((hash, i) => index.add(hash, i));
      // Spread evenly: one differing bit in each of `threshold` equal stretches of the hash, so an
      // index cutting it into only `threshold` chunks (one short of the pigeonhole) finds none equal.
      const even = new Set(
        Array.from({ length: threshold }, (_, k) =>
          Math.floor(((2 * k + 1) * 64) / (2 * threshold)),
        ),
      );
      const spreads = [even];
      while (spreads.length < 60) {
        const bits = new Set<number>();
        while (bits.size < threshold) bits.add(position());
        spreads.push(bits);
      }
      spreads.forEach((bits, s) => {
        const query = flipped(stored[s]!, bits);
        // The answer a scan of every stored hash gives (the flipped one is `threshold` away).
        const distances = stored.map((hash) => hammingDistance(hash, query));
        const best = Math.min(...distances);
        expect(index.nearest(query), `${query} at ${threshold}, bits ${[...bits]}`).toEqual({
          value: distances.indexOf(best),
          distance: best,
        });
      });
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

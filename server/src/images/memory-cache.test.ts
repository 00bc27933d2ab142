import { describe, expect, it } from 'vitest';
import { ByteBudgetCache } from './memory-cache';

const entry = (bytes: number, tag = '') => ({ body: Buffer.alloc(bytes), tag });

describe('ByteBudgetCache', () => {
  it('keeps what was read since the last eviction and drops what was not', () => {
    const cache = new ByteBudgetCache<ReturnType<typeof entry>>(300, 200);
    cache.set('a', entry(100, 'a'));
    cache.set('b', entry(100, 'b'));
    cache.set('c', entry(100, 'c'));
    // d goes over budget while every entry is new: the clock clears their marks and drops the oldest.
    cache.set('d', entry(100, 'd'));
    expect(cache.get('a')).toBeUndefined();
    cache.get('b');
    cache.set('e', entry(100, 'e'));
    expect(cache.get('b')?.tag).toBe('b');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')?.tag).toBe('d');
    expect(cache.get('e')?.tag).toBe('e');
  });

  it('never holds more than its budget, and skips entries larger than allowed', () => {
    const cache = new ByteBudgetCache<ReturnType<typeof entry>>(1000, 300);
    for (let i = 0; i < 50; i++) {
      cache.set(`k${i}`, entry(150 + (i % 3) * 50));
      if (i % 2) cache.get(`k${i - 1}`);
    }
    const held = Array.from({ length: 50 }, (_, i) => cache.get(`k${i}`)).filter(Boolean);
    expect(held.reduce((sum, e) => sum + e!.body.length, 0)).toBeLessThanOrEqual(1000);
    expect(held.length).toBeGreaterThan(0);
    cache.set('huge', entry(301));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('replaces an entry under the same key and drops every key of a prefix', () => {
    const cache = new ByteBudgetCache<ReturnType<typeof entry>>(1000, 500);
    cache.set('anime:5:thumb', entry(100, 'old'));
    cache.set('anime:5:thumb', entry(100, 'new'));
    cache.set('anime:5:large', entry(100));
    cache.set('anime:50:thumb', entry(100, 'other'));
    expect(cache.get('anime:5:thumb')?.tag).toBe('new');
    cache.deletePrefix('anime:5:');
    expect(cache.get('anime:5:thumb')).toBeUndefined();
    expect(cache.get('anime:5:large')).toBeUndefined();
    expect(cache.get('anime:50:thumb')?.tag).toBe('other');
    // The budget freed by the deletions is usable again.
    for (const key of ['x', 'y', 'z']) cache.set(key, entry(300, key));
    expect(cache.get('x')?.tag).toBe('x');
    expect(cache.get('z')?.tag).toBe('z');
  });
});

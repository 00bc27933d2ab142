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

  it('keeps an offered value from its second offer, so one pass over many images evicts nothing', () => {
    const cache = new ByteBudgetCache<ReturnType<typeof entry>>(300, 200, 4);
    cache.offer('hot', entry(100, 'hot'));
    expect(cache.get('hot')).toBeUndefined();
    cache.offer('hot', entry(100, 'hot'));
    expect(cache.get('hot')?.tag).toBe('hot');
    // A scan: each image offered once, more of them than the budget holds.
    for (let i = 0; i < 20; i++) cache.offer(`scan${i}`, entry(100));
    expect(cache.get('hot')?.tag).toBe('hot');
    expect(Array.from({ length: 20 }, (_, i) => cache.get(`scan${i}`)).filter(Boolean)).toEqual([]);
    // The doorkeeper forgets when full: a second offer long after the first counts as a first.
    cache.offer('late', entry(100));
    for (let i = 0; i < 4; i++) cache.offer(`other${i}`, entry(100));
    cache.offer('late', entry(100));
    expect(cache.get('late')).toBeUndefined();
    // An entry already kept is replaced by an offer at once, and clear forgets the offers too.
    cache.offer('hot', entry(100, 'hot2'));
    expect(cache.get('hot')?.tag).toBe('hot2');
    cache.offer('again', entry(100));
    cache.clear();
    cache.offer('again', entry(100));
    expect(cache.get('again')).toBeUndefined();
  });
});

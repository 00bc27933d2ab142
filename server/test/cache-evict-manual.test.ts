// 立即淘汰 as the admin sees it afterwards: the card's totals move at once, and the audit log
// holds one manual eviction with its count and size (the page writes it as a sentence).
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { overview, THUMBS, view } from './support/cache';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`立即淘汰 (${databaseKind})`, () => {
  it('moves the evicted totals at once and logs a manual eviction; nothing to do says 0', async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    for (const id of THUMBS.slice(0, 4)) expect(await view(t, id)).toBe(200);
    const admin = { authorization: `Bearer ${await t.login()}` };
    const evict = (payload: object) =>
      t!.app.inject({ method: 'POST', url: '/api/admin/cache/evict', headers: admin, payload });

    // No cap and room on the disk: the limits ask for nothing.
    const nothing = await evict({});
    expect(nothing.json()).toMatchObject({ evicted_files: 0, evicted_bytes: 0 });

    const all = await evict({ bytes: 100 * 1024 ** 2 });
    expect(all.statusCode, all.body).toBe(200);
    const { evicted_files: files, evicted_bytes: bytes } = all.json();
    expect(files).toBe(4);
    expect(await overview(t)).toMatchObject({ evicted_files: files, evicted_bytes: bytes });

    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
    const evictions = log
      .json()
      .entries.filter((e: { action: string }) => e.action === 'cache.evict');
    expect(evictions).toHaveLength(2);
    expect(evictions[0]).toMatchObject({
      source: 'web',
      actor: { email: expect.any(String) },
      detail: { count: files, bytes, includeFavorites: false },
    });
    expect(evictions[1].detail).toMatchObject({ count: 0, bytes: 0 });
  });
});

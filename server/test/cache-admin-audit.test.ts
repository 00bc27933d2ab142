// Issue 22: deleting shared cache files and evicting on demand are admin actions, in the audit log.
import type { AuditPage } from '@capshelf/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { EPISODE_ID, THUMBS, view } from './support/cache';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`cache actions in the audit log (${databaseKind})`, () => {
  it("records an admin's file deletion and eviction with what they removed, and nothing a user was refused", async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    const app = t.app;
    const admin = { authorization: `Bearer ${await t.login()}` };
    const episode = `${t.replica.pageOrigin}/anime/episodeimages.php?${EPISODE_ID}`;
    const listing = `/api/images/episode/${encodeURIComponent(episode)}`;
    expect((await app.inject({ method: 'GET', url: listing, headers: t.headers })).statusCode).toBe(
      200,
    );
    for (const id of THUMBS.slice(0, 3)) expect(await view(t, id)).toBe(200);
    const deleteFiles = (headers: Record<string, string>) =>
      app.inject({
        method: 'DELETE',
        url: `/api/images/cache/files?episode_id=${encodeURIComponent(episode)}`,
        headers,
      });

    expect((await deleteFiles(t.headers)).statusCode).toBe(403);
    const deleted = await deleteFiles(admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const id of THUMBS.slice(3, 5)) expect(await view(t, id)).toBe(200);
    const evicted = await app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 1024 * 1024, include_favorites: false },
    });
    expect(evicted.statusCode, evicted.body).toBe(200);

    const page = await app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
    const entries = page.json<AuditPage>().entries.filter((e) => e.action.startsWith('cache.'));
    expect(entries.map((e) => [e.action, e.actor?.id ?? null, e.source]).reverse()).toEqual([
      ['cache.delete', entries[0]!.actor!.id, 'web'],
      ['cache.evict', entries[0]!.actor!.id, 'web'],
    ]);
    const [evictRow, deleteRow] = entries;
    expect(deleteRow).toMatchObject({ target: episode, detail: { type: 'delete-files' } });
    expect(deleteRow!.detail.count).toBe(3);
    expect(evictRow).toMatchObject({ target: 'image cache', detail: { count: 2 } });
    expect(evictRow!.detail.bytes).toBeGreaterThan(0);
    expect(evictRow!.actor?.email).toBe(deleteRow!.actor?.email);
  });
});

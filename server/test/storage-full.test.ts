import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { expectContractError } from './hardening/checks';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { THUMBS, thumbUrl, view } from './support/cache';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Makes the database unable to grow, as a full disk does to it. */
async function fillDatabase(app: BrowseApp): Promise<void> {
  const db = app.services.db.kysely;
  if (app.services.db.dialect === 'sqlite') {
    // No page may be added: the next insert that needs one fails with SQLITE_FULL.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
    return;
  }
  // Postgres answers a full disk with `disk_full` (53100) on the write that needs the room.
  await sql`
    create function capshelf_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
    db,
  );
  await sql`create trigger sessions_disk_full before insert on sessions for each row execute function capshelf_disk_full()`.execute(
    db,
  );
}

describe(`a full disk or database (${databaseKind})`, () => {
  it('refuses an images task the disk has no room for with DISK_FULL before fetching anything', async () => {
    t = await startBrowseApp(
      { CACHE_MIN_FREE: '0' },
      { statfs: () => Promise.resolve({ bavail: 100, bsize: 4096 }) },
    );
    const created = await createTask(t, {
      image_urls: ids.slice(0, 3).map((id) => ownUrl(id)),
      filename_prefix: 'full',
    });
    expect(created.statusCode).toBe(202);
    const done = await waitForEnd(t, created.json().download_id);
    expect(done).toMatchObject({ status: 'failed', done_count: 0 });
    expect(done.reason).toEqual({ code: 'DISK_FULL', needed_gb: 0.1, free_gb: 0 });
    expect(done.error).toMatch(/^磁盘空间不足/);
    expect(t.upstreamRequests()).toBe(0);
  });

  it('answers 507 when the database cannot grow, and keeps serving cached images', async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    for (const id of THUMBS.slice(0, 3)) expect(await view(t, id)).toBe(200);
    await fillDatabase(t);
    t.replica.resetCounts();

    let answer = null;
    for (let i = 0; i < 300 && !answer; i++) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      if (login.statusCode !== 200) answer = login;
    }
    expect(answer).not.toBeNull();
    expectContractError(answer!, 507);
    expect(answer!.json()).toMatchObject({ code: 'STORAGE_FULL' });
    expect(answer!.json().detail).toMatch(/数据库空间已满/);

    for (const id of THUMBS.slice(0, 3)) {
      const cached = await t.app.inject({ method: 'GET', url: thumbUrl(id), headers: t.headers });
      expect(cached.statusCode).toBe(200);
    }
    expect(t.upstreamRequests()).toBe(0);
  });
});

import { addEpisode, KEY_IDS, showById } from '@capshelf/replica';
import type { Follow, FollowUndo } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { UNDO_MS } from '../src/follows/service';
import { HOUR, startFollowsApp } from './support/follows';

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp();
});
afterAll(async () => {
  await f.t.close();
});

describe(`following a work (${databaseKind})`, () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['PATCH', '/1'],
      ['DELETE', '/1'],
      ['POST', '/1/seen'],
      ['POST', '/seen-all'],
    ] as const) {
      expect((await f.call(method, url, undefined, {})).statusCode).toBe(401);
    }
  });

  it('follows a show once, with its known episodes and when it is checked', async () => {
    const res = await f.call('POST', '', f.alice, { work_url: f.showUrl() });
    expect(res.statusCode, res.body).toBe(201);
    const follow = res.json<{ id: number; episode_count: number; title: string }>();
    expect(follow).toMatchObject({
      kind: 'anime',
      work_id: KEY_IDS.longShow,
      title: showById(KEY_IDS.longShow)!.title,
      episode_count: showById(KEY_IDS.longShow)!.episodes.length,
      new_episodes: [],
      mode: 'none',
      status: 'active',
      last_checked_at: null,
      next_check_at: new Date(f.clock.now + 60 * 60 * 1000).toISOString(),
    });
    const again = await f.call('POST', '', f.alice, { work_url: f.showUrl() });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(follow.id);
    expect((await f.list(f.alice)).follows).toHaveLength(1);
  });

  it('follows TV too; a movie or a non-work address is refused with 400', async () => {
    const tv = await f.follow(f.alice, f.showUrl(KEY_IDS.tvSeason2, 'tv'));
    expect(tv).toMatchObject({ kind: 'tv', episode_count: 3 });
    const movieUrl = f.t.services.builders.moviePageUrl({
      type: 'movie',
      kind: 'movie',
      id: KEY_IDS.onePageMovie,
    });
    const movie = await f.call('POST', '', f.alice, { work_url: movieUrl });
    expect(movie.statusCode).toBe(400);
    expect(movie.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: '电影没有新剧集，无法关注',
    });
    for (const work_url of ['', 'not a url', 'https://example.com/showimages.php?1']) {
      const res = await f.call('POST', '', f.alice, { work_url });
      expect(res.statusCode, work_url).toBe(400);
    }
    const badMode = await f.call('POST', '', f.alice, { work_url: f.showUrl(), mode: 'all' });
    expect(badMode.statusCode).toBe(400);
    await f.call('DELETE', `/${tv.id}`, f.alice);
  });

  it("one user neither sees nor changes another's follows", async () => {
    const [mine] = (await f.list(f.alice)).follows;
    expect((await f.list(f.bob)).follows).toEqual([]);
    expect((await f.call('DELETE', `/${mine!.id}`, f.bob)).statusCode).toBe(404);
    expect((await f.call('PATCH', `/${mine!.id}`, f.bob, { mode: 'download' })).statusCode).toBe(
      404,
    );
    expect((await f.call('POST', `/${mine!.id}/seen`, f.bob)).statusCode).toBe(404);
    expect((await f.list(f.alice)).follows[0]).toMatchObject({ id: mine!.id, mode: 'none' });
  });

  it('changes what new episodes bring, per follow', async () => {
    const [mine] = (await f.list(f.alice)).follows;
    const res = await f.call('PATCH', `/${mine!.id}`, f.alice, { mode: 'cache' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine!.id, mode: 'cache' });
    expect((await f.call('PATCH', '/99999', f.alice, { mode: 'cache' })).statusCode).toBe(404);
    expect((await f.call('PATCH', '/abc', f.alice, { mode: 'cache' })).statusCode).toBe(400);
  });

  it('unfollowing keeps the work for its other followers, and forgets it a minute after the last', async () => {
    const bobs = await f.follow(f.bob);
    const [alices] = (await f.list(f.alice)).follows;
    expect((await f.call('DELETE', `/${alices!.id}`, f.alice)).statusCode).toBe(200);
    expect((await f.call('DELETE', `/${alices!.id}`, f.alice)).statusCode).toBe(404);
    expect((await f.list(f.bob)).follows).toMatchObject([{ id: bobs.id }]);
    expect((await f.call('DELETE', `/${bobs.id}`, f.bob)).statusCode).toBe(200);
    const db = f.t.services.db.kysely;
    // Kept for an undo; then the checks forget it without reading the source.
    expect(await db.selectFrom('followed_works').selectAll().execute()).not.toEqual([]);
    f.advance(UNDO_MS + 1);
    f.t.replica.resetCounts();
    expect(await f.t.services.followChecker.checkDue()).toBe(0);
    expect(f.t.replica.counts().total).toBe(0);
    expect(await db.selectFrom('followed_works').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('followed_episodes').selectAll().execute()).toEqual([]);
  });

  it('followed again within that minute, the work is checked as a new follow would be', async () => {
    const alices = await f.follow(f.alice);
    expect((await f.call('DELETE', `/${alices.id}`, f.alice)).statusCode).toBe(200);
    f.advance(30_000);
    const bobs = await f.follow(f.bob);
    // On the new follow's plan (the interval, an hour here), not at the forget time.
    expect(bobs.next_check_at).toBe(new Date(f.clock.now + HOUR).toISOString());
    f.advance(UNDO_MS);
    f.t.replica.resetCounts();
    expect(await f.t.services.followChecker.checkDue()).toBe(0);
    expect(f.t.replica.counts().total).toBe(0);
    f.advance(HOUR);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    expect((await f.list(f.bob)).follows).toMatchObject([{ id: bobs.id, status: 'active' }]);
    expect((await f.call('DELETE', `/${bobs.id}`, f.bob)).statusCode).toBe(200);
  });
});

describe(`undoing an unfollow (${databaseKind})`, () => {
  const tvUrl = () => f.showUrl(KEY_IDS.tvSeason2, 'tv');
  const unfollow = async (id: number, headers = f.alice) => {
    const res = await f.call('DELETE', `/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; undo: FollowUndo }>().undo;
  };
  const followBack = async (headers: typeof f.alice, undo: FollowUndo) => {
    const { mode, ...restore } = undo;
    const res = await f.call('POST', '', headers, { work_url: tvUrl(), mode, restore });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Follow>();
  };
  /** alice follows the TV season with 自动缓存 and has one unseen new episode of it. */
  const followWithNewEpisode = async () => {
    await f.follow(f.alice, tvUrl(), 'cache');
    const added = addEpisode(KEY_IDS.tvSeason2)!;
    f.advance(HOUR + 1);
    await f.t.services.followChecker.checkDue();
    const [listed] = (await f.list(f.alice)).follows;
    expect(listed!.new_episodes.map((e) => e.id)).toEqual([added.id]);
    return listed!;
  };

  it('within a minute, the same user gets the follow back with its mode and unseen episodes', async () => {
    const before = await followWithNewEpisode();
    const undo = await unfollow(before.id);
    expect(undo).toEqual({
      mode: 'cache',
      seen_at: expect.any(String),
      created_at: before.created_at,
    });
    // alice was its last follower: the work's episodes wait for the undo.
    f.advance(UNDO_MS / 2);

    // Another user sending alice's undo gets a follow of their own, as new as any.
    const bobs = await followBack(f.bob, undo);
    expect(bobs).toMatchObject({
      new_episodes: [],
      created_at: new Date(f.clock.now).toISOString(),
    });

    const back = await followBack(f.alice, undo);
    expect(back).toMatchObject({
      mode: 'cache',
      created_at: before.created_at,
      new_episodes: before.new_episodes,
    });
    expect((await f.list(f.alice)).new_total).toBe(1);
    await unfollow(back.id);
    await unfollow(bobs.id, f.bob);
  });

  it('other times, or the same ones after the minute, make a new follow', async () => {
    f.advance(UNDO_MS + 1);
    await f.t.services.followChecker.checkDue();
    const before = await followWithNewEpisode();
    const undo = await unfollow(before.id);
    const forged = await followBack(f.alice, { ...undo, seen_at: '2000-01-01T00:00:00.000Z' });
    expect(forged).toMatchObject({
      new_episodes: [],
      created_at: new Date(f.clock.now).toISOString(),
    });

    const undoAgain = await unfollow(forged.id);
    // The minute passes (the counter that holds the undo ends with it).
    await f.t.services.db.kysely
      .updateTable('rate_limits')
      .set({ reset_at: Date.now() - 1 })
      .where('key', 'like', 'follow-undo:%')
      .execute();
    const late = await followBack(f.alice, undoAgain);
    expect(late).toMatchObject({
      new_episodes: [],
      created_at: new Date(f.clock.now).toISOString(),
    });
  });
});

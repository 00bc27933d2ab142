import { addEpisode, KEY_IDS } from '@capshelf/replica';
import type { Follow } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractError } from './hardening/checks';
import { databaseKind } from './helpers';
import { HOUR, startFollowsApp } from './support/follows';

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp();
});
afterAll(async () => {
  await f.t.close();
});

const SHOW = KEY_IDS.tvSeason1;
const check = (headers: { authorization: string } | undefined, id: number) =>
  f.call('POST', `/${id}/check`, headers);
/** The replica's page requests since the last reset. */
const pageReads = () =>
  Object.values(f.t.replica.counts().targets.pages).reduce((a, b) => a + b, 0);

describe(`立即检查 and opening new episodes (${databaseKind})`, () => {
  it('lists when each follow is checked next', async () => {
    const follow = await f.follow(f.alice, f.showUrl(SHOW, 'tv'));
    const [listed] = (await f.list(f.alice)).follows;
    expect(listed).toMatchObject({ id: follow.id, last_checked_at: null });
    expect(listed!.next_check_at).toBe(new Date(f.clock.now + HOUR).toISOString());
  });

  it('checks the work now and finds a new episode; a second check within a minute is 429', async () => {
    const [mine] = (await f.list(f.alice)).follows;
    expect((await check(undefined, mine!.id)).statusCode).toBe(401);
    expectContractError(await check(f.bob, mine!.id), 404);
    const added = addEpisode(SHOW)!;
    f.advance(1000);
    f.t.replica.resetCounts();
    const res = await check(f.alice, mine!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(pageReads()).toBeGreaterThan(0);
    const now = new Date(f.clock.now).toISOString();
    expect(res.json<Follow>()).toMatchObject({
      id: mine!.id,
      new_episodes: [{ id: added.id, label: added.label }],
      last_checked_at: now,
      next_check_at: new Date(f.clock.now + HOUR).toISOString(),
    });
    expect((await f.list(f.alice)).new_total).toBe(1);

    const again = await check(f.alice, mine!.id);
    expectContractError(again, 429);
    const body = again.json<{ retry_after: number }>();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(again.headers['retry-after']).toBe(String(body.retry_after));
  });

  it("one user's limit does not hold back another's check of the same work", async () => {
    const bobs = await f.follow(f.bob, f.showUrl(SHOW, 'tv'));
    // Past the minute in which a check of the work by anyone is answered without a read.
    f.advance(61_000);
    const added = addEpisode(SHOW)!;
    const res = await check(f.bob, bobs.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Follow>().new_episodes.map((e) => e.id)).toEqual([added.id]);
    expect(res.json<Follow>().last_checked_at).toBe(new Date(f.clock.now).toISOString());
    // Alice's own minute still holds; she sees the episode Bob's check found.
    const [alices] = (await f.list(f.alice)).follows;
    expectContractError(await check(f.alice, alices!.id), 429);
    expect(alices!.new_episodes).toHaveLength(2);
  });

  it('opening a new episode marks it (and what was found before it) seen, not the later ones', async () => {
    const [alices] = (await f.list(f.alice)).follows;
    const [first, second] = alices!.new_episodes;
    const open = (id: number, episode: number, headers = f.alice) =>
      f.call('POST', `/${id}/seen/${episode}`, headers);
    expectContractError(await open(alices!.id, first!.id, f.bob), 404);
    expect((await open(alices!.id, first!.id)).statusCode).toBe(204);
    let listed = await f.list(f.alice);
    expect(listed.new_total).toBe(1);
    expect(listed.follows[0]!.new_episodes.map((e) => e.id)).toEqual([second!.id]);
    // Opening it again, or an episode that is not new, changes nothing.
    expect((await open(alices!.id, first!.id)).statusCode).toBe(204);
    expect((await open(alices!.id, 999_999)).statusCode).toBe(204);
    expect((await f.list(f.alice)).new_total).toBe(1);
    expect((await open(alices!.id, second!.id)).statusCode).toBe(204);
    listed = await f.list(f.alice);
    expect(listed.new_total).toBe(0);
    // Bob's follow of the work is his own: still new to him.
    expect((await f.list(f.bob)).new_total).toBe(1);
  });
});

import { addEpisode, KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckStore, FollowChecker } from '../src/follows';
import { databaseKind } from './helpers';
import { DAY, HOUR, startFollowsApp } from './support/follows';

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp();
});
afterAll(async () => {
  await f.t.close();
});

const show = () => showById(KEY_IDS.longShow)!;
/** The replica's page requests since the last reset, by target. */
const pageReads = () => f.t.replica.counts().targets.pages;
const schedule = async () =>
  f.t.services.db.kysely.selectFrom('followed_works').selectAll().executeTakeFirstOrThrow();

describe(`checks of followed works (${databaseKind})`, () => {
  it('reads a work once per check however many follow it, and lists the new episode to each', async () => {
    const alices = await f.follow(f.alice);
    const bobs = await f.follow(f.bob);
    expect(await f.t.services.followChecker.checkDue()).toBe(0);
    const added = addEpisode(KEY_IDS.longShow)!;
    f.advance(HOUR + 1);
    f.t.replica.resetCounts();
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    const reads = pageReads();
    expect(Object.keys(reads).length).toBeGreaterThan(0);
    expect(Object.values(reads).every((n) => n === 1)).toBe(true);
    // Not due again until the interval has passed: no request.
    f.t.replica.resetCounts();
    expect(await f.t.services.followChecker.checkDue()).toBe(0);
    expect(f.t.replica.counts().total).toBe(0);

    for (const [headers, id] of [
      [f.alice, alices.id],
      [f.bob, bobs.id],
    ] as const) {
      const listed = await f.list(headers);
      expect(listed.new_total).toBe(1);
      expect(listed.follows[0]).toMatchObject({
        id,
        episode_count: show().episodes.length,
        new_episodes: [{ id: added.id, label: added.label }],
        last_checked_at: new Date(f.clock.now).toISOString(),
        next_check_at: new Date(f.clock.now + HOUR).toISOString(),
      });
      expect(listed.follows[0]!.new_episodes[0]!.link.page_path).toBe(`/images/anime/${added.id}`);
    }
  });

  it('a follower who has seen the new episodes no longer gets them; the other still does', async () => {
    const [alices] = (await f.list(f.alice)).follows;
    const res = await f.call('POST', `/${alices!.id}/seen`, f.alice);
    expect(res.statusCode).toBe(204);
    expect((await f.list(f.alice)).new_total).toBe(0);
    expect((await f.list(f.bob)).new_total).toBe(1);
    expect((await f.call('POST', '/seen-all', f.bob)).statusCode).toBe(204);
    expect((await f.list(f.bob)).new_total).toBe(0);
  });

  it('checks a quiet work more rarely, and marks it finished after the quiet period', async () => {
    f.advance(10 * DAY);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    let row = await schedule();
    expect(row.status).toBe('active');
    // Quiet for 10 days: next check in 10/8 days, not in an hour.
    expect(Date.parse(row.next_check_at) - f.clock.now).toBe((10 * DAY) / 8);
    f.advance(181 * DAY);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    row = await schedule();
    expect(row.status).toBe('finished');
    expect(Date.parse(row.next_check_at) - f.clock.now).toBe(30 * DAY);
    expect((await f.list(f.alice)).follows[0]!.status).toBe('finished');
    // A finished work that gains an episode is airing again.
    addEpisode(KEY_IDS.longShow);
    f.advance(31 * DAY);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    row = await schedule();
    expect(row.status).toBe('active');
    expect(Date.parse(row.next_check_at) - f.clock.now).toBe(HOUR);
    expect((await f.list(f.alice)).new_total).toBe(1);
  });

  it('two processes never check one work at once', async () => {
    const { services } = f.t;
    const second = new FollowChecker({
      store: new CheckStore(services.db.kysely),
      catalog: services.catalog,
      builders: services.builders,
      schedule: services.config.follows,
      titles: services.titles.works,
      now: () => f.clock.now,
      logger: services.logger,
    });
    f.advance(40 * DAY);
    const checked = await Promise.all([services.followChecker.checkDue(), second.checkDue()]);
    expect(checked[0] + checked[1]).toBe(1);
  });
  it('a check that meets a cool-down waits and tries again; nothing is marked checked', async () => {
    const before = await schedule();
    f.t.replica.setFault('pages', { type: 'rate-limit', retryAfter: 60 });
    addEpisode(KEY_IDS.longShow);
    f.advance(8 * DAY);
    expect(await f.t.services.followChecker.checkDue()).toBe(0);
    const after = await schedule();
    expect(after.last_checked_at).toBe(before.last_checked_at);
    expect(after.episode_count).toBe(before.episode_count);
    expect(Date.parse(after.next_check_at)).toBe(f.clock.now + HOUR);
    expect((await f.list(f.alice)).new_total).toBe(1);
    f.t.replica.clearFaults();
  });
});

describe(`checks of a followed work with hundreds of episodes (${databaseKind})`, () => {
  // An app of its own: the first one's source is still cooling down after the test above.
  let g: Awaited<ReturnType<typeof startFollowsApp>>;
  beforeAll(async () => {
    g = await startFollowsApp();
  });
  afterAll(async () => {
    await g.t.close();
  });

  it('keeps every episode from the follow on, and lists a new one landing 400th', async () => {
    const work = KEY_IDS.longRunningShow;
    const episodes = showById(work)!.episodes;
    expect(episodes.length).toBe(399);
    expect((await g.follow(g.alice, g.showUrl(work))).episode_count).toBe(399);
    // Episodes are stored a few hundred rows at a time: none may fall between two batches.
    const stored = await g.t.services.db.kysely
      .selectFrom('followed_episodes')
      .select('episode_id')
      .where('kind', '=', 'anime')
      .where('work_id', '=', work)
      .execute();
    const known = new Set(stored.map((row) => Number(row.episode_id)));
    expect(episodes.filter((e) => !known.has(e.id)).map((e) => e.label)).toEqual([]);

    const added = addEpisode(work, 1)!;
    g.advance(HOUR + 1);
    expect(await g.t.services.followChecker.checkDue()).toBe(1);
    expect((await g.list(g.alice)).follows[0]).toMatchObject({
      episode_count: 400,
      new_episodes: [{ id: added.id, label: 'Episode 400' }],
    });
  });
});

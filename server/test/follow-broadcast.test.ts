import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addEpisode, KEY_IDS } from '@capshelf/replica';
import type { Follow } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { DAY, HOUR, startFollowsApp } from './support/follows';

/** A title table of bangumi-data's shape whose English titles name three of the replica's shows. */
const entry = (over: Record<string, unknown>) => ({
  type: 'tv',
  lang: 'ja',
  begin: '2025-10-06T15:00:00.000Z',
  end: '',
  // Mondays at 15:00 UTC (the tests' clock starts on a Monday at noon).
  broadcast: 'R/2025-10-06T15:00:00.000Z/P7D',
  sites: [],
  ...over,
});
const TABLE = {
  items: [
    entry({
      title: '花火の提灯祭り',
      titleTranslate: { 'zh-Hans': ['花火灯笼祭'], en: ["Hanabi's Lantern Festival"] },
      sites: [{ site: 'bangumi', id: '900001' }],
    }),
    // Its broadcasts ended before the tests' clock starts.
    entry({
      title: '灯台守',
      titleTranslate: { 'zh-Hans': ['灯塔守护者'], en: ['Lighthouse Keepers Season 1'] },
      end: '2025-12-22T15:30:00.000Z',
      sites: [{ site: 'bangumi', id: '900002' }],
    }),
    // Matched, but its schedule is none the server can read.
    entry({
      title: '近景',
      titleTranslate: { 'zh-Hans': ['近景'], en: ['Near Frames'] },
      broadcast: 'R/2025-10-06T15:00:00.000Z/P0D',
      sites: [{ site: 'bangumi', id: '900003' }],
    }),
  ],
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-follow-broadcast-'));
const titlesFile = path.join(dir, 'data.json');
writeFileSync(titlesFile, JSON.stringify(TABLE));

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp({ TITLES_FILE: titlesFile });
});
afterAll(async () => {
  await f.t.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-01-05T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const airing = () => f.showUrl(KEY_IDS.longShow);
const ended = () => f.showUrl(KEY_IDS.tvSeason1, 'tv');
const unmatched = () => f.showUrl(KEY_IDS.sceneShow);
const badSchedule = () => f.showUrl(KEY_IDS.nearFramesShow);
const row = (id: number) =>
  f.t.services.db.kysely
    .selectFrom('followed_works')
    .selectAll()
    .where('work_id', '=', id)
    .executeTakeFirstOrThrow();
const listed = async (id: number): Promise<Follow> =>
  (await f.list(f.alice)).follows.find((follow) => follow.work_id === id)!;
/** Sets the clock and runs the due checks; answers how many works were read. */
const checkAt = (time: number) => {
  f.clock.now = time;
  return f.t.services.followChecker.checkDue();
};

describe(`follows timed to broadcasts (${databaseKind})`, () => {
  it('names a matched work in Chinese and shows its next broadcast; others as before', async () => {
    expect(f.clock.now).toBe(T0);
    const follows = [
      await f.follow(f.alice, airing()),
      await f.follow(f.alice, ended()),
      await f.follow(f.alice, unmatched()),
      await f.follow(f.alice, badSchedule()),
    ];
    expect(follows.map((follow) => follow.chinese_name)).toEqual([
      '花火灯笼祭',
      '灯塔守护者',
      null,
      '近景',
    ]);
    expect(follows.map((follow) => follow.next_broadcast_at)).toEqual([
      '2026-01-05T15:00:00.000Z',
      null,
      null,
      null,
    ]);
    // Just followed: the interval comes before the broadcast's check (15:00 + 6 h).
    expect(follows[0]).toMatchObject({ status: 'active', next_check_at: iso(T0 + HOUR) });
    expect(follows[2]).toMatchObject({ status: 'active', next_check_at: iso(T0 + HOUR) });
    expect(follows[3]).toMatchObject({ status: 'active', next_check_at: iso(T0 + HOUR) });
    // Broadcasts over: finished, checked monthly.
    expect(follows[1]).toMatchObject({ status: 'finished', next_check_at: iso(T0 + 30 * DAY) });
    const list = await f.list(f.alice);
    expect(list.follows.map((follow) => follow.chinese_name)).toEqual([
      '花火灯笼祭',
      '灯塔守护者',
      null,
      '近景',
    ]);
    // Another user's view of the same work is named too.
    expect((await f.follow(f.bob, airing())).chinese_name).toBe('花火灯笼祭');
  });

  it('checks a quiet airing work six hours after its next broadcast', async () => {
    // Quiet for 20 days: the ordinary wait is 2.5 days, past Monday's broadcast (15:00) + 6 h.
    const now = Date.parse('2026-01-25T12:00:00Z');
    expect(await checkAt(now)).toBe(3);
    expect((await row(KEY_IDS.longShow)).next_check_at).toBe('2026-01-26T21:00:00.000Z');
    expect(await listed(KEY_IDS.longShow)).toMatchObject({
      status: 'active',
      next_check_at: '2026-01-26T21:00:00.000Z',
      next_broadcast_at: '2026-01-26T15:00:00.000Z',
    });
    // An unmatched work, and one with no schedule the server can read, wait as they always have.
    for (const id of [KEY_IDS.sceneShow, KEY_IDS.nearFramesShow]) {
      const work = await row(id);
      expect(work.status).toBe('active');
      expect(work.next_check_at).toBe(iso(now + (now - T0) / 8));
    }
  });

  it('after that check finds nothing, the ordinary schedule again', async () => {
    const now = Date.parse('2026-01-26T21:00:00Z');
    expect(await checkAt(now)).toBe(1);
    const work = await row(KEY_IDS.longShow);
    expect(work.last_checked_at).toBe(iso(now));
    // An eighth of 21 days 9 hours, before the next broadcast's check (2 February, 21:00).
    expect(work.next_check_at).toBe(iso(now + (now - T0) / 8));
    expect(Date.parse(work.next_check_at)).toBeLessThan(Date.parse('2026-02-02T21:00:00Z'));
    expect((await listed(KEY_IDS.longShow)).next_broadcast_at).toBe('2026-02-02T15:00:00.000Z');
  });

  it('a work found new after a broadcast is checked again after the interval', async () => {
    const added = addEpisode(KEY_IDS.longShow)!;
    const now = Date.parse('2026-02-02T21:00:00Z');
    expect(await checkAt(now)).toBeGreaterThanOrEqual(1);
    expect(await listed(KEY_IDS.longShow)).toMatchObject({
      status: 'active',
      new_episodes: [{ id: added.id }],
      next_check_at: iso(now + HOUR),
    });
  });

  it('a work whose broadcasts ended stays finished, monthly, even when it gains an episode', async () => {
    const added = addEpisode(KEY_IDS.tvSeason1)!;
    const now = T0 + 30 * DAY;
    expect(await checkAt(now)).toBeGreaterThanOrEqual(1);
    const work = await row(KEY_IDS.tvSeason1);
    expect(work.last_checked_at).toBe(iso(now));
    expect(work.status).toBe('finished');
    expect(work.next_check_at).toBe(iso(now + 30 * DAY));
    expect(await listed(KEY_IDS.tvSeason1)).toMatchObject({
      status: 'finished',
      new_episodes: [{ id: added.id }],
      next_broadcast_at: null,
    });
  });
});

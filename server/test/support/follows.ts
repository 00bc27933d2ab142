import { KEY_IDS } from '@capshelf/replica';
import type { Follow, FollowsResponse } from '@capshelf/contract';
import { expect } from 'vitest';
import { startBrowseApp, type BrowseApp } from './browse';

export type Headers = { authorization: string };

/**
 * An app over the replica with a clock the test moves (follow checks read it), a check interval
 * of an hour so only the test starts checks, and two users.
 */
export async function startFollowsApp(env: Record<string, string> = {}) {
  const clock = { now: Date.parse('2026-01-05T12:00:00Z') };
  const t: BrowseApp = await startBrowseApp(
    { FOLLOW_CHECK_INTERVAL: '1h', ...env },
    { now: () => clock.now },
  );
  const alice = await t.userHeaders('follow-alice@example.com');
  const bob = await t.userHeaders('follow-bob@example.com');
  const showUrl = (id: number = KEY_IDS.longShow, kind: 'anime' | 'tv' = 'anime') =>
    t.services.builders.showPageUrl({ type: 'work', kind, id });
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers | undefined,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/follows${url}`, headers, payload });
  const follow = async (headers: Headers, work_url = showUrl(), mode?: string) => {
    const res = await call('POST', '', headers, { work_url, ...(mode ? { mode } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<Follow>();
  };
  const list = async (headers: Headers) => {
    const res = await call('GET', '', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FollowsResponse>();
  };
  /** Moves the clock past every scheduled check. */
  const advance = (ms: number) => (clock.now += ms);
  return { t, clock, alice, bob, showUrl, call, follow, list, advance };
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

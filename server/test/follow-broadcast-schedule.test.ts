import { describe, expect, it } from 'vitest';
import { airingOf, durationMs, nextBroadcast, parseBroadcast } from '../src/follows/broadcast';
import { nextCheck, planCheck } from '../src/follows/schedule';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const settings = { checkIntervalMs: HOUR, afterBroadcastMs: 6 * HOUR };
// Mondays at 15:00 UTC from 6 October 2025.
const weekly = parseBroadcast('R/2025-10-06T15:00:00.000Z/P7D')!;

describe('follows: reading a broadcast schedule', () => {
  it('reads the table’s repeating intervals', () => {
    expect(weekly).toEqual({ start: at('2025-10-06T15:00:00Z'), periodMs: 7 * DAY, end: null });
    expect(parseBroadcast('R/2013-10-07T15:00:00Z/P1D', '2013-12-23T15:00:00.000Z')).toEqual({
      start: at('2013-10-07T15:00:00Z'),
      periodMs: DAY,
      end: at('2013-12-23T15:00:00Z'),
    });
    expect(parseBroadcast(' R12/2024-01-01T00:30:00+09:00/PT12H ')).toMatchObject({
      start: at('2023-12-31T15:30:00Z'),
      periodMs: 12 * HOUR,
    });
    expect(parseBroadcast('R/2024-01-01/P2W')?.periodMs).toBe(14 * DAY);
    expect(durationMs('P1DT2H3M4S')).toBe(DAY + 2 * HOUR + 3 * 60_000 + 4000);
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['a zero period', 'R/2023-08-19T14:00:00.000Z/P0D'],
    ['a zero time', 'R/2023-08-19T14:00:00.000Z/PT0S'],
    ['a calendar period', 'R/2024-01-05T15:00:00.000Z/P1M'],
    ['a year', 'R/2024-01-05T15:00:00.000Z/P1Y'],
    ['no period', 'R/2024-01-05T15:00:00.000Z'],
    ['an empty period', 'R/2024-01-05T15:00:00.000Z/P'],
    ['a period ending in T', 'R/2024-01-05T15:00:00.000Z/P1DT'],
    ['a negative period', 'R/2024-01-05T15:00:00.000Z/-P7D'],
    ['a fraction', 'R/2024-01-05T15:00:00.000Z/P0.5D'],
    ['a period past a year', 'R/2024-01-05T15:00:00.000Z/P999999D'],
    ['no repetition', '2024-01-05T15:00:00.000Z/P7D'],
    ['a start and an end', 'R/2024-01-05T15:00:00Z/2024-03-05T15:00:00Z'],
    ['a time with no zone', 'R/2024-01-05T15:00:00/P7D'],
    ['no time', 'R/not a date/P7D'],
    ['a day that is none', 'R/2024-02-30T15:00:00Z/P7D'],
    ['an extra part', 'R/2024-01-05T15:00:00Z/P7D/P7D'],
    ['words', 'every Friday'],
  ])('takes %s for no schedule', (_case, text) => {
    expect(parseBroadcast(text)).toBeNull();
  });

  it('keeps the schedule of an entry whose end cannot be read, as one without an end', () => {
    expect(parseBroadcast('R/2025-10-06T15:00:00Z/P7D', 'soon')?.end).toBeNull();
  });

  it('finds the next broadcast after a time, and none past the end', () => {
    expect(nextBroadcast(weekly, at('2025-01-01T00:00:00Z'))).toBe(at('2025-10-06T15:00:00Z'));
    expect(nextBroadcast(weekly, at('2026-01-05T12:00:00Z'))).toBe(at('2026-01-05T15:00:00Z'));
    // A broadcast at the very time is past: the next is a week on.
    expect(nextBroadcast(weekly, at('2026-01-05T15:00:00Z'))).toBe(at('2026-01-12T15:00:00Z'));
    const ended = { ...weekly, end: at('2025-12-22T15:30:00Z') };
    expect(nextBroadcast(ended, at('2025-12-20T00:00:00Z'))).toBe(at('2025-12-22T15:00:00Z'));
    expect(nextBroadcast(ended, at('2025-12-22T15:00:00Z'))).toBeNull();
  });
});

describe('follows: checks timed to broadcasts', () => {
  // Quiet for 20 days: the ordinary wait is 2.5 days.
  const now = at('2026-01-25T12:00:00Z');
  const lastNewAt = now - 20 * DAY;

  it('leaves a work with no schedule to the ordinary checks', () => {
    expect(planCheck(settings, now, lastNewAt, null)).toEqual(nextCheck(settings, now, lastNewAt));
    expect(planCheck(settings, now, lastNewAt, null).at).toBe(now + 2.5 * DAY);
  });

  it('checks the time after the next broadcast when that comes first', () => {
    expect(planCheck(settings, now, lastNewAt, weekly)).toEqual({
      status: 'active',
      at: at('2026-01-26T21:00:00Z'),
    });
  });

  it('after the broadcast’s check found nothing, the ordinary checks, up to the next broadcast', () => {
    const after = at('2026-01-26T21:00:00Z');
    expect(planCheck(settings, after, lastNewAt, weekly)).toEqual(
      nextCheck(settings, after, lastNewAt),
    );
    // Checked half an hour late, and quiet for two months: the ordinary wait (a week) would pass
    // the next broadcast's check.
    const late = after + HOUR / 2;
    expect(planCheck(settings, late, late - 60 * DAY, weekly).at).toBe(at('2026-02-02T21:00:00Z'));
  });

  it('a broadcast a few hours ago is still looked for; a new episode brings the interval', () => {
    const soon = at('2026-01-26T17:00:00Z');
    expect(planCheck(settings, soon, lastNewAt, weekly).at).toBe(at('2026-01-26T21:00:00Z'));
    expect(planCheck(settings, soon, soon, weekly).at).toBe(soon + HOUR);
    const rare = { ...settings, checkIntervalMs: 2 * DAY };
    expect(planCheck(rare, soon, soon, weekly).at).toBe(soon + 2 * DAY);
  });

  it('never checks sooner than the interval after this check', () => {
    const late = at('2026-01-26T20:30:00Z');
    expect(planCheck(settings, late, lastNewAt, weekly).at).toBe(late + HOUR);
  });

  it('a work whose broadcasts ended is finished and checked monthly', () => {
    const ended = { ...weekly, end: at('2026-01-12T15:30:00Z') };
    expect(planCheck(settings, now, now, ended)).toEqual({
      status: 'finished',
      at: now + 30 * DAY,
    });
    expect(planCheck(settings, now, lastNewAt, ended).status).toBe('finished');
    // The last broadcast is still looked for in the hours after it.
    const last = at('2026-01-12T18:00:00Z');
    expect(planCheck(settings, last, lastNewAt, ended)).toEqual({
      status: 'active',
      at: at('2026-01-12T21:00:00Z'),
    });
    // Its check done, nothing is left to look for.
    expect(planCheck(settings, last + 3 * HOUR, last, ended).status).toBe('finished');
  });

  it('a work the table gives an end but no schedule is finished once the end has passed', () => {
    const entry = (end: string | null) =>
      ({ broadcast: null, end }) as Parameters<typeof airingOf>[0];
    const ended = airingOf(entry('2014-09-27'));
    expect(ended && nextBroadcast(ended, now - 3650 * DAY)).toBeNull();
    expect(planCheck(settings, now, now, ended)).toEqual({
      status: 'finished',
      at: now + 30 * DAY,
    });
    // Still airing (its end ahead) or no end known: the ordinary checks.
    const airing = airingOf(entry('2026-03-01'));
    expect(planCheck(settings, now, lastNewAt, airing)).toEqual(
      nextCheck(settings, now, lastNewAt),
    );
    expect(airingOf(entry(null))).toBeNull();
  });

  it('a work quiet for half a year is finished whatever the table says', () => {
    expect(planCheck(settings, now, now - 200 * DAY, weekly)).toEqual({
      status: 'finished',
      at: now + 30 * DAY,
    });
  });
});

import { nextBroadcast, type Airing } from './broadcast';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest wait of a work still airing, and the wait of a finished (已完结) one. */
const ACTIVE_MAX_MS = 7 * DAY_MS;
const FINISHED_MS = 30 * DAY_MS;
/** A work with nothing new for this long is finished (已完结). */
const DORMANT_AFTER_MS = 180 * DAY_MS;

export interface ScheduleSettings {
  /** FOLLOW_CHECK_INTERVAL: the shortest wait between two checks of a work. */
  checkIntervalMs: number;
  /** FOLLOW_AFTER_BROADCAST: how long after a broadcast its episode is looked for. */
  afterBroadcastMs: number;
}

export interface PlannedCheck {
  status: 'active' | 'finished';
  at: number;
}

/**
 * When a work is checked next, from how long it has been quiet: an eighth of its quiet time,
 * never sooner than the interval nor later than a week, so a work that gained an episode lately
 * is read often and one that did not is read rarely; a finished work monthly.
 */
export function nextCheck(
  settings: ScheduleSettings,
  now: number,
  lastNewAt: number,
): PlannedCheck {
  const quiet = Math.max(0, now - lastNewAt);
  if (quiet >= DORMANT_AFTER_MS) return finished(settings, now);
  const wait = Math.min(Math.max(quiet / 8, settings.checkIntervalMs), ACTIVE_MAX_MS);
  return { status: 'active', at: now + Math.max(wait, settings.checkIntervalMs) };
}

function finished(settings: ScheduleSettings, now: number): PlannedCheck {
  return { status: 'finished', at: now + Math.max(FINISHED_MS, settings.checkIntervalMs) };
}

/**
 * The next check of a work, with its broadcasts when the title table knows them (`airing`, null
 * for a work matched to no entry or to one without a schedule: `nextCheck` alone).
 *
 * A broadcast's episode is looked for `afterBroadcastMs` after it: the next check is then, when
 * that comes before `nextCheck`'s time (never sooner than the interval after `now`), for the
 * first broadcast whose check time is still ahead. So a check that finds nothing leaves
 * `nextCheck` in force, capped by the following broadcast's check, and one that finds an episode
 * comes again after the interval, as `nextCheck` has it. Once the table's end has passed and no
 * broadcast is left to look for, the work is finished (已完结) and checked monthly; a work quiet
 * for the dormant period is finished too, whatever the table says.
 */
export function planCheck(
  settings: ScheduleSettings,
  now: number,
  lastNewAt: number,
  airing: Airing | null,
): PlannedCheck {
  const ordinary = nextCheck(settings, now, lastNewAt);
  if (!airing || ordinary.status === 'finished') return ordinary;
  const broadcast = nextBroadcast(airing, now - settings.afterBroadcastMs);
  if (broadcast === null) {
    return airing.end !== null && now >= airing.end ? finished(settings, now) : ordinary;
  }
  const soonest = now + settings.checkIntervalMs;
  return {
    status: 'active',
    at: Math.max(soonest, Math.min(ordinary.at, broadcast + settings.afterBroadcastMs)),
  };
}

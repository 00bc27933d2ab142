const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest wait of a work still airing, and the wait of a finished (已完结) one. */
const ACTIVE_MAX_MS = 7 * DAY_MS;
const FINISHED_MS = 30 * DAY_MS;
/** A work with nothing new for this long is finished (已完结). */
const DORMANT_AFTER_MS = 180 * DAY_MS;

export interface ScheduleSettings {
  /** FOLLOW_CHECK_INTERVAL: the shortest wait between two checks of a work. */
  checkIntervalMs: number;
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
): { status: 'active' | 'finished'; at: number } {
  const quiet = Math.max(0, now - lastNewAt);
  if (quiet >= DORMANT_AFTER_MS) {
    return { status: 'finished', at: now + Math.max(FINISHED_MS, settings.checkIntervalMs) };
  }
  const wait = Math.min(Math.max(quiet / 8, settings.checkIntervalMs), ACTIVE_MAX_MS);
  return { status: 'active', at: now + Math.max(wait, settings.checkIntervalMs) };
}

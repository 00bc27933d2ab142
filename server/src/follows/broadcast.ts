import type { TitleEntry } from '../titles';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A schedule repeating less often than this is no weekly (or daily) broadcast: none is kept. */
const LONGEST_PERIOD_MS = 400 * DAY_MS;
/** The latest time a Date holds (ECMAScript's range). */
const LAST_TIME_MS = 8.64e15;

/** A work's broadcasts as the title table gives them: from `start`, every `periodMs`, until `end`. */
export interface Airing {
  /** The first broadcast (ms since the epoch). */
  readonly start: number;
  /** Between two broadcasts, positive. */
  readonly periodMs: number;
  /** The table's end of the work (about its last broadcast), or null when it does not know. */
  readonly end: number | null;
}

// A date with a time and a zone (a time without one would be read in the server's zone), or a
// date alone (midnight UTC).
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
// Weeks, days and a time; no years or months, which are no fixed length.
const DURATION =
  /^P(?:(\d{1,6})W|(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,8})S)?)?)$/;

function timeOf(text: string | null): number | null {
  if (text === null || !DATE_TIME.test(text)) return null;
  const ms = Date.parse(text);
  // Date.parse moves a day that is none (30 February) into the next month: that is no time.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return null;
  return Number.isFinite(ms) ? ms : null;
}

/** An ISO-8601 duration of weeks, days, hours, minutes and seconds in ms; null for anything else. */
export function durationMs(text: string): number | null {
  const parts = DURATION.exec(text);
  if (!parts || text === 'P' || text.endsWith('T')) return null;
  const [weeks, days, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0));
  return (
    weeks! * 7 * DAY_MS + days! * DAY_MS + hours! * HOUR_MS + minutes! * MINUTE_MS + seconds! * 1000
  );
}

/**
 * A repeating interval of the title table (`R/2020-01-01T13:00:00Z/P7D`: from that time, every
 * seven days) as broadcasts, with the entry's end. The table is data from outside (and a newer
 * copy may hold anything): a string of another form, a zero or calendar period (`P0D`, `P1M`),
 * or a time that is no time, is no schedule (null), and the work keeps the ordinary checks.
 */
export function parseBroadcast(broadcast: string | null, end: string | null = null): Airing | null {
  const parts = broadcast?.trim().split('/');
  if (parts?.length !== 3 || !/^R\d*$/.test(parts[0]!)) return null;
  const start = timeOf(parts[1]!);
  const periodMs = durationMs(parts[2]!);
  if (start === null || periodMs === null || periodMs <= 0 || periodMs > LONGEST_PERIOD_MS) {
    return null;
  }
  return { start, periodMs, end: timeOf(end) };
}

/**
 * The broadcasts of a title-table entry (null: no entry, or one with neither a usable schedule nor
 * an end). An entry with an end but no schedule (most works that ended long ago) airs no broadcast
 * and counts for its end alone: once that has passed the work is finished, as one whose broadcasts
 * ended (`planCheck`).
 */
export function airingOf(entry: TitleEntry | null): Airing | null {
  if (!entry) return null;
  const airing = parseBroadcast(entry.broadcast, entry.end);
  if (airing) return airing;
  const end = timeOf(entry.end);
  // The first "broadcast" comes after the end, so `nextBroadcast` never finds one.
  return end === null ? null : { start: end + 1, periodMs: LONGEST_PERIOD_MS, end };
}

/**
 * The first broadcast after `time` (start + k·period, k ≥ 0), or null when the work ends
 * before it.
 */
export function nextBroadcast(airing: Airing, time: number): number | null {
  const { start, periodMs, end } = airing;
  const k = time < start ? 0 : Math.floor((time - start) / periodMs) + 1;
  const at = start + k * periodMs;
  if (at > LAST_TIME_MS || (end !== null && at > end)) return null;
  return at;
}

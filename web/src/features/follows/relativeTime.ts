const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60_000],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/**
 * A time from now in the page's language ("3 小时后", "in 3 hours"), in the largest whole unit;
 * null when it is less than a minute away or past (the caller says "soon").
 */
export function relativeTime(value: string, language: string, now = Date.now()): string | null {
  const ms = Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms < 60_000) return null;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(Math.round(ms / size), unit);
  }
  return null;
}

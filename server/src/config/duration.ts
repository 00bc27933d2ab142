/** Parses durations such as `1500`, `250ms`, `20s`, `30m`, `24h`, `30d` into milliseconds. A bare number is seconds. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!match) return null;
  const unit = (match[2] ?? 's').toLowerCase();
  return Math.round(Number(match[1]) * (UNIT_MS[unit] ?? 1000));
}

/** Longest cool-down a `Retry-After` may impose, so a bogus header cannot park a host for days. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Milliseconds a `Retry-After` header asks to wait (delta seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(ms, 1000), MAX_RETRY_AFTER_MS);
}

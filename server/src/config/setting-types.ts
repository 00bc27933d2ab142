import { isIP } from 'node:net';
import { z } from 'zod';
import { parseDuration } from './duration';
import { parseSize } from './size';

// The kinds of value a setting takes, each parsed from its environment text with a clear message.

export const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = parseDuration(text);
      if (ms === null) {
        ctx.addIssue({
          code: 'custom',
          message: `not a duration (e.g. 30s, 15m, 24h, 30d): "${text}"`,
        });
        return z.NEVER;
      }
      return ms;
    });

/** A size with a unit (`512MB`, `50GB`); `fallback` undefined: unset means none. */
export const size = (fallback?: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const value = text ?? fallback;
      if (value === undefined) return null;
      const bytes = parseSize(value);
      if (bytes === null) {
        ctx.addIssue({ code: 'custom', message: `not a size (e.g. 500MB, 50GB): "${value}"` });
        return z.NEVER;
      }
      return bytes;
    });

export const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const url = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);

export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

/** One address or CIDR block, v4 or v6 (`10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`). */
function isAddressOrBlock(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies to believe `X-Forwarded-For` from: `false` (none), a hop count, or a list of proxy
 * addresses/CIDRs, as Fastify's `trustProxy` takes them. `true` ("believe anyone") is refused: any
 * client could then pick its own address and slip past the per-address limits.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((text, ctx): false | number | string[] => {
    const value = text.trim();
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim());
    if (list.every(isAddressOrBlock)) return list;
    ctx.addIssue({
      code: 'custom',
      message: `a hop count (e.g. 1) or proxy addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8), not "${text}"`,
    });
    return z.NEVER;
  });

/**
 * Where webhooks may go besides public addresses: host names, addresses and CIDR blocks (v4 and
 * v6), comma-separated. Unset: public addresses only.
 */
export const allowedHosts = z
  .string()
  .default('')
  .transform((text, ctx): string[] => {
    const list = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const hostName =
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i;
    const bad = list.filter((entry) => !isAddressOrBlock(entry) && !hostName.test(entry));
    if (bad.length === 0) return list;
    ctx.addIssue({
      code: 'custom',
      message: `host names, addresses or CIDRs (e.g. ntfy.lan,10.0.0.0/8,fd00::/8), not "${bad.join(', ')}"`,
    });
    return z.NEVER;
  });

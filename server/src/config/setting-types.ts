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

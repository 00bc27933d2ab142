import { z } from 'zod';

/**
 * `GET /api/admin/cache`: the shared image cache as the admin sees it. Sizes in bytes; `max_bytes`
 * null: no cap (`CACHE_MAX_SIZE` unset); the disk's figures null when they cannot be read.
 */
export const CacheOverview = z.object({
  images: z.number().int(),
  files: z.number().int(),
  size_bytes: z.number().int(),
  max_bytes: z.number().int().nullable(),
  min_free_bytes: z.number().int(),
  free_bytes: z.number().int().nullable(),
  disk_bytes: z.number().int().nullable(),
  evicted_files: z.number().int(),
  evicted_bytes: z.number().int(),
  last_evicted_at: z.string().nullable(),
});
export type CacheOverview = z.infer<typeof CacheOverview>;

/**
 * `POST /api/admin/cache/evict`: evicts now, least recently viewed first. `bytes` (at most 1 TiB a
 * call) omitted: what the limits ask for now. Images favourites pin (each user's newest, up to
 * `FAVORITE_PIN_MAX`) stay unless `include_favorites`; images an unfinished download needs always
 * stay.
 */
export const EvictRequest = z.object({
  bytes: z
    .number()
    .int()
    .min(1)
    .max(2 ** 40)
    .optional(),
  include_favorites: z.boolean().default(false),
});
export type EvictRequest = z.input<typeof EvictRequest>;

export const EvictResponse = z.object({
  evicted_files: z.number().int(),
  evicted_bytes: z.number().int(),
  message: z.string(),
});
export type EvictResponse = z.infer<typeof EvictResponse>;

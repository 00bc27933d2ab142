import { z } from 'zod';
import { EpisodeImagesQuery, ImageItem, Ref, WorkChineseTitle } from './browse';

/** Most images one progress answer carries; the next poll asks from where this one ended. */
export const MAX_PROGRESS_IMAGES = 5000;

/**
 * GET /images/episode/{id}/progress: `offset` is how many images the caller already has (the
 * answer lists those after it); `resume` restarts a crawl that failed; `refresh` reads anew.
 */
export const ImageCrawlQuery = EpisodeImagesQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  resume: z.stringbool().optional(),
});
export type ImageCrawlQuery = z.input<typeof ImageCrawlQuery>;

export const CrawlState = z.enum(['running', 'done', 'failed']);
export type CrawlState = z.infer<typeof CrawlState>;

export const ImageCrawlResponse = z.object({
  state: CrawlState,
  /** The images read so far from `offset` on (at most MAX_PROGRESS_IMAGES). */
  images: z.array(ImageItem),
  offset: z.number().int(),
  /** Images read so far (the final count once done). */
  total: z.number().int(),
  /** Pages read. */
  page: z.number().int(),
  /** The page count, once known (the source's pager never shows it from afar). */
  pages: z.number().int().nullable(),
  /** The listing has at least this many pages, from what the pager has shown so far. */
  pages_at_least: z.number().int(),
  episode_title: z.string().nullable(),
  work_title: z.string().nullable(),
  work: Ref.nullable(),
  episode: Ref.nullable(),
  /** The work's Chinese name (a movie's own), when the server has matched it. */
  chinese_title: WorkChineseTitle.nullable().optional(),
  cached: z.boolean(),
  fetched_at: z.string().nullable(),
  /** Why a failed crawl stopped; what it read stays and `resume=true` goes on from there. */
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      /** Seconds until the source may be asked again (a rate limit or a refusal). */
      retry_after: z.number().int().optional(),
      /** Why a challenge could not be passed, as the 429's `challenge`. */
      challenge: z.string().optional(),
    })
    .nullable(),
});
export type ImageCrawlResponse = z.infer<typeof ImageCrawlResponse>;

export const ImageMode = z.enum(['smart', 'fast']);
export type ImageMode = z.infer<typeof ImageMode>;

/** GET/PUT /settings/image-mode: the episode mode a user last chose (null: never chose). */
export const ImageModePreference = z.object({ image_mode: ImageMode.nullable() });
export type ImageModePreference = z.infer<typeof ImageModePreference>;
export const SetImageModeRequest = z.object({ image_mode: ImageMode });
export type SetImageModeRequest = z.infer<typeof SetImageModeRequest>;

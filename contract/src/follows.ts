import { z } from 'zod';
import { UpstreamId } from './browse';
import { PageLink } from './links';
import { validationMessages } from './messages';

/** What is done with a followed work's new episodes: nothing more, 自动缓存, or 自动下载. */
export const FollowMode = z.enum(['none', 'cache', 'download']);
export type FollowMode = z.infer<typeof FollowMode>;

/**
 * 'finished' (已完结): nothing new for the quiet period, or the broadcasts of the work's title-table
 * entry have ended; the work is then checked monthly.
 */
export const FollowStatus = z.enum(['active', 'finished']);
export type FollowStatus = z.infer<typeof FollowStatus>;

/** `POST /api/follows`: a show's page (anime or TV) on the source site; a movie is refused. */
export const FollowRequest = z.object({
  work_url: z.string().trim().min(1, validationMessages.workUrlMissing).max(2000),
  /** Which kind a bare query part (`10434-Slug`) names; a full address says it itself. */
  kind: z.enum(['anime', 'tv']).optional(),
  mode: FollowMode.default('none'),
});
export type FollowRequest = z.input<typeof FollowRequest>;

export const FollowChangeRequest = z.object({ mode: FollowMode });
export type FollowChangeRequest = z.input<typeof FollowChangeRequest>;

/** Our own row ids are 32-bit serials; larger numbers would make Postgres fail instead of 404. */
export const FollowIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** One new episode of a follow (the source's episode id). */
export const FollowEpisodeParams = FollowIdParams.extend({
  episodeId: UpstreamId,
});

export const FollowNewEpisode = z.object({
  id: z.number().int(),
  label: z.string(),
  link: PageLink,
  found_at: z.string(),
});
export type FollowNewEpisode = z.infer<typeof FollowNewEpisode>;

export const Follow = z.object({
  id: z.number().int(),
  kind: z.enum(['anime', 'tv']),
  work_id: z.number().int(),
  title: z.string(),
  /** The work's Chinese name from the title table (bangumi-data), when it is matched to one. */
  chinese_name: z.string().nullable(),
  link: PageLink,
  mode: FollowMode,
  status: FollowStatus,
  episode_count: z.number().int(),
  /** Episodes found after the follower last marked the work seen, oldest first. */
  new_episodes: z.array(FollowNewEpisode),
  /** When the work's listing was last read (null: not yet), and when it is read next (ISO). */
  last_checked_at: z.string().nullable(),
  next_check_at: z.string(),
  /**
   * The work's next broadcast (ISO) when the title table gives it a schedule; null otherwise or
   * once its broadcasts are over. Checks are timed to it (FOLLOW_AFTER_BROADCAST after each).
   */
  next_broadcast_at: z.string().nullable(),
  created_at: z.string(),
});
export type Follow = z.infer<typeof Follow>;

export const FollowsResponse = z.object({
  follows: z.array(Follow),
  /** New episodes over all follows (the header's badge). */
  new_total: z.number().int(),
});
export type FollowsResponse = z.infer<typeof FollowsResponse>;

export const UnfollowResponse = z.object({ success: z.literal(true) });

/** The account's personal feed address (`/feeds/<token>.atom`), or null when it is off. */
export const FeedAddress = z.object({ url: z.string().nullable() });
export type FeedAddress = z.infer<typeof FeedAddress>;

/** `/feeds/:file`: the feed's token and `.atom`, as its address names it. */
export const FeedFileParams = z.object({ file: z.string().max(200) });

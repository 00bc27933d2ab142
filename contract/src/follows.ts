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

/**
 * The times a follow's new episodes (`seen_at`) and feed entries (`created_at`) count from, as an
 * unfollow answered them (`undo`); sent back in `restore` to undo that unfollow.
 */
export const FollowRestore = z.object({
  seen_at: z.string().max(40),
  created_at: z.string().max(40),
});
export type FollowRestore = z.infer<typeof FollowRestore>;

/** `POST /api/follows`: a show's page (anime or TV) on the source site; a movie is refused. */
export const FollowRequest = z.object({
  work_url: z.string().trim().min(1, validationMessages.workUrlMissing).max(2000),
  /** Which kind a bare query part (`10434-Slug`) names; a full address says it itself. */
  kind: z.enum(['anime', 'tv']).optional(),
  mode: FollowMode.default('none'),
  /**
   * Undo of the caller's own unfollow of this work within UNDO (a minute): the follow keeps the
   * times it had, so what was new stays new. Honoured only with the exact values that unfollow
   * answered; otherwise the follow is a new one.
   */
  restore: FollowRestore.optional(),
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

/** What an unfollow leaves to undo it: the follow's mode and times (`POST /api/follows` `restore`). */
export const FollowUndo = FollowRestore.extend({ mode: FollowMode });
export type FollowUndo = z.infer<typeof FollowUndo>;

export const UnfollowResponse = z.object({ success: z.literal(true), undo: FollowUndo });

/** The account's personal feed address (`/feeds/<token>.atom`), or null when it is off. */
export const FeedAddress = z.object({ url: z.string().nullable() });
export type FeedAddress = z.infer<typeof FeedAddress>;

/** `/feeds/:file`: the feed's token and `.atom`, as its address names it. */
export const FeedFileParams = z.object({ file: z.string().max(200) });

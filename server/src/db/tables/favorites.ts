import type { Generated } from 'kysely';

export interface FavoriteWorksTable {
  id: Generated<number>;
  user_id: number;
  /** `<kind>:<id>` from the work URL, or `title:<title_key>` when the URL named no work. */
  identity: string;
  kind: 'anime' | 'tv' | 'movie' | null;
  work_id: number | null;
  title: string;
  /** The lowercased title: the page matches work favourites by title. */
  title_key: string;
  work_type: string;
  content_type: 'movie' | 'tv' | 'anime';
  created_at: string;
}

export interface FavoriteEpisodesTable {
  id: Generated<number>;
  user_id: number;
  /** 'movie' when the favourite is a movie (its own single episode; episode_id is the movie id). */
  kind: 'anime' | 'tv' | 'movie';
  episode_id: number;
  work_id: number | null;
  title: string;
  work_title: string;
  /** JSON `[{kind, id}]`. */
  preview_images: string;
  created_at: string;
}

export interface FavoriteImagesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'anime' | 'tv' | 'movie';
  image_id: number;
  work_id: number | null;
  episode_id: number | null;
  work_title: string;
  episode_title: string;
  created_at: string;
}

/** The server's check schedule of a followed work (migration 022), shared by its followers. */
export interface FollowedWorksTable {
  kind: 'anime' | 'tv';
  work_id: number;
  title: string;
  episode_count: number;
  /** 'finished' (已完结) after 180 days with nothing new: checked monthly. */
  status: 'active' | 'finished';
  /** When the work last gained an episode (or was first followed). */
  last_new_at: string;
  last_checked_at: string | null;
  next_check_at: string;
}

/** Episodes a followed work is known to have, and when each was first seen (migration 022). */
export interface FollowedEpisodesTable {
  kind: 'anime' | 'tv';
  work_id: number;
  episode_id: number;
  label: string;
  found_at: string;
}

/** A user's follow of a work (migration 022): episodes found after `seen_at` are new to them. */
export interface FollowsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'anime' | 'tv';
  work_id: number;
  mode: 'none' | 'cache' | 'download';
  seen_at: string;
  created_at: string;
}

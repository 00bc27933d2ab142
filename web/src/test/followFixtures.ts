import type { Follow, FollowsResponse } from '@capshelf/contract';
import { imagesLink } from './browseFixtures';

/** A new episode of a followed work, found an hour before the tests' noon. */
export const newEpisode = (
  id: number,
  source_url = `https://fancaps.net/anime/episodeimages.php?${id}`,
  found_at = '2026-01-05T11:00:00.000Z',
) => ({
  id,
  label: `Episode ${id}`,
  link: imagesLink(source_url),
  found_at,
});

/** A followed work (checked at 09:00, next at 15:00), then `over`. */
export const follow = (over: Partial<Follow> = {}): Follow => ({
  id: 7,
  kind: 'anime',
  work_id: 10434,
  title: "Hanabi's Lantern Festival",
  chinese_name: null,
  link: {
    page_path: '/episodes/anime/10434',
    source_url: 'https://fancaps.net/anime/showimages.php?10434',
  },
  mode: 'none',
  status: 'active',
  episode_count: 27,
  new_episodes: [],
  last_checked_at: '2026-01-05T09:00:00.000Z',
  next_check_at: '2026-01-05T15:00:00.000Z',
  next_broadcast_at: null,
  created_at: '2026-01-01T12:00:00.000Z',
  ...over,
});

/** GET /api/follows's answer for these follows. */
export const followList = (...follows: Follow[]): FollowsResponse => ({
  follows,
  new_total: follows.reduce((n, f) => n + f.new_episodes.length, 0),
});

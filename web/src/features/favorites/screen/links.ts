import type { FavoriteEpisode, FavoriteWork } from '@capshelf/contract';
import { linkedPath } from '../../../lib/linkedPath';

/**
 * Where a favourite work opens (the server's link): a movie its images, a show its episode list
 * of its own kind. A work known by title only has no page of its own (no link), so it opens a
 * search for that title.
 */
export function favoriteWorkPath(work: FavoriteWork): string {
  const { title, kind, link } = work;
  if (link === null || kind === null) return `/search?${new URLSearchParams({ q: title })}`;
  return linkedPath(link);
}

/** An episode's images; a favourited movie opens as a movie. */
export const favoriteEpisodePath = (episode: FavoriteEpisode) => linkedPath(episode.link);

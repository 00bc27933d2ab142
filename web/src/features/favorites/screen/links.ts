import type { FavoriteEpisode, FavoriteWork } from '@capshelf/contract';
import { linkedPath } from '../../../lib/linkedPath';
import { episodeImagesPath } from '../../episodes/links';
import { movieImagesPath } from '../../search/links';

/**
 * Where a favourite work opens (the server's link): a movie its images, a show its episode list
 * of its own kind. A work known by title only has no page of its own (no link), so it opens a
 * search for that title.
 */
export function favoriteWorkPath(work: FavoriteWork): string {
  const { title, kind, link } = work;
  if (link === null || kind === null) return `/search?${new URLSearchParams({ q: title })}`;
  if (kind === 'movie') return linkedPath(link, { title, contentType: kind, isMovie: 'true' });
  return linkedPath(link, { title, contentType: kind });
}

/** An episode's images (title, workTitle, episodeTitle); a favourited movie opens as a movie. */
export function favoriteEpisodePath(episode: FavoriteEpisode): string {
  if (episode.kind === 'movie') return movieImagesPath(episode.link, episode.title);
  return episodeImagesPath(episode, episode.work_title);
}

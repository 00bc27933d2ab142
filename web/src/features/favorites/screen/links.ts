import type { FavoriteEpisode, FavoriteWork } from '@capshelf/contract';
import { episodeImagesPath } from '../../episodes/links';
import { movieImagesPath, showIdOf } from '../../search/links';

/**
 * Where a favourite work opens (spec §2), by its content type (the server applies the shared
 * rule): a movie its images, a show its episodes. A work known by title only has no page of
 * its own (its URL is the site's search), so it opens a search for that title.
 */
export function favoriteWorkPath(work: FavoriteWork): string {
  if (work.work_id === null) return `/search?${new URLSearchParams({ q: work.title })}`;
  if (work.content_type === 'movie') {
    const query = new URLSearchParams({ title: work.title, contentType: 'movie', isMovie: 'true' });
    return `/images/${encodeURIComponent(work.original_url)}?${query}`;
  }
  const query = new URLSearchParams({ title: work.title, contentType: work.content_type });
  return `/episodes/${encodeURIComponent(showIdOf(work.original_url))}?${query}`;
}

/** An episode's images (title, workTitle, episodeTitle); a favourited movie opens as a movie. */
export function favoriteEpisodePath(episode: FavoriteEpisode): string {
  if (episode.kind === 'movie') return movieImagesPath(episode.episode_url, episode.title);
  return episodeImagesPath({ url: episode.episode_url, title: episode.title }, episode.work_title);
}

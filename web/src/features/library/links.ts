import type { HistoryEpisode, ImageItem, PageLink, Ref } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';
import { episodeImagesPath } from '../episodes/links';
import { episodeTarget, type FavoriteTarget } from '../favorites';
import { movieImagesPath } from '../search/links';

/** Where a known work opens (the server's link): a show its episode list, a movie its images. */
export function workPath(title: string, work: Ref, link: PageLink): string {
  if (work.kind === 'movie') return movieImagesPath(link, title);
  return linkedPath(link, { title, contentType: work.kind });
}

/** A history episode's images, with its search term so the view is recorded under it. */
export function historyEpisodePath(
  episode: Pick<HistoryEpisode, 'link' | 'episode_name' | 'kind' | 'search_term'>,
  workTitle: string,
): string {
  if (episode.kind === 'movie') return movieImagesPath(episode.link, episode.episode_name);
  const target = { link: episode.link, title: episode.episode_name };
  return episodeImagesPath(target, workTitle, episode.search_term);
}

/** An episode of a library (ids, previews and the server's link) as a favourite episode. */
export function libraryEpisodeTarget(
  episode: { id: number; name: string; link: PageLink; images: readonly ImageItem[] },
  workTitle: string,
  work: Ref,
): FavoriteTarget {
  const preview_images = episode.images.map((image) => image.thumb_url);
  return episodeTarget({ ...episode, title: episode.name, preview_images }, workTitle, work);
}

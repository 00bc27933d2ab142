import type { HistoryEpisode, ImageItem, PageLink, Ref } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';
import { episodeTarget, type FavoriteTarget } from '../favorites';

/** A history episode's images, with its search term so the view is recorded under it. */
export function historyEpisodePath(episode: Pick<HistoryEpisode, 'link' | 'search_term'>): string {
  return linkedPath(episode.link, { q: episode.search_term });
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

import type { Episode, ImageItem, Kind, Ref } from '@capshelf/contract';
import { episodeImagesPath } from '../episodes/links';
import { episodeTarget, knownWorkTarget, type FavoriteTarget } from '../favorites';
import { movieImagesPath, showIdOf } from '../search/links';

/**
 * The libraries name works and episodes by kind and id only; these are the source site's own
 * id-only page forms, which the server and the favourites parse like any other link.
 */
const SITE = 'https://fancaps.net';
const SEGMENT: Record<Kind, string> = { anime: 'anime', tv: 'tv', movie: 'movies' };

export function workPageUrl(work: Ref): string {
  return work.kind === 'movie'
    ? `${SITE}/movies/MovieImages.php?movieid=${work.id}`
    : `${SITE}/${SEGMENT[work.kind]}/showimages.php?${work.id}`;
}

export function episodePageUrl(kind: Kind, id: number): string {
  return kind === 'movie'
    ? workPageUrl({ kind, id })
    : `${SITE}/${SEGMENT[kind]}/episodeimages.php?${id}`;
}

/** Where a known work opens: a show its episode list, a movie its images (spec §2). */
export function workPath(title: string, work: Ref): string {
  const url = workPageUrl(work);
  if (work.kind === 'movie') return movieImagesPath(url, title);
  const query = new URLSearchParams({ title, contentType: work.kind });
  return `/episodes/${encodeURIComponent(showIdOf(url))}?${query}`;
}

/** A history episode's images, with its search term so the view is recorded under it. */
export function historyEpisodePath(
  episode: { episode_url: string; episode_name: string; kind: Kind; search_term: string },
  workTitle: string,
): string {
  if (episode.kind === 'movie') return movieImagesPath(episode.episode_url, episode.episode_name);
  const target = { url: episode.episode_url, title: episode.episode_name };
  return episodeImagesPath(target, workTitle, episode.search_term);
}

export function libraryWorkTarget(title: string, work: Ref): FavoriteTarget {
  return knownWorkTarget(title, work, workPageUrl(work));
}

/** An episode of a library (ids and previews only) as a favourite episode. */
export function libraryEpisodeTarget(
  episode: { id: number; name: string; url: string; images: readonly ImageItem[] },
  workTitle: string,
  work: Ref,
): FavoriteTarget {
  const asEpisode: Episode = {
    id: episode.id,
    title: episode.name,
    url: episode.url,
    episode_number: null,
    preview_images: episode.images.map((image) => image.thumb_url),
    image_count: null,
  };
  return episodeTarget(asEpisode, workTitle, work);
}

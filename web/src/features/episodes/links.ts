import type { Episode } from '@capshelf/contract';

/** The images page of one episode; searchTerm rides along so the view is recorded with it. */
export function episodeImagesPath(
  episode: Pick<Episode, 'url' | 'title'>,
  workTitle: string,
  searchTerm = '',
): string {
  const query = new URLSearchParams({
    title: workTitle ? `${workTitle} - ${episode.title}` : episode.title,
    workTitle,
    episodeTitle: episode.title,
  });
  if (searchTerm) query.set('searchTerm', searchTerm);
  return `/images/${encodeURIComponent(episode.url)}?${query}`;
}

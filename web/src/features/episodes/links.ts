import type { Episode } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';

/** The images page of one episode; searchTerm rides along so the view is recorded with it. */
export function episodeImagesPath(
  episode: Pick<Episode, 'link' | 'title'>,
  workTitle: string,
  searchTerm = '',
): string {
  return linkedPath(episode.link, {
    title: workTitle ? `${workTitle} - ${episode.title}` : episode.title,
    workTitle,
    episodeTitle: episode.title,
    ...(searchTerm && { searchTerm }),
  });
}

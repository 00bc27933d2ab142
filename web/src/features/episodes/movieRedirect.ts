import { PageLink, type MovieNoEpisodesDetail } from '@capshelf/contract';
import { ApiError, isRecord } from '../../api/errors';

/** The movie answer of POST /episodes/ (400 MOVIE_NO_EPISODES), or null for any other error. */
export function movieDetail(error: unknown): MovieNoEpisodesDetail | null {
  if (!(error instanceof ApiError) || error.code !== 'MOVIE_NO_EPISODES') return null;
  const detail = isRecord(error.body) ? error.body.detail : undefined;
  if (!isRecord(detail) || typeof detail.image_url !== 'string') return null;
  const link = PageLink.safeParse(detail.link);
  if (!link.success) return null;
  return {
    error: 'MOVIE_NO_EPISODES',
    image_url: detail.image_url,
    link: link.data,
    movie_title: typeof detail.movie_title === 'string' ? detail.movie_title : '',
    message: typeof detail.message === 'string' ? detail.message : '',
  };
}

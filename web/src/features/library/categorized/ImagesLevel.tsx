import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryEpisodeResponse } from '@capshelf/contract';
import { EPISODE_IMAGES_LIMIT, useCategoryEpisodeImages } from '../../../api';
import { Pager, pageCount } from '../../../components/Pager';
import { ImageBrowser } from '../../images/ImageBrowser';
import type { ImageListData } from '../../images/imageList';
import { useLibraryScope } from '../scope';

interface ImagesLevelProps {
  category: string;
  episode: string;
  page: number;
  onPage: (page: number) => void;
}

/** Level 3: one episode's cached images on the shared image screen. */
export function ImagesLevel({ category, episode, page, onPage }: ImagesLevelProps) {
  const { t } = useTranslation('library');
  const query = useCategoryEpisodeImages(category, episode, page, useLibraryScope());
  const all = t('categorized.all');
  const data = useMemo(() => query.data && asImageList(query.data, all), [query.data, all]);
  return (
    <ImageBrowser
      list={{ query: { ...query, data }, refresh: () => query.refetch() }}
      fallbackTitle={t('categorized.episodeImages')}
      emptyText={t('categorized.noImages')}
      footer={
        <Pager
          page={page}
          pages={pageCount(query.data?.total ?? 0, EPISODE_IMAGES_LIMIT)}
          onChange={onPage}
        />
      }
    />
  );
}

/**
 * Names the work and episode the way the image screen (heading, hearts, ZIP name) reads them;
 * `all` names the uncategorized group's one episode.
 */
function asImageList(answer: CategoryEpisodeResponse, all: string): ImageListData {
  const { work, episode_id } = answer;
  return {
    images: answer.images,
    total: answer.total,
    work_title: work ? answer.show_name : null,
    episode_title: work ? answer.episode_name : all,
    work,
    episode: work && episode_id !== null ? { kind: work.kind, id: episode_id } : null,
  };
}

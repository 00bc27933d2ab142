import { useMemo } from 'react';
import type { CategoryEpisodeResponse } from '@capshelf/contract';
import { EPISODE_IMAGES_LIMIT, useCategoryEpisodeImages } from '../../../api';
import { Pager, pageCount } from '../../../components/Pager';
import { ImageBrowser } from '../../images/ImageBrowser';
import type { ImageListData } from '../../images/imageList';

interface ImagesLevelProps {
  category: string;
  episode: string;
  page: number;
  onPage: (page: number) => void;
}

/** Level 3: one episode's cached images on the shared image screen. */
export function ImagesLevel({ category, episode, page, onPage }: ImagesLevelProps) {
  const query = useCategoryEpisodeImages(category, episode, page);
  const data = useMemo(() => query.data && asImageList(query.data), [query.data]);
  return (
    <ImageBrowser
      list={{ query: { ...query, data }, refresh: () => query.refetch() }}
      fallbackTitle="剧集图片"
      emptyText="此集数暂无图片"
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

/** Names the work and episode the way the image screen (heading, hearts, ZIP name) reads them. */
function asImageList(answer: CategoryEpisodeResponse): ImageListData {
  const { work, episode_id } = answer;
  return {
    images: answer.images,
    total: answer.total,
    work_title: work ? answer.show_name : null,
    episode_title: answer.episode_name,
    work,
    episode: work && episode_id !== null ? { kind: work.kind, id: episode_id } : null,
  };
}

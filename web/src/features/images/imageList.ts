import type { UseQueryResult } from '@tanstack/react-query';
import type { ImageItem, ImageListResponse, Ref, WorkChineseTitle } from '@capshelf/contract';

/**
 * What the image screen reads from a list: an episode's ImageListResponse has it all, the
 * libraries' answers have the images and total (and name their work and episode their own way).
 */
export type ImageListData = Pick<ImageListResponse, 'total'> &
  Partial<Pick<ImageListResponse, 'cached' | 'mode' | 'exact'>> & {
    images: ImageItem[];
    work_title?: string | null;
    episode_title?: string | null;
    work?: Ref | null;
    episode?: Ref | null;
    /** The work's Chinese name (a movie's own), when the server has one. */
    chinese_title?: WorkChineseTitle | null;
    /** True while the server is still reading the list's pages (it grows meanwhile). */
    partial?: boolean;
  };

/** A loaded list and how to load it again (the toolbar's refresh button). */
export interface ImageListHandle {
  query: Pick<
    UseQueryResult<ImageListData>,
    'data' | 'error' | 'errorUpdatedAt' | 'isError' | 'isFetching' | 'refetch'
  >;
  refresh: () => unknown;
}

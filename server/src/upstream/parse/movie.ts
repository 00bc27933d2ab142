import { afterPrefix, imageIdsIn, loadPage, mainColumn, yearOf } from './dom';
import type { Pagination } from './pagination';
import { readPagination } from './pagination';

export interface MoviePage {
  /** "A Silent Voice: The Movie (2016)" */
  title: string;
  year: number | null;
  /** Thumbnails in page order; the ad rows inside the grid hold no image links. */
  imageIds: number[];
  pagination: Pagination;
}

export function parseMoviePage(html: string, options: { page?: number } = {}): MoviePage {
  const $ = loadPage(html);
  const column = mainColumn($);
  const title = afterPrefix(column.find('.post_title').first().text(), /^Images from\s+/i);
  return {
    title,
    year: yearOf(title),
    imageIds: imageIdsIn($, column.find('a[href]')),
    pagination: readPagination($, column, options.page ?? 1),
  };
}

import type { WorkRef } from '../refs';
import { isSeriesKind } from '../refs';
import { readLink } from '../urls';
import { afterPrefix, cleanText, imageIdOf, loadPage, mainColumn } from './dom';
import type { Pagination } from './pagination';
import { readPagination } from './pagination';

export interface EpisodePage {
  workTitle: string | null;
  /** "Non Non Biyori Episode 1", from the page heading. */
  title: string;
  /** "Episode 1", from the breadcrumb. */
  label: string;
  /** The show, from the breadcrumb link. */
  work: WorkRef | null;
  /** Screencaps in page order, without the "Top Images" repeated on every page. */
  imageIds: number[];
  pagination: Pagination;
}

/** "Episode Screencaps" on anime pages, "Episode Images" on TV pages. */
const GRID_HEADING = /^Episode (?:Screencaps|Images)$/i;

export function parseEpisodePage(html: string, options: { page?: number } = {}): EpisodePage {
  const $ = loadPage(html);
  const column = mainColumn($);
  const crumbs = column.find('.breadcrumb');
  const workAnchor = crumbs
    .find('a[href]')
    .filter((_, a) => readLink($(a).attr('href') ?? '')?.type === 'work')
    .first();
  const workLink = readLink(workAnchor.attr('href') ?? '');
  const workTitle = cleanText(workAnchor.text());
  const title = afterPrefix(column.find('.post_title').first().text(), /^Images From\s+/i);
  const crumbLabel = afterPrefix(crumbs.find('li.active').text(), /\s+Images$/i);
  const label =
    crumbLabel ||
    (workTitle && title.startsWith(workTitle) ? title.slice(workTitle.length).trim() : title);

  // Screencaps follow the grid heading; without one, every image link except the top ones.
  const gridHeadings = column
    .find('h3')
    .filter((_, h) => GRID_HEADING.test(cleanText($(h).text())));
  let inGrid = gridHeadings.length === 0;
  const imageIds = new Set<number>();
  column.find('h3, a[href]').each((_, element) => {
    const node = $(element);
    if (node.is('h3')) {
      inGrid ||= GRID_HEADING.test(cleanText(node.text()));
      return;
    }
    const id = inGrid && node.closest('.topImages').length === 0 ? imageIdOf(node) : null;
    if (id !== null) imageIds.add(id);
  });

  return {
    workTitle: workTitle || null,
    title,
    label,
    work:
      workLink?.type === 'work' && isSeriesKind(workLink.kind)
        ? { type: 'work', kind: workLink.kind, id: workLink.id }
        : null,
    imageIds: [...imageIds],
    pagination: readPagination($, column, options.page ?? 1),
  };
}

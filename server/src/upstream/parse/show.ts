import { readLink } from '../urls';
import { afterPrefix, cleanText, imageIdOf, loadPage, mainColumn } from './dom';
import type { Pagination } from './pagination';
import { readPagination } from './pagination';

export interface ShowEpisode {
  id: number;
  /** "Episode 1", "OVA 1", "Episode 1 & 2", … */
  label: string;
  /** Only for labels of the form "Episode N". */
  number: number | null;
  previewIds: number[];
}

export interface ShowPage {
  title: string;
  altTitle: string | null;
  episodes: ShowEpisode[];
  pagination: Pagination;
}

/** `…?10435-Slug/Episode_1` → "Episode 1", for episode links without an "Images From" heading. */
function labelFromHref(href: string): string {
  const query = (href.split('?')[1] ?? '').replace(/&page=\d+$/, '');
  const slash = query.indexOf('/');
  return slash < 0
    ? ''
    : query
        .slice(slash + 1)
        .replace(/_/g, ' ')
        .trim();
}

/** `Episode 7` is 7; a double episode (`Episode 1 & 2`, `Episode 3-4`) goes by its first number. */
function episodeNumber(label: string): number | null {
  const digits = /^Episode (\d+)(?:\s*(?:&|-|and)\s*\d+)*$/i.exec(label)?.[1];
  return digits === undefined ? null : Number(digits);
}

/**
 * A show page (anime or TV). Episodes are flat siblings: a heading row links the episode
 * (`a > h3` on anime, `h3 > a` on TV) and the thumbnails after it are its previews, so links
 * are read in page order and each thumbnail goes to the episode linked last.
 */
export function parseShowPage(html: string, options: { page?: number } = {}): ShowPage {
  const $ = loadPage(html);
  const column = mainColumn($);
  const episodes = new Map<number, ShowEpisode>();
  // Episodes whose label came from their "Images From …" heading rather than the URL.
  const headed = new Set<number>();
  let current: ShowEpisode | undefined;
  column.find('a[href]').each((_, element) => {
    const anchor = $(element);
    const href = anchor.attr('href') ?? '';
    const link = readLink(href);
    if (link?.type === 'episode') {
      const heading = cleanText(anchor.find('h3').add(anchor.closest('h3')).first().text());
      current = episodes.get(link.id);
      if (!current) {
        current = { id: link.id, label: labelFromHref(href), number: null, previewIds: [] };
        episodes.set(link.id, current);
      }
      if (heading && !headed.has(link.id)) {
        headed.add(link.id);
        current.label = afterPrefix(heading, /^Images From\s+/i);
      }
      current.number = episodeNumber(current.label);
      return;
    }
    const imageId = current ? imageIdOf(anchor) : null;
    if (current && imageId !== null && !current.previewIds.includes(imageId)) {
      current.previewIds.push(imageId);
    }
  });
  const altTitle = column
    .find('span')
    .filter((_, span) => /^\s*Other Title:/i.test($(span).text()))
    .first()
    .text();
  return {
    title: afterPrefix(
      column.find('.post_title').first().text(),
      /^Viewing Popular Images From\s+/i,
    ),
    altTitle: afterPrefix(altTitle, /^Other Title:\s*/i) || null,
    episodes: [...episodes.values()],
    pagination: readPagination($, column, options.page ?? 1),
  };
}

import type { Kind } from '../../config';
import { UpstreamBadResponseError } from '../errors';
import type { MovieRef, WorkRef } from '../refs';
import { isSeriesKind } from '../refs';
import { readLink } from '../urls';
import { cleanText, imageIdsIn, loadPage, yearOf } from './dom';

export interface SearchResult {
  title: string;
  altTitle: string | null;
  kind: Kind;
  id: number;
  /** Canonical upstream URL of the show or movie, built from its id. */
  url: string;
  /** From a trailing "(YYYY)" in the title (movies); null when there is none. */
  year: number | null;
  previewIds: number[];
}

/** The ref a result title links to; the kind comes from its path (`/anime/`, `/tv/`, `/movies/`). */
function resultRef(href: string): WorkRef | MovieRef | null {
  const link = readLink(href);
  if (link?.type === 'movie') return { type: 'movie', kind: 'movie', id: link.id };
  if (link?.type === 'work' && isSeriesKind(link.kind)) {
    return { type: 'work', kind: link.kind, id: link.id };
  }
  return null;
}

/**
 * Search results (Movie, TV, then Anime sections). They sit in the second
 * `.single_post_content`; the first holds the form, the sidebar links unrelated episodes.
 */
export function parseSearchPage(
  html: string,
  workUrl: (ref: WorkRef | MovieRef) => string,
): SearchResult[] {
  const $ = loadPage(html);
  const results = $('.single_post_content').eq(1);
  if (results.length === 0) throw new UpstreamBadResponseError('no search results block');
  const seen = new Set<string>();
  return results
    .find('h4 > a[href]')
    .toArray()
    .flatMap((anchor) => {
      const ref = resultRef($(anchor).attr('href') ?? '');
      if (!ref || seen.has(`${ref.kind}:${ref.id}`)) return [];
      seen.add(`${ref.kind}:${ref.id}`);
      const row = $(anchor).closest('.row');
      const title = cleanText($(anchor).text());
      const altTitle = cleanText(row.find('h4').next('span').text());
      return [
        {
          title,
          altTitle: altTitle || null,
          kind: ref.kind,
          id: ref.id,
          url: workUrl(ref),
          year: yearOf(title),
          previewIds: imageIdsIn($, row.find('a[href]').not(anchor)),
        },
      ];
    });
}

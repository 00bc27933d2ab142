import {
  DEFAULT_MAX_PAGES,
  episodeCrawl,
  episodeReader,
  unique,
  walk,
  type CrawlContext,
  type EpisodeCrawl,
} from './crawl';
import type { EpisodePage } from './parse/episode';
import { endSignals, isLastPage } from './parse/end';
import type { EpisodeRef } from './refs';

export interface FastEpisodeCrawl extends EpisodeCrawl {
  /** True only when the filled-in range is proven: see `crawlEpisodeFast`. */
  exact: boolean;
}

type Probe =
  | { at: 'inside' | 'last' | 'past' }
  // The site showed its last page instead of the one asked for: that page's number is known.
  | { at: 'clamped'; lastPage: number };

function isContiguous(ids: readonly number[]): boolean {
  return ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1);
}

/**
 * An episode from a few pages: page 1, then the last page found by doubling the page number
 * until past the end and bisecting back (the pager only shows a 5-page window), then the ids in
 * between filled in when every page seen is an ascending run of consecutive ids. `exact` holds
 * when, besides, every page seen starts where "same count on every page" puts it and the total
 * matches. Ids that are not runs make it fall back to reading every page (then exact).
 */
export async function crawlEpisodeFast(
  context: CrawlContext,
  ref: EpisodeRef,
): Promise<FastEpisodeCrawl> {
  const maxPages = context.maxPages ?? DEFAULT_MAX_PAGES;
  const reader = episodeReader(context, ref);
  const first = await reader.read(1);
  const seen = new Set(first.imageIds);
  const valid = new Map<number, EpisodePage>([[1, first]]);

  if (isLastPage(first, new Set())) {
    return { ...episodeCrawl(first, first.imageIds, reader.pagesFetched), exact: true };
  }

  async function probe(pageNumber: number): Promise<Probe> {
    const page = await reader.read(pageNumber);
    const signals = endSignals(page, seen);
    const { activePage } = page.pagination;
    if (signals.includes('active-mismatch') && activePage !== null && activePage < pageNumber) {
      valid.set(activePage, page);
      return { at: 'clamped', lastPage: activePage };
    }
    if (
      signals.includes('empty') ||
      signals.includes('no-new-ids') ||
      signals.includes('active-mismatch')
    ) {
      return { at: 'past' };
    }
    valid.set(pageNumber, page);
    for (const id of page.imageIds) seen.add(id);
    return { at: signals.includes('no-next') ? 'last' : 'inside' };
  }

  let inside = 1;
  let past: number | null = null;
  let lastPage: number | null = null;
  while (lastPage === null && (past === null ? inside < maxPages : past - inside > 1)) {
    const target: number =
      past === null ? Math.min(inside * 2, maxPages) : Math.floor((inside + past) / 2);
    const result = await probe(target);
    if (result.at === 'inside') inside = target;
    else if (result.at === 'past') past = target;
    else lastPage = result.at === 'clamped' ? result.lastPage : target;
  }
  lastPage ??= inside;
  // Every way of settling on the last page has read it already.
  const last = valid.get(lastPage)!;

  const known = [...valid.entries()].sort(([a], [b]) => a - b).map(([, page]) => page.imageIds);
  const runs = known.every(
    (ids, i) => ids.length > 0 && isContiguous(ids) && (i === 0 || ids[0]! > known[i - 1]!.at(-1)!),
  );
  if (!runs) {
    const pages = await walk(reader, maxPages);
    return {
      ...episodeCrawl(first, unique(pages.flatMap((page) => page.imageIds)), reader.pagesFetched),
      exact: true,
    };
  }

  const start = first.imageIds[0]!;
  const end = last.imageIds.at(-1)!;
  const perPage = first.imageIds.length;
  const imageIds = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const exact =
    imageIds.length === perPage * (lastPage - 1) + last.imageIds.length &&
    [...valid].every(([number, page]) => page.imageIds[0] === start + perPage * (number - 1));
  return { ...episodeCrawl(first, imageIds, reader.pagesFetched), exact };
}

import type { Episode } from '@capshelf/contract';

export type EpisodeSort = 'default' | 'title' | 'number';
/** The sort choices; each one's label is `sort.<value>` in the episodes catalogue. */
export const SORTS = ['default', 'title', 'number'] as const satisfies readonly EpisodeSort[];

export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

const collator = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' });

/** Episodes whose title or number contains `text` (case-insensitive), in the chosen order. */
export function arrangeEpisodes(
  episodes: readonly Episode[],
  text: string,
  sort: EpisodeSort,
): Episode[] {
  const needle = text.trim().toLowerCase();
  const shown = needle
    ? episodes.filter(
        (episode) =>
          episode.title.toLowerCase().includes(needle) ||
          String(episode.episode_number ?? '').includes(needle),
      )
    : [...episodes];
  if (sort === 'title') shown.sort((a, b) => collator.compare(a.title, b.title));
  // Episodes without a number (specials) go last; the sort is stable, so their order is kept.
  if (sort === 'number') {
    shown.sort((a, b) => byNumber(a.episode_number) - byNumber(b.episode_number));
  }
  return shown;
}

const byNumber = (value: number | null) => value ?? Number.MAX_SAFE_INTEGER;

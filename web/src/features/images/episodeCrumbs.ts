import type { TFunction } from 'i18next';
import { withPageQuery, workPagePath, type Ref } from '@capshelf/contract';
import type { Crumb } from '../../components/Breadcrumb';

/** `第 3 集` for the source's `Episode 3` (and `Episode 1 & 2`), else the title as it is. */
export function episodeLabel(title: string, t: TFunction<'images'>): string {
  const match = /^Episode (\d+)(?:\s*(?:&|-|and)\s*(\d+))?$/i.exec(title.trim());
  if (!match) return title;
  return match[2]
    ? t('episodeLabel.range', { from: match[1], to: match[2] })
    : t('episodeLabel.one', { number: match[1] });
}

/** The episode list of a work (the images screen's way back), carrying the search term along. */
export const workEpisodesPath = (work: Ref, searchTerm: string) =>
  withPageQuery(workPagePath(work.kind, work.id), { q: searchTerm });

/** 搜索 › 作品 › 剧集 for an episode; 搜索 › 电影 for a movie. */
export function episodeCrumbs(
  input: {
    work: Ref | null;
    workTitle: string;
    episodeTitle: string;
    searchTerm: string;
    isMovie: boolean;
  },
  t: TFunction<'images'>,
): Crumb[] {
  const { work, workTitle, episodeTitle, searchTerm, isMovie } = input;
  const search: Crumb = {
    label: searchTerm ? t('crumbs.searchFor', { term: searchTerm }) : t('crumbs.search'),
    to: searchTerm ? `/search?${new URLSearchParams({ q: searchTerm })}` : '/search',
  };
  // Titles from the source are user data; the page's own words stand in when there is none.
  const titled = (title: string, fallback: string) => ({
    label: title || fallback,
    user: title !== '',
  });
  if (isMovie || work?.kind === 'movie') return [search, titled(workTitle, t('crumbs.movie'))];
  const workCrumb: Crumb = {
    ...titled(workTitle, t('crumbs.work')),
    to: work ? workEpisodesPath(work, searchTerm) : undefined,
  };
  const label = episodeLabel(episodeTitle, t);
  return [
    search,
    workCrumb,
    { ...titled(label, t('crumbs.episode')), user: label === episodeTitle && label !== '' },
  ];
}

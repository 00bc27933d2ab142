import type { Ref } from '@capshelf/contract';
import type { Crumb } from '../../components/Breadcrumb';

/** `第 3 集` for the source's `Episode 3` (and `Episode 1 & 2`), else the title as it is. */
export function episodeLabel(title: string): string {
  const match = /^Episode (\d+)(?:\s*(?:&|-|and)\s*(\d+))?$/i.exec(title.trim());
  if (!match) return title;
  return match[2] ? `第 ${match[1]}–${match[2]} 集` : `第 ${match[1]} 集`;
}

/** The episode list of a work (the images screen's way back), carrying the search term along. */
export function workEpisodesPath(work: Ref, title: string, searchTerm: string): string {
  const query = new URLSearchParams({ title, contentType: work.kind });
  if (searchTerm) query.set('searchTerm', searchTerm);
  return `/episodes/${work.id}?${query}`;
}

/** 搜索 › 作品 › 剧集 for an episode; 搜索 › 电影 for a movie. */
export function episodeCrumbs(input: {
  work: Ref | null;
  workTitle: string;
  episodeTitle: string;
  searchTerm: string;
  isMovie: boolean;
}): Crumb[] {
  const { work, workTitle, episodeTitle, searchTerm, isMovie } = input;
  const search: Crumb = {
    label: searchTerm ? `搜索“${searchTerm}”` : '搜索',
    to: searchTerm ? `/search?${new URLSearchParams({ q: searchTerm })}` : '/search',
  };
  if (isMovie || work?.kind === 'movie') return [search, { label: workTitle || '电影' }];
  const workCrumb: Crumb = {
    label: workTitle || '作品',
    to: work ? workEpisodesPath(work, workTitle, searchTerm) : undefined,
  };
  return [search, workCrumb, { label: episodeLabel(episodeTitle) || '剧集' }];
}

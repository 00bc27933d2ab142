import { api, type ContentType } from '@capshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryFlag, useRefreshableQuery } from './refreshable';

export const searchKeys = {
  results: (query: string, type: ContentType) => ['search', query, type] as const,
  titles: (text: string) => ['search', 'titles', text] as const,
};

/** Chinese or Japanese characters: what the local title table answers and the source cannot. */
export const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Works of the server's title table for a Chinese or Japanese name being typed (no request to the
 * source site); idle for other text. The table changes only with the server: kept an hour.
 */
export function useTitleSuggestions(text: string) {
  const needle = text.trim();
  return useQuery({
    queryKey: searchKeys.titles(needle),
    queryFn: ({ signal }) =>
      call(api.catalog.titleSuggestions, { query: { q: needle } }, { signal }),
    staleTime: 60 * 60_000,
    enabled: CJK_TEXT.test(needle),
  });
}
/** Which title table the server reads (`TITLES_FILE` or the shipped one): fixed while it runs. */
export function useTitlesSource() {
  return useQuery({
    queryKey: ['search', 'titles-source'],
    queryFn: ({ signal }) => call(api.catalog.titlesSource, {}, { signal }),
    staleTime: Infinity,
  });
}

export const episodeKeys = {
  list: (showUrl: string, kind: 'anime' | 'tv' | undefined) =>
    ['episodes', showUrl, kind ?? null] as const,
};

/** Search results (stale 5 min, 2 retries); idle while `query` is empty. */
export function useSearch(query: string, type: ContentType) {
  return useRefreshableQuery({
    queryKey: searchKeys.results(query, type),
    load: (refresh, signal) =>
      call(
        api.catalog.search,
        { query: { refresh: queryFlag(refresh) }, body: { query, content_type: type } },
        { signal },
      ),
    enabled: query !== '',
    staleTime: 5 * 60_000,
  });
}

/** A show's episodes (stale 10 min). A movie answers 400 MOVIE_NO_EPISODES, never retried (4xx). */
export function useEpisodes(showUrl: string, kind: 'anime' | 'tv' | undefined) {
  return useRefreshableQuery({
    queryKey: episodeKeys.list(showUrl, kind),
    load: (refresh, signal) =>
      call(
        api.catalog.episodes,
        {
          query: { refresh: queryFlag(refresh) },
          body: kind ? { show_url: showUrl, kind } : { show_url: showUrl },
        },
        { signal },
      ),
    enabled: showUrl !== '',
    staleTime: 10 * 60_000,
  });
}

export interface EpisodeAccess {
  search_term?: string;
  show_title?: string;
  show_id?: string;
  episode_title?: string;
  episode_id: string;
}

/** Browsing history is a side record: a failure must never block navigation. */
export function recordEpisodeAccess(access: EpisodeAccess): void {
  // An empty name is no name: it stays out of the query.
  const query = Object.fromEntries(Object.entries(access).filter(([, value]) => value));
  call(api.library.recordAccess, { query: query as EpisodeAccess }).catch(() => undefined);
}

import type { ContentType, EpisodesResponse, SearchResponse } from '@capshelf/contract';
import { apiRequest } from './client';
import { useRefreshableQuery, withRefresh } from './refreshable';

export const searchKeys = {
  results: (query: string, type: ContentType) => ['search', query, type] as const,
};
export const episodeKeys = {
  list: (showUrl: string, kind: 'anime' | 'tv' | undefined) =>
    ['episodes', showUrl, kind ?? null] as const,
};

/** Search results (stale 5 min, 2 retries); idle while `query` is empty. */
export function useSearch(query: string, type: ContentType) {
  return useRefreshableQuery({
    queryKey: searchKeys.results(query, type),
    load: (refresh, signal) =>
      apiRequest<SearchResponse>(withRefresh('/search', refresh), {
        method: 'POST',
        body: { query, content_type: type },
        signal,
      }),
    enabled: query !== '',
    staleTime: 5 * 60_000,
  });
}

/** A show's episodes (stale 10 min). A movie answers 400 MOVIE_NO_EPISODES, never retried (4xx). */
export function useEpisodes(showUrl: string, kind: 'anime' | 'tv' | undefined) {
  return useRefreshableQuery({
    queryKey: episodeKeys.list(showUrl, kind),
    load: (refresh, signal) =>
      apiRequest<EpisodesResponse>(withRefresh('/episodes/', refresh), {
        method: 'POST',
        body: kind ? { show_url: showUrl, kind } : { show_url: showUrl },
        signal,
      }),
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
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(access)) if (value) query.set(name, value);
  apiRequest<void>(`/images/record-episode-access?${query}`, { method: 'POST' }).catch(
    () => undefined,
  );
}

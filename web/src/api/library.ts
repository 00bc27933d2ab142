import { useCallback } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CategorizedLibraryResponse,
  CategoryEpisodeResponse,
  ClearFilesResponse,
  DeleteHistoryEpisodeResponse,
  LibraryCategory,
  LocalLibraryResponse,
  LocalLibrarySort,
  SearchLibraryEpisodesResponse,
  SearchLibraryResponse,
} from '@capshelf/contract';
import { i18n } from '../i18n';
import { apiRequest } from './client';
import { ApiError } from './errors';
import { imageKeys, type ViewRecord } from './images';

/** The libraries stay fresh 30 min, one episode's images 10 min, search history 5 min. */
const LIBRARY_STALE = 30 * 60_000;
const EPISODE_IMAGES_STALE = 10 * 60_000;
const SEARCH_LIBRARY_STALE = 5 * 60_000;

export const LOCAL_LIBRARY_LIMIT = 200;
export const CATEGORIES_LIMIT = 20;
/** One episode's images are asked for 10,000 at a time. */
export const EPISODE_IMAGES_LIMIT = 10_000;
/** The server's largest categorized page, for finding one category by its key. */
const FIND_CATEGORY_LIMIT = 100;

export const libraryKeys = {
  all: ['library'] as const,
  local: (sort: LocalLibrarySort, page: number) => ['library', 'local', sort, page] as const,
  categorized: (page: number) => ['library', 'categorized', page] as const,
  category: (category: string) => ['library', 'category', category] as const,
  episode: (category: string, episode: string, page: number) =>
    ['library', 'episode', category, episode, page] as const,
  search: ['library', 'search'] as const,
  byWork: ['library', 'search', 'by-work'] as const,
  byEpisode: ['library', 'search', 'by-episode'] as const,
};

/** Every cached image, one page at a time; the previous page stays up while the next loads. */
export function useLocalLibrary(sort: LocalLibrarySort, page: number) {
  return useQuery({
    queryKey: libraryKeys.local(sort, page),
    queryFn: ({ signal }) =>
      apiRequest<LocalLibraryResponse>(
        `/images/local-library?${new URLSearchParams({ page: String(page), limit: String(LOCAL_LIBRARY_LIMIT), sort_by: sort })}`,
        { signal },
      ),
    staleTime: LIBRARY_STALE,
    placeholderData: keepPreviousData,
  });
}

const categorizedPath = (page: number, limit: number) =>
  `/images/local-library-categorized?page=${page}&limit=${limit}`;

/** Level 1 of the categorized library: one page of works. */
export function useCategorizedLibrary(page: number) {
  return useQuery({
    queryKey: libraryKeys.categorized(page),
    queryFn: ({ signal }) =>
      apiRequest<CategorizedLibraryResponse>(categorizedPath(page, CATEGORIES_LIMIT), { signal }),
    staleTime: LIBRARY_STALE,
    placeholderData: keepPreviousData,
  });
}

/**
 * Level 2: one work with its episodes. Coming from level 1 the work is already in the cache;
 * after a reload it is looked up page by page (the API has no call for one category).
 */
export function useLibraryCategory(category: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: libraryKeys.category(category ?? ''),
    queryFn: ({ signal }) => findCategory(category!, signal),
    initialData: () => (category ? cachedCategory(queryClient, category) : undefined),
    staleTime: LIBRARY_STALE,
    enabled: category !== null,
  });
}

function cachedCategory(queryClient: QueryClient, category: string) {
  const pages = queryClient.getQueriesData<CategorizedLibraryResponse>({
    queryKey: ['library', 'categorized'],
  });
  for (const [, page] of pages) {
    const found = page?.categories.find((item) => item.category === category);
    if (found) return found;
  }
  return undefined;
}

async function findCategory(category: string, signal: AbortSignal): Promise<LibraryCategory> {
  for (let page = 1; ; page++) {
    const answer = await apiRequest<CategorizedLibraryResponse>(
      categorizedPath(page, FIND_CATEGORY_LIMIT),
      { signal },
    );
    const found = answer.categories.find((item) => item.category === category);
    if (found) return found;
    if (page * FIND_CATEGORY_LIMIT >= answer.total_categories) {
      throw new ApiError(404, 'CATEGORY_GONE', i18n.t('errors:code.CATEGORY_GONE'));
    }
  }
}

/** Level 3: one episode's cached images; `category` and `episode` are used as the API gave them. */
export function useCategoryEpisodeImages(category: string, episode: string, page: number) {
  return useQuery({
    queryKey: libraryKeys.episode(category, episode, page),
    queryFn: ({ signal }) =>
      apiRequest<CategoryEpisodeResponse>(
        `/images/local-library/category/${encodeURIComponent(category)}/episode/${encodeURIComponent(episode)}?page=${page}&limit=${EPISODE_IMAGES_LIMIT}`,
        { signal },
      ),
    staleTime: EPISODE_IMAGES_STALE,
  });
}

/** The user's search history grouped by work; idle for a signed-out visitor. */
export function useSearchLibrary(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.byWork,
    queryFn: ({ signal }) =>
      apiRequest<SearchLibraryResponse>('/images/search-based-library', { signal }),
    staleTime: SEARCH_LIBRARY_STALE,
    enabled,
  });
}

/** Every history episode, newest first. */
export function useSearchLibraryEpisodes(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.byEpisode,
    queryFn: ({ signal }) =>
      apiRequest<SearchLibraryEpisodesResponse>('/images/search-based-library/episodes', {
        signal,
      }),
    staleTime: SEARCH_LIBRARY_STALE,
    enabled,
  });
}

/** Removes one history record (never the cached images); both history views reload. */
export function useDeleteHistoryEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (historyId: number) =>
      apiRequest<DeleteHistoryEpisodeResponse>(
        `/images/search-based-library/episode/${historyId}`,
        {
          method: 'DELETE',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.search }),
  });
}

/** Admin only: deletes every cached image file; the libraries and the home totals follow. */
export function useClearAllImageFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ClearFilesResponse>('/images/cache/files?clear_all=true', { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.cacheStats }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
      ]),
  });
}

/**
 * Records a view of an episode; then both history views read again, so the episode just viewed
 * is at the top (newest first) the next time they show. Browsing history is a side record: its
 * failure is not the visitor's problem.
 */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useCallback(
    (view: ViewRecord) => {
      apiRequest<void>('/images/record-view', { method: 'POST', body: view }).then(
        () => queryClient.invalidateQueries({ queryKey: libraryKeys.search }),
        () => undefined,
      );
    },
    [queryClient],
  );
}

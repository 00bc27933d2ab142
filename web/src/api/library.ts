import { useCallback } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  api,
  type CategorizedLibraryResponse,
  type LibraryCategory,
  type LibraryScope,
  type LocalLibrarySort,
} from '@capshelf/contract';
import { i18n } from '../i18n';
import { call } from './client';
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

/** Every library answer depends on whose images it shows: the user's own or 全部用户 (admins). */
export const libraryKeys = {
  all: ['library'] as const,
  stats: (scope: LibraryScope) => ['library', 'stats', scope] as const,
  local: (sort: LocalLibrarySort, page: number, scope: LibraryScope) =>
    ['library', 'local', sort, page, scope] as const,
  categorized: (page: number, filter: string, scope: LibraryScope) =>
    ['library', 'categorized', page, filter, scope] as const,
  category: (category: string, scope: LibraryScope) =>
    ['library', 'category', category, scope] as const,
  episode: (category: string, episode: string, page: number, scope: LibraryScope) =>
    ['library', 'episode', category, episode, page, scope] as const,
  search: ['library', 'search'] as const,
  byWork: ['library', 'search', 'by-work'] as const,
  byEpisode: ['library', 'search', 'by-episode'] as const,
};

/** The scope as the query names it; the user's own is the server's default and goes unsaid. */
const scoped = (scope: LibraryScope) => (scope === 'all' ? scope : undefined);

/** The home page's totals of the user's own library; idle for a signed-out visitor. */
export function useLibraryStats(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.stats('mine'),
    queryFn: ({ signal }) => call(api.library.stats, { query: {} }, { signal }),
    staleTime: LIBRARY_STALE,
    enabled,
  });
}

/** The user's cached images (or 全部用户's), a page at a time; the previous page stays up. */
export function useLocalLibrary(sort: LocalLibrarySort, page: number, scope: LibraryScope) {
  return useQuery({
    queryKey: libraryKeys.local(sort, page, scope),
    queryFn: ({ signal }) =>
      call(
        api.library.local,
        { query: { page, limit: LOCAL_LIBRARY_LIMIT, sort_by: sort, scope: scoped(scope) } },
        { signal },
      ),
    staleTime: LIBRARY_STALE,
    placeholderData: keepPreviousData,
  });
}

const categorizedPage = (
  page: number,
  limit: number,
  scope: LibraryScope,
  signal: AbortSignal,
  filter = '',
) =>
  call(
    api.library.categorized,
    { query: { page, limit, scope: scoped(scope), ...(filter && { q: filter }) } },
    { signal },
  );

/**
 * Level 1 of the categorized library: one page of works; `filter`: only those whose title or
 * Chinese name contains it.
 */
export function useCategorizedLibrary(page: number, scope: LibraryScope, filter = '') {
  return useQuery({
    queryKey: libraryKeys.categorized(page, filter, scope),
    queryFn: ({ signal }) => categorizedPage(page, CATEGORIES_LIMIT, scope, signal, filter),
    staleTime: LIBRARY_STALE,
    placeholderData: keepPreviousData,
  });
}

/**
 * Level 2: one work with its episodes. Coming from level 1 the work is already in the cache;
 * after a reload it is looked up page by page (the API has no call for one category).
 */
export function useLibraryCategory(category: string | null, scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: libraryKeys.category(category ?? '', scope),
    queryFn: ({ signal }) => findCategory(category!, scope, signal),
    initialData: () => (category ? cachedCategory(queryClient, category, scope) : undefined),
    staleTime: LIBRARY_STALE,
    enabled: category !== null,
  });
}

function cachedCategory(queryClient: QueryClient, category: string, scope: LibraryScope) {
  const pages = queryClient.getQueriesData<CategorizedLibraryResponse>({
    queryKey: ['library', 'categorized'],
  });
  for (const [key, page] of pages) {
    if (key.at(-1) !== scope) continue;
    const found = page?.categories.find((item) => item.category === category);
    if (found) return found;
  }
  return undefined;
}

async function findCategory(
  category: string,
  scope: LibraryScope,
  signal: AbortSignal,
): Promise<LibraryCategory> {
  for (let page = 1; ; page++) {
    const answer = await categorizedPage(page, FIND_CATEGORY_LIMIT, scope, signal);
    const found = answer.categories.find((item) => item.category === category);
    if (found) return found;
    if (page * FIND_CATEGORY_LIMIT >= answer.total_categories) {
      throw new ApiError(404, 'CATEGORY_GONE', i18n.t('errors:code.CATEGORY_GONE'));
    }
  }
}

/** Level 3: one episode's cached images; `category` and `episode` are used as the API gave them. */
export function useCategoryEpisodeImages(
  category: string,
  episode: string,
  page: number,
  scope: LibraryScope,
) {
  return useQuery({
    queryKey: libraryKeys.episode(category, episode, page, scope),
    queryFn: ({ signal }) =>
      call(
        api.library.categoryEpisode,
        {
          params: { category, episode },
          query: { page, limit: EPISODE_IMAGES_LIMIT, scope: scoped(scope) },
        },
        { signal },
      ),
    staleTime: EPISODE_IMAGES_STALE,
  });
}

/** The user's search history grouped by work; idle for a signed-out visitor. */
export function useSearchLibrary(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.byWork,
    queryFn: ({ signal }) => call(api.library.history.byWork, {}, { signal }),
    staleTime: SEARCH_LIBRARY_STALE,
    enabled,
  });
}

/** Every history episode, newest first. */
export function useSearchLibraryEpisodes(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.byEpisode,
    queryFn: ({ signal }) => call(api.library.history.byEpisode, {}, { signal }),
    staleTime: SEARCH_LIBRARY_STALE,
    enabled,
  });
}

/**
 * Removes one history record (never the cached images); the libraries reload, since the episode
 * leaves the user's own 本地图库 and 分类图库 with it.
 */
export function useDeleteHistoryEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (historyId: number) =>
      call(api.library.history.remove, { params: { id: historyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** Admin only: deletes every cached image file; the libraries and the home totals follow. */
export function useClearAllImageFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.cacheAdmin.clearFiles, { query: { clear_all: 'true' } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.cacheStats }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
      ]),
  });
}

/**
 * Records a view of an episode; then the libraries read again, so the episode just viewed is at
 * the top of the history and in the user's own 本地图库 the next time they show. Browsing history
 * is a side record: its failure is not the visitor's problem.
 */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useCallback(
    (view: ViewRecord) => {
      call(api.library.recordView, { body: view }).then(
        () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        () => undefined,
      );
    },
    [queryClient],
  );
}

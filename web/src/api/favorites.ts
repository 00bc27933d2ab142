import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type AddFavoriteEpisodeRequest,
  type AddFavoriteImageRequest,
  type AddFavoriteWorkRequest,
  type FavoriteItemType,
  type FavoritesImportRequest,
  type FavoritesResponse,
} from '@capshelf/contract';
import { i18n } from '../i18n';
import { call } from './client';
import { ApiError } from './errors';
import {
  findRecord,
  insertRecord,
  removeRecord,
  removeRecords,
  replaceRecord,
  type FavoriteRecord,
  type FavoriteRecords,
} from './favoriteCache';

export { LIST_OF, type FavoriteRecord, type FavoriteRecords } from './favoriteCache';

export const favoriteKeys = {
  all: ['favorites'] as const,
  list: ['favorites', 'list'] as const,
  stats: ['favorites', 'stats'] as const,
  change: ['favorites', 'change'] as const,
};

/** The caller's favourites, newest first (stale after 30 s). */
export const favoritesQuery = queryOptions({
  queryKey: favoriteKeys.list,
  queryFn: ({ signal }) => call(api.favorites.list, {}, { signal }),
  staleTime: 30_000,
});

/** Idle while `enabled` is false (a signed-out visitor has no favourites to read). */
export function useFavorites(enabled = true) {
  return useQuery({ ...favoritesQuery, enabled });
}

/** Favourite totals for the nav badge (refetch every 30 s, stale after 15 s). */
export function useFavoriteStats() {
  return useQuery({
    queryKey: favoriteKeys.stats,
    queryFn: ({ signal }) => call(api.favorites.stats, {}, { signal }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

export interface FavoriteRequests {
  work: AddFavoriteWorkRequest;
  episode: AddFavoriteEpisodeRequest;
  image: AddFavoriteImageRequest;
}

/** An add carries the record shown until the server answers (its id is a negative stand-in). */
export type FavoriteAdd = {
  [T in FavoriteItemType]: {
    action: 'add';
    type: T;
    request: FavoriteRequests[T];
    draft: FavoriteRecords[T];
  };
}[FavoriteItemType];
export type FavoriteChange = FavoriteAdd | { action: 'remove'; type: FavoriteItemType; id: number };

/**
 * Adds or removes one favourite, optimistically: the cached list changes at once and is put back
 * if the call fails. Once the last running toggle settles, the list and the badge's stats are
 * read again (earlier refetches would overwrite toggles still in flight).
 */
export function useFavoriteChange() {
  const queryClient = useQueryClient();
  const edit = (change: (cached: FavoritesResponse | undefined) => FavoritesResponse | undefined) =>
    queryClient.setQueryData<FavoritesResponse>(favoriteKeys.list, change);

  return useMutation({
    mutationKey: favoriteKeys.change,
    mutationFn: async (change: FavoriteChange) => {
      if (change.action === 'add') {
        // Kept alive: a ♥ clicked just before the page closes is still saved.
        return call(api.favorites.add[change.type], { body: change.request }, { keepalive: true });
      }
      // A draft's stand-in id names no record on the server.
      if (change.id <= 0)
        throw new ApiError(0, 'NO_FAVORITE_ID', i18n.t('errors:code.NO_FAVORITE_ID'));
      return call(
        api.favorites.remove[change.type],
        { params: { id: change.id } },
        { keepalive: true },
      );
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.list });
      if (change.action === 'add') {
        edit((cached) => insertRecord(cached, change.type, change.draft));
        return { removed: null };
      }
      const removed = findRecord(
        queryClient.getQueryData(favoriteKeys.list),
        change.type,
        change.id,
      );
      edit((cached) => removeRecord(cached, change.type, change.id));
      return { removed };
    },
    onError: (_error, change, context) => {
      if (change.action === 'add') {
        edit((cached) => removeRecord(cached, change.type, change.draft.id));
      } else if (context?.removed) {
        const { record, index } = context.removed;
        edit((cached) => insertRecord(cached, change.type, record, index));
      }
    },
    onSuccess: (answer, change) => {
      if (change.action === 'add') {
        edit((cached) =>
          replaceRecord(cached, change.type, change.draft.id, answer as FavoriteRecord),
        );
      }
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: favoriteKeys.change }) === 1) {
        return queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
      }
    },
  });
}

/** Favourite record ids per type, as the favourites screen selects them. */
export type FavoriteIds = { [T in FavoriteItemType]: readonly number[] };

export function useBatchDeleteFavorites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: FavoriteIds) =>
      call(api.favorites.removeMany, {
        body: { work_ids: [...ids.work], episode_ids: [...ids.episode], image_ids: [...ids.image] },
      }),
    onSuccess: (_answer, ids) => {
      queryClient.setQueryData<FavoritesResponse>(favoriteKeys.list, (cached) =>
        removeRecords(cached, ids),
      );
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    },
  });
}

export function useExportFavorites() {
  return useMutation({
    mutationFn: () => call(api.favorites.export),
  });
}

/** Posts a saved export file as read (its `data`, or the whole saved answer). */
export function useImportFavorites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saved: unknown) =>
      // The server checks the file; the page only reads it.
      call(api.favorites.import, { body: saved as FavoritesImportRequest }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EpisodeFilesResponse,
  CacheStats,
  CdnStatus,
  ClearFilesResponse,
  ClearListingsResponse,
  ImageListResponse,
  ImageMode,
  Kind,
} from '@capshelf/contract';
import { apiRequest } from './client';
import { useRefreshableQuery, withRefresh } from './refreshable';

export type { ImageMode };

/** Where an image screen's list comes from; the local library adds its own variant later. */
export type ImageSource =
  | { type: 'episode'; episodeUrl: string; mode: ImageMode }
  | { type: 'range'; start: number; end: number; kind?: Kind }
  | { type: 'sample'; limit: number };

export const imageKeys = {
  list: (source: ImageSource) => ['images', 'list', source] as const,
  cacheStats: ['images', 'cache-stats'] as const,
  cdnStatus: ['images', 'cdn-status'] as const,
};

export function imageListPath(source: ImageSource): string {
  switch (source.type) {
    case 'episode':
      return `/images/episode/${encodeURIComponent(source.episodeUrl)}${source.mode === 'fast' ? '/fast' : ''}`;
    case 'range':
      return `/images/range/${source.start}/${source.end}${source.kind ? `?kind=${source.kind}` : ''}`;
    case 'sample':
      return `/images/sample?limit=${source.limit}`;
  }
}

/** An image list (stale 60 min, kept 24 h). */
export function useImageList(source: ImageSource | null) {
  return useRefreshableQuery({
    queryKey: source ? imageKeys.list(source) : ['images', 'list', null],
    load: (refresh, signal) =>
      apiRequest<ImageListResponse>(withRefresh(imageListPath(source!), refresh), { signal }),
    enabled: source !== null,
    staleTime: 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
  });
}

/** What clearing an episode's files would remove; asked when the confirmation opens, never cached. */
export function useEpisodeFiles(episodeUrl: string, enabled: boolean) {
  return useQuery({
    queryKey: ['images', 'episode-files', episodeUrl] as const,
    queryFn: ({ signal }) =>
      apiRequest<EpisodeFilesResponse>(
        `/images/cache/files?episode_id=${encodeURIComponent(episodeUrl)}`,
        { signal },
      ),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Drops the server's cached listing and image files of one episode, then reloads its list. */
export function useClearEpisodeCache(episodeUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const query = `episode_id=${encodeURIComponent(episodeUrl)}`;
      const listings = await apiRequest<ClearListingsResponse>(`/images/cache?${query}`, {
        method: 'DELETE',
      });
      const files = await apiRequest<ClearFilesResponse>(`/images/cache/files?${query}`, {
        method: 'DELETE',
      });
      return { listings, files };
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => {
          const source = queryKey[2] as ImageSource | string | undefined;
          const episode =
            typeof source === 'string' ? source : source?.type === 'episode' && source.episodeUrl;
          return queryKey[0] === 'images' && episode === episodeUrl;
        },
      }),
  });
}

export interface ViewRecord {
  search_term?: string;
  show_title?: string;
  episode_title?: string;
  episode_id: string;
  image_ids: number[];
  /** `estimate` for a fast-mode list that is not proven complete. */
  image_count?: 'exact' | 'estimate';
}

/** Home page card (stale 60 s, 2 retries); a public call. */
export function useCacheStats() {
  return useQuery({
    queryKey: imageKeys.cacheStats,
    queryFn: ({ signal }) => apiRequest<CacheStats>('/images/cache-stats', { signal }),
    staleTime: 60_000,
  });
}

export function useCdnStatus() {
  return useQuery({
    queryKey: imageKeys.cdnStatus,
    queryFn: ({ signal }) => apiRequest<CdnStatus>('/images/cdn-status', { signal }),
    staleTime: 0,
  });
}

/** Switches the CDN preference, shows the answer at once, then re-reads the status. */
export function useCdnSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useSmall: boolean) =>
      apiRequest<CdnStatus>(`/images/cdn-switch?use_small_cdn=${useSmall}`, { method: 'POST' }),
    onSuccess: async (status) => {
      queryClient.setQueryData(imageKeys.cdnStatus, status);
      // Listings carry image URLs with the CDN preference baked in; stale ones would bypass it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.cdnStatus }),
        queryClient.invalidateQueries({ queryKey: ['images', 'list'] }),
      ]);
    },
  });
}

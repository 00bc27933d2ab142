import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ImageMode, type Kind } from '@capshelf/contract';
import { call } from './client';
import { queryFlag, useRefreshableQuery } from './refreshable';

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

/**
 * Reads a source's list. Only an episode's can be read anew (`refresh`): a range or a sample needs
 * no source page, so the server has no cache to bypass for it.
 */
function loadImageList(source: ImageSource, refresh: boolean, signal: AbortSignal) {
  const { listing } = api.catalog;
  switch (source.type) {
    case 'episode':
      return call(
        listing[source.mode],
        { params: { episodeId: source.episodeUrl }, query: { refresh: queryFlag(refresh) } },
        { signal },
      );
    case 'range':
      return call(
        listing.range,
        { params: { start: source.start, end: source.end }, query: { kind: source.kind } },
        { signal },
      );
    case 'sample':
      return call(listing.sample, { query: { limit: source.limit } }, { signal });
  }
}

/** An image list (stale 60 min, kept 24 h). */
export function useImageList(source: ImageSource | null) {
  return useRefreshableQuery({
    queryKey: source ? imageKeys.list(source) : ['images', 'list', null],
    load: (refresh, signal) => loadImageList(source!, refresh, signal),
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
      call(api.cacheAdmin.episodeFiles, { query: { episode_id: episodeUrl } }, { signal }),
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
      const query = { episode_id: episodeUrl };
      const listings = await call(api.cacheAdmin.clearListings, { query });
      const files = await call(api.cacheAdmin.clearFiles, { query });
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
    queryFn: ({ signal }) => call(api.images.cacheStats, {}, { signal }),
    staleTime: 60_000,
  });
}

export function useCdnStatus() {
  return useQuery({
    queryKey: imageKeys.cdnStatus,
    queryFn: ({ signal }) => call(api.images.cdn.status, {}, { signal }),
    staleTime: 0,
  });
}

/** Switches the CDN preference, shows the answer at once, then re-reads the status. */
export function useCdnSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useSmall: boolean) =>
      call(api.images.cdn.switch, { query: { use_small_cdn: String(useSmall) } }),
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EvictRequest } from '@capshelf/contract';
import { call } from './client';

export const cacheOverviewKey = ['admin', 'cache'] as const;

/** The shared image cache for the admin: size, limits, free space, evictions. */
export function useCacheOverview() {
  return useQuery({
    queryKey: cacheOverviewKey,
    queryFn: ({ signal }) => call(api.cacheAdmin.overview, {}, { signal }),
    refetchInterval: 10_000,
  });
}

/** Deleting thousands of files (or S3 objects) may take longer than a plain request. */
const EVICT_TIMEOUT_MS = 300_000;

/** Evicts now (least recently viewed first), then reads the overview again. */
export function useEvictCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvictRequest) =>
      call(api.cacheAdmin.evict, { body }, { timeoutMs: EVICT_TIMEOUT_MS }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cacheOverviewKey }),
  });
}

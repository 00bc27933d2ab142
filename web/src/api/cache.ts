import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CacheOverview, EvictRequest, EvictResponse } from '@capshelf/contract';
import { apiRequest } from './client';

const PATH = '/admin/cache';
export const cacheOverviewKey = ['admin', 'cache'] as const;

/** The shared image cache for the admin: size, limits, free space, evictions. */
export function useCacheOverview() {
  return useQuery({
    queryKey: cacheOverviewKey,
    queryFn: ({ signal }) => apiRequest<CacheOverview>(PATH, { signal }),
    refetchInterval: 10_000,
  });
}

/** Evicts now (least recently viewed first), then reads the overview again. */
export function useEvictCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvictRequest) =>
      apiRequest<EvictResponse>(`${PATH}/evict`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cacheOverviewKey }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

/** Until contract/ describes favourites, only the fields the header badge reads. */
export interface FavoriteStats {
  data: { total_items: number; total_works: number; total_episodes: number; total_images: number };
}

export const favoriteKeys = {
  stats: ['favorites', 'stats'] as const,
};

/** Favourite totals for the nav badge (spec §9: refetch every 30 s, stale after 15 s). */
export function useFavoriteStats() {
  return useQuery({
    queryKey: favoriteKeys.stats,
    queryFn: ({ signal }) => apiRequest<FavoriteStats>('/favorites/stats', { signal }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A flag of a query as the server reads it (`true`), or nothing: an unset flag is the server's
 * default and goes unsaid. `refresh` makes the server bypass its cache for this one call.
 */
export const queryFlag = (on: boolean) => (on ? 'true' : undefined);

interface RefreshableOptions<T> {
  queryKey: QueryKey;
  load: (refresh: boolean, signal: AbortSignal) => Promise<T>;
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
}

/**
 * A cached listing plus a `refresh()` that fetches it once with `?refresh=true` into the same
 * cache entry, so the screen's refresh button and its ordinary loads share one state.
 */
export function useRefreshableQuery<T>({ queryKey, load, ...options }: RefreshableOptions<T>) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(false, signal), ...options });
  const refresh = () =>
    queryClient
      .fetchQuery({ queryKey, queryFn: ({ signal }) => load(true, signal), staleTime: 0 })
      // The failure lands in the query's own error state, which the screen shows.
      .catch(() => undefined);
  return { query, refresh };
}

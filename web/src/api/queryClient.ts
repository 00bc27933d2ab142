import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

const MAX_RETRIES = 2;

/** Defaults: stale after 5 min, 2 retries but never for a 4xx answer, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

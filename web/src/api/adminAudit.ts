import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@capshelf/contract';
import { call } from './client';

const PAGE_SIZE = 50;

/** The admin's audit log, newest first; each further page is older (`before` the last id). */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit'] as const,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.audit.page,
        { query: { limit: PAGE_SIZE, before: pageParam ?? undefined } },
        { signal },
      ),
    getNextPageParam: (page) => page.next_before,
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@capshelf/contract';
import { apiRequest } from './client';

const PAGE_SIZE = 50;

/** The admin's audit log, newest first; each further page is older (`before` the last id). */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit'] as const,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditPage>(
        `/admin/audit?limit=${PAGE_SIZE}${pageParam === null ? '' : `&before=${pageParam}`}`,
        { signal },
      ),
    getNextPageParam: (page) => page.next_before,
  });
}

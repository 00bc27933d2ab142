import { useQuery } from '@tanstack/react-query';
import { api } from '@capshelf/contract';
import { call } from '../../api';

/**
 * The source site's origin as the server is configured (`GET /api/health`'s `source_origin`):
 * what /open takes as the source's addresses. Read once per page load.
 */
export function useSourceOrigin() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => call(api.health.check, undefined, { signal }),
    select: (health) => health.source_origin,
    staleTime: Infinity,
  });
}

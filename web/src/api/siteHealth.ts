import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PasteClearanceRequest,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '@capshelf/contract';
import { apiRequest } from './client';

const PATH = '/admin/site-health';
export const siteHealthKey = ['admin', 'site-health'] as const;
/** A solve waits up to UPSTREAM_SOLVER_TIMEOUT (30 s by default), then checks the result. */
const SOLVE_TIMEOUT_MS = 120_000;

/** The source site's health for the admin, refreshed every few seconds while on screen. */
export function useSiteHealth() {
  return useQuery({
    queryKey: siteHealthKey,
    queryFn: ({ signal }) => apiRequest<SiteHealthResponse>(PATH, { signal }),
    refetchInterval: 5000,
  });
}

/** An action that answers with the new health: shown at once, without another request. */
function useHealthAction<Input, Output>(
  call: (input: Input) => Promise<Output>,
  healthOf: (output: Output) => SiteHealthResponse,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (output) => queryClient.setQueryData(siteHealthKey, healthOf(output)),
  });
}

export function usePasteClearance() {
  return useHealthAction(
    (body: PasteClearanceRequest) =>
      apiRequest<SiteHealthActionResponse>(`${PATH}/clearance`, {
        method: 'PUT',
        body,
        timeoutMs: SOLVE_TIMEOUT_MS,
      }),
    (answer) => answer.health,
  );
}

export function useVerifyClearance() {
  return useHealthAction(
    () =>
      apiRequest<SiteHealthActionResponse>(`${PATH}/verify`, {
        method: 'POST',
        timeoutMs: SOLVE_TIMEOUT_MS,
      }),
    (answer) => answer.health,
  );
}

export function useClearClearance() {
  return useHealthAction(
    () => apiRequest<SiteHealthResponse>(`${PATH}/clearance`, { method: 'DELETE' }),
    (health) => health,
  );
}

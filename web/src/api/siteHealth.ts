import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type PasteClearanceRequest, type SiteHealthResponse } from '@capshelf/contract';
import { call } from './client';

export const siteHealthKey = ['admin', 'site-health'] as const;
/** A solve waits up to UPSTREAM_SOLVER_TIMEOUT (30 s by default), then checks the result. */
const SOLVE_TIMEOUT_MS = 120_000;

/** The source site's health for the admin, refreshed every few seconds while on screen. */
export function useSiteHealth() {
  return useQuery({
    queryKey: siteHealthKey,
    queryFn: ({ signal }) => call(api.siteHealth.view, {}, { signal }),
    refetchInterval: 5000,
  });
}

/** An action that answers with the new health: shown at once, without another request. */
function useHealthAction<Input, Output>(
  action: (input: Input) => Promise<Output>,
  healthOf: (output: Output) => SiteHealthResponse,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (output) => queryClient.setQueryData(siteHealthKey, healthOf(output)),
  });
}

export function usePasteClearance() {
  return useHealthAction(
    (body: PasteClearanceRequest) =>
      call(api.siteHealth.pasteClearance, { body }, { timeoutMs: SOLVE_TIMEOUT_MS }),
    (answer) => answer.health,
  );
}

export function useVerifyClearance() {
  return useHealthAction(
    () => call(api.siteHealth.verify, {}, { timeoutMs: SOLVE_TIMEOUT_MS }),
    (answer) => answer.health,
  );
}

export function useClearClearance() {
  return useHealthAction(
    () => call(api.siteHealth.clearClearance),
    (health) => health,
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  SHARE_GRANT_HEADER,
  type ChangeShareRequest,
  type CreateShareRequest,
} from '@capshelf/contract';
import { call } from './client';

export const shareKeys = {
  mine: (scope: 'mine' | 'all') => ['shares', scope] as const,
  visit: (token: string, grant: string | null) => ['share-visit', token, grant] as const,
};

/** The account's share links (an admin's `all`: everyone's). */
export function useShares(scope: 'mine' | 'all' = 'mine') {
  return useQuery({
    queryKey: shareKeys.mine(scope),
    queryFn: ({ signal }) => call(api.shares.list, { query: { scope } }, { signal }),
  });
}

function useShareChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shares'] }),
  });
}

/** Makes a share; the answer's `url` is shown once (only a hash of its token is kept). */
export const useCreateShare = () =>
  useShareChange((body: CreateShareRequest) => call(api.shares.create, { body }));

export const useChangeShare = () =>
  useShareChange(({ id, ...body }: ChangeShareRequest & { id: number }) =>
    call(api.shares.change, { params: { id }, body }),
  );

export const useRevokeShare = () =>
  useShareChange((id: number) => call(api.shares.revoke, { params: { id } }));

/**
 * A visit of a share link (no account). Counted as one view by the server, so it is read once per
 * visit: never again in the background, only when the grant changes (after the password).
 */
export function useShareVisit(token: string, grant: string | null) {
  return useQuery({
    queryKey: shareKeys.visit(token, grant),
    queryFn: ({ signal }) =>
      call(
        api.shares.open,
        { params: { token } },
        { signal, headers: grant ? { [SHARE_GRANT_HEADER]: grant } : {} },
      ),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

export function unlockShare(token: string, password: string) {
  return call(api.shares.unlock, { params: { token }, body: { password } });
}

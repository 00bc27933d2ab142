import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  SHARE_GRANT_HEADER,
  type ChangeShareRequest,
  type CreateShareRequest,
  type PublicShare,
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
 * How long a visit's answer holds: until its addresses run out, and a second more, so that the
 * visit's cookie has gone too and the next read starts a new visit. Locked: until the password.
 */
function visitLasts(share: PublicShare | undefined): number {
  return share && !share.locked ? (share.links_valid_for + 1) * 1000 : Infinity;
}

/**
 * A visit of a share link (no account). Counted as one view by the server, so it is read once per
 * visit (and when the grant changes, after the password), never in the background: an open page
 * costs the owner no views. Once its addresses have run out, it is read again when the visitor
 * needs them (`visitRanOut`) or comes back to the page.
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
    staleTime: (query) => visitLasts(query.state.data),
    // Only once its addresses have run out (while they hold, a focus reads nothing).
    refetchOnWindowFocus: true,
    gcTime: Infinity,
    refetchOnReconnect: false,
    retry: false,
  });
}

/**
 * Whether the visit's addresses have run out: a picture that fails to load then, or a link
 * followed, needs the share read again (a new visit). While they hold, a failing picture fails
 * for another reason, and reading again would only repeat it.
 */
export const visitRanOut = (visit: ReturnType<typeof useShareVisit>): boolean =>
  Date.now() >= visit.dataUpdatedAt + visitLasts(visit.data);

export function unlockShare(token: string, password: string) {
  return call(api.shares.unlock, { params: { token }, body: { password } });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeedAddress,
  Follow,
  FollowMode,
  FollowRequest,
  FollowsResponse,
} from '@capshelf/contract';
import { apiRequest } from './client';

export const followKeys = { all: ['follows'] as const };

/**
 * The signed-in account's follows and their new episodes. Read again every minute while a page
 * shows them, so the header's badge comes up soon after a check finds an episode.
 */
export function useFollows(enabled = true) {
  return useQuery({
    queryKey: followKeys.all,
    queryFn: ({ signal }) => apiRequest<FollowsResponse>('/follows', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled,
  });
}

/** The follow of a work (by kind and id), if the account follows it. */
export const findFollow = (
  data: FollowsResponse | undefined,
  work: { kind: string; id: number },
): Follow | undefined => data?.follows.find((f) => f.kind === work.kind && f.work_id === work.id);

function useFollowMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
}

export const useFollowWork = () =>
  useFollowMutation((body: FollowRequest) =>
    apiRequest<Follow>('/follows', { method: 'POST', body }),
  );

export const useUnfollow = () =>
  useFollowMutation((id: number) => apiRequest(`/follows/${id}`, { method: 'DELETE' }));

export const useFollowMode = () =>
  useFollowMutation(({ id, mode }: { id: number; mode: FollowMode }) =>
    apiRequest<Follow>(`/follows/${id}`, { method: 'PATCH', body: { mode } }),
  );

/** Marks one follow's new episodes seen, or (id omitted) every follow's. */
export const useMarkFollowsSeen = () =>
  useFollowMutation((id: number | undefined) =>
    apiRequest<void>(id === undefined ? '/follows/seen-all' : `/follows/${id}/seen`, {
      method: 'POST',
    }),
  );

const feedKey = ['feed-address'] as const;

/** The account's personal feed address, or null when it is off. */
export function useFeedAddress() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => apiRequest<FeedAddress>('/auth/feed', { signal }),
  });
}

/** Makes a new address (the old one stops working), or with `off` turns the feed off. */
export function useChangeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (off: boolean) =>
      apiRequest<FeedAddress | undefined>('/auth/feed', { method: off ? 'DELETE' : 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

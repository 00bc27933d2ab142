import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Follow,
  type FollowMode,
  type FollowRequest,
  type FollowsResponse,
} from '@capshelf/contract';
import { call } from './client';

export const followKeys = { all: ['follows'] as const };

/**
 * The signed-in account's follows and their new episodes. Read again every minute while a page
 * shows them, so the header's badge comes up soon after a check finds an episode.
 */
export function useFollows(enabled = true) {
  return useQuery({
    queryKey: followKeys.all,
    queryFn: ({ signal }) => call(api.follows.list, {}, { signal }),
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

function useFollowMutation<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
}

export const useFollowWork = () =>
  useFollowMutation((body: FollowRequest) => call(api.follows.follow, { body }));

export const useUnfollow = () =>
  useFollowMutation((id: number) => call(api.follows.unfollow, { params: { id } }));

export const useFollowMode = () =>
  useFollowMutation(({ id, mode }: { id: number; mode: FollowMode }) =>
    call(api.follows.setMode, { params: { id }, body: { mode } }),
  );

/** Marks one follow's new episodes seen, or (id omitted) every follow's. */
export const useMarkFollowsSeen = () =>
  useFollowMutation((id: number | undefined) =>
    id === undefined
      ? call(api.follows.markAllSeen)
      : call(api.follows.markSeen, { params: { id } }),
  );

/**
 * 立即检查: the work's listing is read now; answers the follow as the check left it (an
 * ApiError 429 with `retry_after` within a minute of the account's last check of the work).
 */
export const useCheckFollow = () =>
  useFollowMutation((id: number) => call(api.follows.check, { params: { id } }));

/** An opened episode of a follow is no longer new (nor are those found before it). */
export const useMarkEpisodeSeen = () =>
  useFollowMutation(({ id, episodeId }: { id: number; episodeId: number }) =>
    call(api.follows.markEpisodeSeen, { params: { id, episodeId } }),
  );

const feedKey = ['feed-address'] as const;

/** The account's personal feed address, or null when it is off. */
export function useFeedAddress() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => call(api.follows.feed.address, {}, { signal }),
  });
}

/** Makes a new address (the old one stops working), or with `off` turns the feed off. */
export function useChangeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (off: boolean) => {
      if (!off) return call(api.follows.feed.regenerate);
      await call(api.follows.feed.turnOff);
      return undefined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

import { useEffect, useRef } from 'react';
import type { FollowsResponse } from '@capshelf/contract';
import { useFollows, useMarkEpisodeSeen } from '../../api';
import { useSession } from '../auth';

/** The follow and episode ids of `episodeUrl` when it is one of the account's new episodes. */
export function findNewEpisode(
  data: FollowsResponse | undefined,
  episodeUrl: string,
): { id: number; episodeId: number } | null {
  for (const follow of data?.follows ?? []) {
    const episode = follow.new_episodes.find((e) => e.link.source_url === episodeUrl);
    if (episode) return { id: follow.id, episodeId: episode.id };
  }
  return null;
}

/**
 * Opening a new episode's images marks it seen, as feed readers do: the home page's 新剧集 and
 * the badge drop it (and the work's episodes found before it). Once per episode opened.
 */
export function useSeenOnOpen(episodeUrl: string): void {
  const signedIn = useSession().status === 'authenticated';
  const follows = useFollows(signedIn);
  const { mutate } = useMarkEpisodeSeen();
  const marked = useRef<string | null>(null);
  const found = findNewEpisode(follows.data, episodeUrl);
  const followId = found?.id;
  const episodeId = found?.episodeId;
  useEffect(() => {
    if (followId === undefined || episodeId === undefined) return;
    if (marked.current === episodeUrl) return;
    marked.current = episodeUrl;
    mutate({ id: followId, episodeId });
  }, [episodeUrl, followId, episodeId, mutate]);
}

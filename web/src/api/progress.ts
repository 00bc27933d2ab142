import { useCallback, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CrawlState,
  type ImageItem,
  type ImageMode,
  type Ref,
  type WorkChineseTitle,
} from '@capshelf/contract';
import { call } from './client';
import { ApiError } from './errors';
import { queryFlag } from './refreshable';

/** The source is read a page a second: asking much more often would only repeat the answer. */
export const PROGRESS_POLL_MS = 700;
/** Until page 1 arrives (a second or so), asked sooner: it is what the user waits for. */
export const FIRST_PAGE_POLL_MS = 200;

export interface CrawlProgress {
  state: CrawlState;
  page: number;
  pages: number | null;
  pagesAtLeast: number;
  error: { code: string; message: string } | null;
}

/** An episode's list as far as the server has read it (the image screen's list shape). */
export interface ProgressiveList {
  images: ImageItem[];
  total: number;
  cached: boolean;
  mode: 'smart';
  exact: true;
  /** True until every page is read. */
  partial: boolean;
  work_title: string | null;
  episode_title: string | null;
  work: Ref | null;
  episode: Ref | null;
  chinese_title: WorkChineseTitle | null;
  progress: CrawlProgress;
}

export const progressKeys = {
  episode: (episodeUrl: string) => ['images', 'progress', episodeUrl] as const,
  modePreference: ['images', 'mode-preference'] as const,
};

/**
 * The smart listing of an episode or movie, shown as it grows: the server crawls, this polls its
 * progress about once a second while it runs, asking only for the images it does not have yet.
 * The first call of a visit resumes a crawl that failed before; `resume()` does so on demand,
 * `refresh()` reads the listing anew from page 1.
 */
export function useProgressiveImageList(episodeUrl: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = progressKeys.episode(episodeUrl);
  const next = useRef({ resume: true, refresh: false });

  const query = useQuery({
    queryKey,
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<ProgressiveList> => {
      const flags = next.current;
      next.current = { resume: false, refresh: false };
      const before = flags.refresh
        ? undefined
        : queryClient.getQueryData<ProgressiveList>(queryKey);
      const offset = before?.images.length ?? 0;
      const answer = await call(
        api.catalog.listing.progress,
        {
          params: { episodeId: episodeUrl },
          query: { offset, resume: queryFlag(flags.resume), refresh: queryFlag(flags.refresh) },
        },
        { signal },
      );
      // Nothing read at all: the screen's error state says why (rate-limit panel, retry button).
      if (answer.state === 'failed' && answer.total === 0 && answer.error) {
        const status = answer.error.code === 'UPSTREAM_RATE_LIMITED' ? 429 : 502;
        throw new ApiError(status, answer.error.code, answer.error.message, answer.error);
      }
      // Fewer images than this page holds: the listing was read anew, so start over.
      const images =
        answer.total < offset ? [] : [...(before?.images ?? []).slice(0, offset), ...answer.images];
      return {
        images,
        total: images.length,
        // 缓存数据 only when the visit's first answer came from the cache: a list this visit saw
        // being read is fresh, even once the server has stored it.
        cached: before && !flags.resume ? before.cached : answer.cached,
        mode: 'smart',
        exact: true,
        partial: answer.state !== 'done' || images.length < answer.total,
        work_title: answer.work_title,
        episode_title: answer.episode_title,
        work: answer.work,
        episode: answer.episode,
        chinese_title: answer.chinese_title ?? null,
        progress: {
          state: answer.state,
          page: answer.page,
          pages: answer.pages,
          pagesAtLeast: answer.pages_at_least,
          error: answer.error,
        },
      };
    },
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data?.partial || q.state.error) return false;
      return data.progress.page === 0 ? FIRST_PAGE_POLL_MS : PROGRESS_POLL_MS;
    },
  });

  const { refetch } = query;
  // Retrying a failed list means going on with its crawl.
  const resume = useCallback(() => {
    next.current = { resume: true, refresh: false };
    return refetch();
  }, [refetch]);
  const refresh = useCallback(() => {
    next.current = { resume: true, refresh: true };
    return refetch();
  }, [refetch]);
  return { query: { ...query, refetch: resume }, refresh, resume };
}

/** The episode mode the user last chose (null: never chose); a failure reads as "never chose". */
export function useModePreference(enabled: boolean) {
  return useQuery({
    queryKey: progressKeys.modePreference,
    enabled,
    queryFn: ({ signal }) =>
      call(api.catalog.modePreference.get, {}, { signal }).catch(() => ({ image_mode: null })),
    staleTime: Infinity,
  });
}

export function useSaveModePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: ImageMode) =>
      call(api.catalog.modePreference.set, { body: { image_mode: mode } }),
    onSuccess: (answer) => queryClient.setQueryData(progressKeys.modePreference, answer),
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DatasetReviewRequest, DatasetReviewResponse } from '@capshelf/contract';
import { apiRequest } from './client';

/** A review still reading its work is asked again this often: it fills in as frames are measured. */
export const REVIEW_POLL_MS = 1000;

/**
 * POST /datasets/review (制作数据集): what a whole-work job with these options keeps and drops.
 * A new preset or filter keeps the last answer on screen until its own arrives.
 */
export function useDatasetReview(request: DatasetReviewRequest) {
  return useQuery({
    queryKey: ['datasets', 'review', request] as const,
    queryFn: ({ signal }) =>
      apiRequest<DatasetReviewResponse>('/datasets/review', {
        method: 'POST',
        body: request,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.complete === false ? REVIEW_POLL_MS : false),
  });
}

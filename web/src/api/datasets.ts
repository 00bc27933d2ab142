import { useEffect, useState } from 'react';
import {
  api,
  settledCount,
  type DatasetReviewRequest,
  type DatasetReviewResponse,
  type ReviewFrame,
} from '@capshelf/contract';
import { call } from './client';

/** A review still reading its work is asked again this often: it fills in as frames are measured. */
export const REVIEW_POLL_MS = 1000;

/** The review as the page holds it: every frame read so far, and the last answer's totals. */
export interface ReviewState {
  review: DatasetReviewResponse | undefined;
  error: Error | null;
  retry: () => void;
}

/**
 * POST /datasets/review (制作数据集), asked again until complete. Each call asks only for the
 * frames after the settled ones it has (their decision never changes), so a large work is not
 * sent whole every second. New options start over; the last answer stays on screen until then.
 */
export function useDatasetReview(request: Omit<DatasetReviewRequest, 'offset'>): ReviewState {
  const key = JSON.stringify(request);
  const [review, setReview] = useState<DatasetReviewResponse>();
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let frames: ReviewFrame[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const offset = settledCount(frames);
        const body = await call(
          api.datasets.review,
          { body: { ...(JSON.parse(key) as typeof request), offset } },
          { signal: controller.signal },
        );
        frames = [...frames.slice(0, body.offset), ...body.frames];
        setReview({ ...body, offset: 0, frames });
        setError(null);
        // A long work comes in pages: the next one at once; a work still being read, in a while.
        if (frames.length < body.images) void ask();
        else if (!body.complete) timer = setTimeout(() => void ask(), REVIEW_POLL_MS);
      } catch (caught) {
        if (!controller.signal.aborted) setError(caught as Error);
      }
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, attempt]);
  return { review, error, retry: () => setAttempt((n) => n + 1) };
}

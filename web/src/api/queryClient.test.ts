import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { createQueryClient } from './queryClient';

describe('createQueryClient', () => {
  const options = createQueryClient().getDefaultOptions().queries!;
  const retry = options.retry as (count: number, error: unknown) => boolean;

  it('keeps data fresh for 5 minutes and does not refetch on focus', () => {
    expect(options.staleTime).toBe(300_000);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it('retries server and network failures twice, never a 4xx', () => {
    const serverError = new ApiError(502, 'UPSTREAM_ERROR', undefined);
    expect(retry(0, serverError)).toBe(true);
    expect(retry(1, serverError)).toBe(true);
    expect(retry(2, serverError)).toBe(false);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', undefined))).toBe(false);
  });
});

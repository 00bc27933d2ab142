import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ReviewTagsRequest, type SaveDatasetDraftRequest } from '@capshelf/contract';
import { call } from './client';

const draftKeys = {
  all: ['dataset-drafts'] as const,
  list: ['dataset-drafts', 'list'] as const,
  work: (work_url: string, kind?: 'anime' | 'tv') =>
    ['dataset-drafts', 'work', work_url, kind ?? null] as const,
};

/** The caller's review drafts (制作数据集), newest first. */
export function useDatasetDrafts() {
  return useQuery({
    queryKey: draftKeys.list,
    queryFn: ({ signal }) => call(api.datasetDrafts.list, {}, { signal }),
  });
}

/** The caller's draft of one work (null: none), read once when the review opens. */
export function useDatasetDraft(work_url: string, kind?: 'anime' | 'tv') {
  return useQuery({
    queryKey: draftKeys.work(work_url, kind),
    queryFn: ({ signal }) =>
      call(api.datasetDrafts.get, { query: { work_url, ...(kind ? { kind } : {}) } }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** PUT the draft whole; the list is read again after. */
export function useSaveDatasetDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: SaveDatasetDraftRequest) => call(api.datasetDrafts.save, { body: draft }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftKeys.list }),
  });
}

export function useRemoveDatasetDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.datasetDrafts.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftKeys.list }),
  });
}

/** The stored tags of the review's frames, counted (制作数据集's tag editing). */
export function useReviewTags(request: ReviewTagsRequest | null) {
  return useQuery({
    queryKey: ['datasets', 'review-tags', request] as const,
    enabled: request !== null,
    queryFn: ({ signal }) => call(api.datasets.tags, { body: request! }, { signal }),
    staleTime: 60_000,
  });
}

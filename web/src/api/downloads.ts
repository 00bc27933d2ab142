import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type Query,
  type UseQueryResult,
} from '@tanstack/react-query';
import type {
  CreateDownloadRequest,
  CreateDownloadResponse,
  DownloadList,
  DownloadState,
  DownloadStatus,
} from '@capshelf/contract';
import { API_BASE, apiRequest } from './client';
import { ApiError } from './errors';

/** Spec §9: a task's status is read every 2 s until it ends. */
export const DOWNLOAD_POLL_MS = 2000;

export const downloadKeys = {
  list: ['downloads', 'list'] as const,
  status: (id: string) => ['downloads', 'status', id] as const,
};

/** A task the page watches: its latest status plus the failure of its last status read. */
export interface DownloadTask extends DownloadStatus {
  pollError: Error | null;
}

const NO_ROWS: DownloadStatus[] = [];

export function isFinished(state: DownloadState): boolean {
  return state === 'completed' || state === 'failed';
}

/**
 * The finished ZIP. The server also accepts the session cookie here, so a plain link hands the
 * file to the browser's download manager instead of the page reading it into memory.
 */
export function downloadFileUrl(id: string): string {
  return `${API_BASE}/download/${encodeURIComponent(id)}/file`;
}

/** Poll while the task runs; stop once it ended or the server says it is gone (404, 410). */
function pollInterval(query: Query<DownloadStatus, Error>): number | false {
  const { data, error } = query.state;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return data && isFinished(data.status) ? false : DOWNLOAD_POLL_MS;
}

function toTasks(results: UseQueryResult<DownloadStatus, Error>[]): DownloadTask[] {
  return results.flatMap(({ data, error }) => (data ? [{ ...data, pollError: error }] : []));
}

/**
 * The user's recent tasks (GET /download restores them after a reload), each kept current by
 * its own status query while unfinished; finished ones are shown as listed, without a request.
 */
export function useDownloadTasks(): DownloadTask[] {
  const list = useQuery({
    queryKey: downloadKeys.list,
    queryFn: ({ signal }) => apiRequest<DownloadList>('/download', { signal }),
  });
  const rows = list.data?.downloads ?? NO_ROWS;
  return useQueries({
    queries: rows.map((row) => ({
      queryKey: downloadKeys.status(row.download_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<DownloadStatus>(`/download/${encodeURIComponent(row.download_id)}/status`, {
          signal,
        }),
      initialData: row,
      // The listed row is current; the interval, not staleness, drives the next read.
      staleTime: Infinity,
      enabled: !isFinished(row.status),
      refetchInterval: pollInterval,
      // A task finishing while the tab is hidden should still reach the download manager.
      refetchIntervalInBackground: true,
    })),
    combine: toTasks,
  });
}

/** POST /download; the task list is re-read so the new task shows up at once. */
export function useCreateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateDownloadRequest) =>
      apiRequest<CreateDownloadResponse>('/download', { method: 'POST', body: request }),
    // Not awaited: the caller hears of the new task before the re-read list can show it finished.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: downloadKeys.list }),
  });
}

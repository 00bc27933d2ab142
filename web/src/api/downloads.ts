import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type Query,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  api,
  FINISHED_DOWNLOAD_STATES,
  pathOf,
  type CreateDownloadRequest,
  type CreateWorkDownloadRequest,
  type DownloadState,
  type DownloadStatus,
  type DownloadStorage,
  type NearDuplicatesRequest,
} from '@capshelf/contract';
import { call } from './client';
import { ApiError } from './errors';

/** A task's status is read every 2 s until it ends. */
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
  return FINISHED_DOWNLOAD_STATES.includes(state);
}

/**
 * Whether the task's archive can be saved (a partial one holds what could be fetched); a task
 * written to the server's library folder alone has none.
 */
export function hasArchive(task: Pick<DownloadStatus, 'status' | 'destination' | 'library_path'>) {
  const ended = task.status === 'completed' || task.status === 'partial';
  return ended && !(task.destination === 'library' && task.library_path !== null);
}

/**
 * The finished ZIP. The server also accepts the session cookie here, so a plain link hands the
 * file to the browser's download manager instead of the page reading it into memory.
 */
export function downloadFileUrl(id: string): string {
  return pathOf(api.downloads.file, { id });
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
/**
 * GET /download. A task the answer shows finished is written into its status query too: that query
 * stops polling once the list says so, and must not keep showing the task running.
 */
function useDownloadList() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: downloadKeys.list,
    queryFn: async ({ signal }) => {
      const list = await call(api.downloads.list, {}, { signal });
      for (const row of list.downloads)
        if (isFinished(row.status))
          queryClient.setQueryData(downloadKeys.status(row.download_id), row);
      return list;
    },
  });
}

/** What the user keeps on the server against their quota, and whether there is a library folder. */
export function useDownloadStorage(): DownloadStorage | undefined {
  return useDownloadList().data?.storage;
}

export function useDownloadTasks(): DownloadTask[] {
  const list = useDownloadList();
  const rows = list.data?.downloads ?? NO_ROWS;
  return useQueries({
    queries: rows.map((row) => ({
      queryKey: downloadKeys.status(row.download_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(api.downloads.status, { params: { id: row.download_id } }, { signal }),
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
    mutationFn: (request: CreateDownloadRequest) => call(api.downloads.create, { body: request }),
    // Not awaited: the caller hears of the new task before the re-read list can show it finished.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: downloadKeys.list }),
  });
}

/** POST /download/work: a whole work (or some of its episodes) as one task. */
export function useCreateWorkDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWorkDownloadRequest) =>
      call(api.downloads.work.create, { body: request }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: downloadKeys.list }),
  });
}

/**
 * What a whole-work download would take, and whether the user may start one now: asked when the
 * dialog opens and again when its episodes or size change (the last answer stays meanwhile).
 */
export function useWorkEstimate(request: CreateWorkDownloadRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['downloads', 'estimate', request] as const,
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(api.downloads.work.estimate, { body: request }, { signal }),
  });
}

/**
 * Cancel, retry, pause or resume one task: the answer is the task's new status, written straight
 * into its query (so polling starts again after a retry), and the list is re-read.
 */
export function useTaskAction(action: 'cancel' | 'retry' | 'pause' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.downloads[action], { params: { id } }),
    onSuccess: async (status) => {
      queryClient.setQueryData(downloadKeys.status(status.download_id), status);
      await queryClient.invalidateQueries({ queryKey: downloadKeys.list });
    },
  });
}

/** DELETE /download/:id (one finished task) or DELETE /download (every finished one). */
export function useRemoveDownloads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id ? call(api.downloads.remove, { params: { id } }) : call(api.downloads.removeFinished),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadKeys.list }),
  });
}

/** 用户管理: what each user keeps on the server (admins only). */
export function useUserStorage() {
  return useQuery({
    queryKey: ['downloads', 'storage-by-user'] as const,
    queryFn: ({ signal }) => call(api.downloads.storageByUser, {}, { signal }),
  });
}

/** Which of an episode's images repeat the frame before them (the grid's 隐藏相似帧). */
export function useNearDuplicates(request: NearDuplicatesRequest | null) {
  return useQuery({
    queryKey: ['downloads', 'near-duplicates', request] as const,
    queryFn: ({ signal }) => call(api.downloads.nearDuplicates, { body: request! }, { signal }),
    enabled: request !== null,
    staleTime: Infinity,
  });
}

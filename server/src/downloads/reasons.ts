import type { TaskReason } from '@capshelf/contract';

/** A task's reason twice: the code for the page, and the Chinese text of `error`/`pause_reason`. */
export interface TaskNote {
  reason: TaskReason;
  text: string;
}

export const taskNotes = {
  /** The host stays in the reason for the logs; the text names the source's part, never host:port. */
  cooling: (host: string, seconds: number, source: 'images' | 'pages'): TaskNote => ({
    reason: { code: 'SOURCE_COOLING', host, seconds, source },
    text: `${source === 'images' ? '图片源站' : '源站'}限流，${seconds} 秒后自动继续`,
  }),
  unreachable: (seconds: number): TaskNote => ({
    reason: { code: 'SOURCE_UNREACHABLE', seconds },
    text: `源站暂时无法访问，${seconds} 秒后自动重试`,
  }),
  tooManyImages: (count: number, max: number): TaskNote => ({
    reason: { code: 'TOO_MANY_IMAGES', count, max },
    text: `共 ${count} 张图片，超过单个任务 ${max} 张的上限，请选择部分剧集`,
  }),
  diskFull: (neededBytes: number, freeBytes: number): TaskNote => {
    const needed = gigabytes(neededBytes, Math.ceil);
    const free = gigabytes(freeBytes, Math.floor);
    return {
      reason: { code: 'DISK_FULL', needed_gb: needed, free_gb: free },
      text: `磁盘空间不足：约需 ${needed.toFixed(1)} GB，下载目录所在磁盘只剩 ${free.toFixed(1)} GB`,
    };
  },
  nothingFetched: (firstFailure: string | undefined): TaskNote => ({
    reason: { code: 'NOTHING_FETCHED' },
    text: `没有成功获取任何图片：${firstFailure ?? '没有可下载的图片'}`,
  }),
  archiveFailed: (error: unknown): TaskNote => ({
    reason: { code: 'ARCHIVE_FAILED' },
    text: `生成压缩包失败：${error instanceof Error ? error.message : String(error)}`,
  }),
  cancelled: (): TaskNote => ({ reason: { code: 'CANCELLED' }, text: '已取消' }),
  userPaused: (): TaskNote => ({
    reason: { code: 'USER_PAUSED' },
    text: '已暂停，点“继续”接着下载',
  }),
  quotaFull: (usedBytes: number, quotaBytes: number): TaskNote => ({
    reason: { code: 'QUOTA_FULL', used_bytes: usedBytes, quota_bytes: quotaBytes },
    text: `已保存的文件占满配额（${gibibytes(usedBytes)} / ${gibibytes(quotaBytes)}），请下载或删除已保存的压缩包后自动继续`,
  }),
};

/** Bytes in binary units as the quota is set (`DOWNLOAD_KEEP_MAX`), one decimal. */
function gibibytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Bytes as GB with one decimal, rounded the way given. */
function gigabytes(bytes: number, round: (x: number) => number): number {
  return round(bytes / 1e8) / 10;
}

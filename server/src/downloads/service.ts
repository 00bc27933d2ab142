import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  sanitizeFilenamePrefix,
  type CreateDownloadResponse,
  type DownloadStatus,
} from '@capshelf/contract';
import { AppError, conflict, gone, notFound, tooManyRequests } from '../errors';
import type { DownloadItemParser } from './items';
import { toStatus, type DownloadRepository, type DownloadRow } from './repository';
import type { DownloadRunner } from './runner';

const EXPIRED = '下载文件已过期并被删除，请重新创建下载任务';

/** Creating, watching and fetching a user's download tasks. Another user's task does not exist. */
export class DownloadService {
  constructor(
    private readonly deps: {
      repo: DownloadRepository;
      runner: DownloadRunner;
      parser: DownloadItemParser;
      maxUnfinishedPerUser: number;
    },
  ) {}

  async create(
    userId: number,
    imageUrls: string[],
    filenamePrefix: string,
  ): Promise<CreateDownloadResponse> {
    const { items, refused } = await this.deps.parser.parse(imageUrls);
    if (refused.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', `有 ${refused.length} 个图片地址无效`, {
        refused: refused.slice(0, 100),
      });
    }
    if ((await this.deps.repo.unfinishedCount(userId)) >= this.deps.maxUnfinishedPerUser) {
      throw tooManyRequests(
        `最多同时进行 ${this.deps.maxUnfinishedPerUser} 个下载任务，请等待之前的任务完成`,
        10,
      );
    }
    const prefix = sanitizeFilenamePrefix(filenamePrefix);
    const id = randomBytes(16).toString('base64url');
    await this.deps.repo.insert({
      id,
      userId,
      fileName: `${prefix}.zip`,
      entryPrefix: prefix,
      items,
    });
    this.deps.runner.kick();
    return { download_id: id, file_count: items.length, status: 'pending' };
  }

  async status(userId: number, id: string): Promise<DownloadStatus> {
    return toStatus(await this.ownTask(userId, id));
  }

  async list(userId: number): Promise<DownloadStatus[]> {
    return (await this.deps.repo.listForUser(userId, 20)).map(toStatus);
  }

  /** The finished archive on disk; 409 while it is being written, 410 once it expired. */
  async file(
    userId: number,
    id: string,
  ): Promise<{ path: string; fileName: string; bytes: number }> {
    const task = await this.ownTask(userId, id);
    if (task.status !== 'completed')
      throw conflict(
        task.status === 'failed'
          ? `下载任务失败：${task.error ?? '未知错误'}`
          : '压缩包尚未生成完成',
      );
    const path = this.deps.runner.fileOf(task.id);
    try {
      return { path, fileName: task.file_name, bytes: (await stat(path)).size };
    } catch {
      throw gone(EXPIRED);
    }
  }

  private async ownTask(userId: number, id: string): Promise<DownloadRow> {
    const task = await this.deps.repo.findForUser(id, userId);
    if (!task) throw notFound('下载任务不存在');
    if (task.expired) throw gone(EXPIRED);
    return task;
  }
}

/** `attachment` with an ASCII fallback name and the real (UTF-8) one, so Chinese titles survive. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const fallback = /[a-z0-9]/i.test(ascii.replace(/\.zip$/, '')) ? ascii : 'fancaps_images.zip';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

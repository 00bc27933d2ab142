import { randomBytes } from 'node:crypto';
import {
  DatasetOptions,
  downloadTitleOf,
  type CreateDownloadResponse,
  type DownloadList,
  type DownloadStatus,
  type UserStorageList,
  type WorkDownloadEstimate,
} from '@capshelf/contract';
import type { z } from 'zod';
import type {
  CreateDownloadRequest as SelectionSchema,
  CreateWorkDownloadRequest as WorkSchema,
} from '@capshelf/contract';
import { AppError, conflict, gone, notFound, tooManyRequests } from '../errors';
import type { ObjectStore } from '../storage';
import type { Archives } from './archives';
import type { WorkEstimator } from './estimate';
import type { DownloadItemParser } from './items';
import { selectionArchiveName, uniqueArchiveName, withLayout, workArchiveStem } from './names';
import type { DownloadRepository } from './repository';
import type { DownloadRow } from './rows';
import { toStatus } from './status';
import type { DownloadRunner } from './runner';
import { taskSpecOf, type TaskSpec } from './task-spec';
import type { KeptArchives } from './kept';
import type { WorkResolver } from './work-scope';

const EXPIRED = '下载文件已过期并被删除，请重新创建下载任务';

type WorkInput = z.output<typeof WorkSchema>;
type SelectionInput = z.output<typeof SelectionSchema>;

/** Creating, watching and fetching a user's download tasks. Another user's task does not exist. */
export class DownloadService {
  constructor(
    private readonly deps: {
      repo: DownloadRepository;
      runner: DownloadRunner;
      archives: Archives;
      parser: DownloadItemParser;
      works: WorkResolver;
      estimator: WorkEstimator;
      maxUnfinishedPerUser: number;
      workJobsPerUser: number;
      /** Whether `LIBRARY_DIR` is set (tasks may write to the users' folders). */
      libraryEnabled: boolean;
      keep: KeptArchives;
      /** How long an archive stays once its owner downloaded it in full. */
      ttlMs: number;
    },
  ) {}

  async create(userId: number, input: SelectionInput): Promise<CreateDownloadResponse> {
    const { items, refused, contents } = await this.deps.parser.parse(input.image_urls, input.size);
    if (refused.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', `有 ${refused.length} 个图片地址无效`, {
        refused: refused.slice(0, 100),
      });
    }
    await this.checkSlots(userId);
    const title = downloadTitleOf(input.filename_prefix);
    const { entryPrefix, stem } = selectionArchiveName(title, contents, items.length);
    // The request's dataset fields, as one object (the rest of the request dropped).
    const dataset = this.checkedOptions(input);
    const name = await this.uniqueName(userId, withLayout(stem, dataset.export));
    const id = await this.enqueue(userId, name, { items, work: null, entryPrefix, dataset });
    return { download_id: id, file_count: items.length, status: 'pending' };
  }

  /**
   * A whole work, or some of its episodes, as one job. The episode list is read now (a cached
   * listing costs nothing), so an unknown work or an episode not in it is refused before starting.
   */
  async createWork(userId: number, input: WorkInput): Promise<CreateDownloadResponse> {
    const { work, contents, episodeCount } = await this.deps.works.resolve(input);
    await this.checkSlots(userId);
    if ((await this.deps.repo.unfinishedCount(userId, 'work')) >= this.deps.workJobsPerUser) {
      throw this.workJobLimit();
    }
    const stem = workArchiveStem(work.work.title, contents, {
      chosen: work.episodes,
      total: episodeCount,
    });
    const dataset = this.checkedOptions(input);
    const id = await this.enqueue(
      userId,
      await this.uniqueName(userId, withLayout(stem, dataset.export)),
      {
        items: [],
        work: { ...work, keepIds: input.keep_image_ids, dropIds: input.drop_image_ids },
        entryPrefix: stem,
        dataset,
      },
    );
    return {
      download_id: id,
      file_count: 0,
      status: 'pending',
      episodes_total: work.episodes.length,
      episodes_done: 0,
    };
  }

  /** Whether tasks may go to the users' library folders (`LIBRARY_DIR` is set). */
  get libraryEnabled(): boolean {
    return this.deps.libraryEnabled;
  }

  /** The request's dataset options; a library destination needs the server's `LIBRARY_DIR`. */
  private checkedOptions(input: DatasetOptions): DatasetOptions {
    const dataset = DatasetOptions.parse(input);
    if (dataset.destination !== 'zip' && !this.deps.libraryEnabled)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        '服务器未设置图库文件夹（LIBRARY_DIR），只能保存为压缩包',
      );
    return dataset;
  }

  private uniqueName(userId: number, stem: string): Promise<string> {
    return uniqueArchiveName(stem, (name) => this.deps.repo.hasFileName(userId, name));
  }

  /** What `createWork` would take, and whether the user's limits let it start now. */
  async estimateWork(userId: number, input: WorkInput): Promise<WorkDownloadEstimate> {
    const { work } = await this.deps.works.resolve(input);
    const estimate = await this.deps.estimator.estimate(work, input.size);
    return { ...estimate, limit_reached: await this.limitReached(userId) };
  }

  private async limitReached(userId: number): Promise<WorkDownloadEstimate['limit_reached']> {
    const { repo, maxUnfinishedPerUser, workJobsPerUser } = this.deps;
    if ((await repo.unfinishedCount(userId)) >= maxUnfinishedPerUser)
      return { kind: 'unfinished', max: maxUnfinishedPerUser };
    if ((await repo.unfinishedCount(userId, 'work')) >= workJobsPerUser)
      return { kind: 'work', max: workJobsPerUser };
    return null;
  }

  /** A new pending task, handed to the runner at once; answers its id. */
  private async enqueue(userId: number, fileName: string, spec: TaskSpec): Promise<string> {
    const id = newId();
    await this.deps.repo.insert({ id, userId, fileName, ...spec });
    this.deps.runner.wake();
    return id;
  }

  async status(userId: number, id: string): Promise<DownloadStatus> {
    return toStatus(await this.ownTask(userId, id));
  }

  /** The tray: the user's newest tasks, and what they keep on the server against their quota. */
  async list(userId: number): Promise<DownloadList> {
    const rows = await this.deps.repo.listForUser(userId, 20);
    return { downloads: rows.map(toStatus), storage: await this.deps.keep.storage(userId) };
  }

  /** 用户管理: what each user keeps on the server. */
  storageByUser(): Promise<UserStorageList> {
    return this.deps.keep.everyUser();
  }

  /** Stops an unfinished task: nothing more is written, the partial file goes, the slot is free. */
  async cancel(userId: number, id: string): Promise<DownloadStatus> {
    const task = await this.ownTask(userId, id);
    if (!(await this.deps.repo.cancel(task.id, userId))) throw conflict('任务已结束，无法取消');
    await this.stopHere(task.id, 'cancel');
    return this.status(userId, id);
  }

  /**
   * 暂停: the task gives up its slot and sends no request until its owner resumes it; what it
   * fetched stays cached (and kept from eviction), so resuming fetches nothing twice.
   */
  async pause(userId: number, id: string): Promise<DownloadStatus> {
    const task = await this.ownTask(userId, id);
    if (!(await this.deps.repo.hold(task.id, userId))) throw conflict('任务已结束，无法暂停');
    await this.stopHere(task.id, 'pause');
    return this.status(userId, id);
  }

  /** 继续: a paused task goes on where it stopped (through the cache), now. */
  async resume(userId: number, id: string): Promise<DownloadStatus> {
    const task = await this.ownTask(userId, id);
    if (!(await this.deps.repo.resume(task.id, userId))) throw conflict('只有已暂停的任务可以继续');
    this.deps.runner.wake();
    return this.status(userId, id);
  }

  /** The task stops at once where this process runs it, and its half-written archive goes. */
  private async stopHere(id: string, why: 'cancel' | 'pause'): Promise<void> {
    this.deps.runner.stopTask(id, why);
    await this.deps.archives.removePartials([id]);
  }

  /** Runs a partial, failed or cancelled task again: only the images not yet cached cost requests. */
  async retry(userId: number, id: string): Promise<DownloadStatus> {
    const task = await this.ownTask(userId, id);
    await this.checkSlots(userId);
    if (
      task.job === 'work' &&
      (await this.deps.repo.unfinishedCount(userId, 'work')) >= this.deps.workJobsPerUser
    )
      throw this.workJobLimit();
    if (!(await this.deps.repo.retry(task.id, userId)))
      throw conflict('只有失败、部分完成或已取消的任务可以重试');
    await this.deps.archives.remove([task.id]);
    this.deps.runner.wake();
    return this.status(userId, id);
  }

  /** Removes finished tasks (one, or every one) from the tray, and their archives from disk. */
  async remove(userId: number, id?: string): Promise<number> {
    if (id) {
      const task = await this.deps.repo.findForUser(id, userId);
      if (!task) throw notFound('下载任务不存在');
    }
    const removed = await this.deps.repo.dismiss(userId, id);
    if (id && removed.length === 0) throw conflict('任务尚未结束，请先取消');
    await this.deps.archives.remove(removed);
    // Room was made: tasks waiting for the quota look again now.
    await this.deps.repo.wakeWaiting(userId);
    this.deps.runner.wake();
    return removed.length;
  }

  /** The archive went out in full: kept until now, it expires `DOWNLOAD_TTL` from here. */
  async downloaded(userId: number, id: string): Promise<void> {
    await this.deps.repo.downloaded(id, userId, this.deps.ttlMs);
  }

  /** The finished archive in the store; 409 while it is being written, 410 once it expired. */
  async file(
    userId: number,
    id: string,
  ): Promise<{ id: string; fileName: string; store: ObjectStore; key: string }> {
    const task = await this.ownTask(userId, id);
    if (task.library_path !== null && taskSpecOf(task).dataset.destination === 'library')
      throw conflict('此任务只保存到服务器上的图库文件夹，没有压缩包');
    if (task.status !== 'completed' && task.status !== 'partial')
      throw conflict(
        task.status === 'failed'
          ? `下载任务失败：${task.error ?? '未知错误'}`
          : task.status === 'cancelled'
            ? '下载任务已取消'
            : '压缩包尚未生成完成',
      );
    const { archives } = this.deps;
    return {
      id: task.id,
      fileName: task.file_name,
      store: archives.store,
      key: archives.keyOf(id),
    };
  }

  private async checkSlots(userId: number): Promise<void> {
    if ((await this.deps.repo.unfinishedCount(userId)) >= this.deps.maxUnfinishedPerUser) {
      const max = this.deps.maxUnfinishedPerUser;
      throw tooManyRequests(`最多同时进行 ${max} 个下载任务，请等待之前的任务完成`, 10, {
        task_limit: { kind: 'unfinished', max },
      });
    }
  }

  private workJobLimit() {
    const max = this.deps.workJobsPerUser;
    return tooManyRequests(`最多同时进行 ${max} 个整部下载任务，请等待之前的任务完成`, 30, {
      task_limit: { kind: 'work', max },
    });
  }

  private async ownTask(userId: number, id: string): Promise<DownloadRow> {
    const task = await this.deps.repo.findForUser(id, userId);
    if (!task) throw notFound('下载任务不存在');
    if (task.expired) throw gone(EXPIRED);
    return task;
  }
}

function newId(): string {
  return randomBytes(16).toString('base64url');
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

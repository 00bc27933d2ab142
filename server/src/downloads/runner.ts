import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStore } from '../images';
import type { Logger } from '../logger';
import type { DownloadItem } from './items';
import type { DownloadRepository, DownloadRow } from './repository';
import { writeZip } from './writer';

export interface RunnerSettings {
  dir: string;
  ttlMs: number;
  /** Tasks this process writes at once. */
  concurrency: number;
  pollMs: number;
  /** A running task whose heartbeat is older than this belongs to a dead process. */
  staleMs: number;
  /** True when no other process can be running tasks (SQLite): a restart fails them at once. */
  singleProcess: boolean;
}

const PROGRESS_EVERY_MS = 250;
/** Keeps the heartbeat fresh even while one slow image is being fetched. */
const HEARTBEAT_EVERY_MS = 5000;

/**
 * Runs download tasks in the background: claims pending rows (so with several app processes each
 * task runs exactly once), writes the archive, keeps a heartbeat, fails tasks whose process died,
 * and deletes archives past their time.
 */
export class DownloadRunner {
  readonly worker = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: {
      repo: DownloadRepository;
      store: ImageStore;
      logger: Logger;
      settings: RunnerSettings;
    },
  ) {}

  fileOf(id: string): string {
    return path.join(this.deps.settings.dir, `${id}.zip`);
  }

  async start(): Promise<void> {
    const { settings, repo } = this.deps;
    await mkdir(settings.dir, { recursive: true });
    const stale = new Date(Date.now() - settings.staleMs).toISOString();
    const failed = await repo.failAbandoned(
      stale,
      '服务器重启，任务已中断，请重新下载',
      settings.singleProcess,
    );
    if (settings.singleProcess) await this.removeLeftovers();
    else await this.removePartials(failed);
    this.timer = setInterval(() => void this.tick(), settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (called when a task is created). */
  kick(): void {
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.active]);
  }

  /** Ticks run one after another, so a tick in progress is never overtaken nor left behind by stop(). */
  private tick(): Promise<void> {
    this.ticking = this.ticking.then(() => this.lookForWork());
    return this.ticking;
  }

  private async lookForWork(): Promise<void> {
    if (this.stopped) return;
    try {
      const { repo, settings } = this.deps;
      const abandoned = await repo.failAbandoned(
        new Date(Date.now() - settings.staleMs).toISOString(),
        '处理任务的服务器进程已停止，请重新下载',
        false,
      );
      await this.removePartials(abandoned);
      for (const id of await repo.expire()) await rm(this.fileOf(id), { force: true });
      while (!this.stopped && this.active.size < settings.concurrency) {
        const task = await repo.claimNext(this.worker);
        if (!task) break;
        const running = this.run(task).finally(() => this.active.delete(running));
        this.active.add(running);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, 'download runner tick failed');
    }
  }

  private async run(task: DownloadRow): Promise<void> {
    const { repo, store, settings, logger } = this.deps;
    let lastReport = 0;
    let latest = { done: 0, failed: 0, bytes: 0 };
    let reporting: Promise<void> = Promise.resolve();
    const report = () => {
      reporting = reporting
        .then(() => repo.progress(task.id, this.worker, latest))
        .catch(() => undefined);
    };
    const heartbeat = setInterval(report, HEARTBEAT_EVERY_MS);
    try {
      const result = await writeZip({
        items: JSON.parse(task.items) as DownloadItem[],
        entryPrefix: task.entry_prefix,
        file: this.fileOf(task.id),
        store,
        onProgress: (progress) => {
          latest = progress;
          if (Date.now() - lastReport < PROGRESS_EVERY_MS) return;
          lastReport = Date.now();
          report();
        },
      });
      clearInterval(heartbeat);
      await reporting;
      if (result.written) {
        await repo.complete(task.id, this.worker, result, settings.ttlMs);
      } else {
        await repo.fail(
          task.id,
          `没有成功获取任何图片：${result.firstError ?? '未知错误'}`,
          result,
        );
      }
    } catch (error) {
      clearInterval(heartbeat);
      logger.error({ err: error, download: task.id }, 'download task failed');
      await repo.fail(
        task.id,
        `生成压缩包失败：${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * What a killed process can leave: half-written archives, and an archive renamed into place just
   * before its task was recorded as complete (it would never be served, nor expire).
   */
  /** The archives that tasks of a dead process were writing (under their temporary names). */
  private async removePartials(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => rm(`${this.fileOf(id)}.tmp`, { force: true })));
  }

  private async removeLeftovers(): Promise<void> {
    const names = await readdir(this.deps.settings.dir);
    const servable = await this.deps.repo.servableIds();
    const leftovers = names.filter(
      (n) =>
        n.endsWith('.tmp') || (n.endsWith('.zip') && !servable.has(n.slice(0, -'.zip'.length))),
    );
    await Promise.all(
      leftovers.map((n) => rm(path.join(this.deps.settings.dir, n), { force: true })),
    );
  }
}

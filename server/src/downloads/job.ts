import { statfs } from 'node:fs/promises';
import { sanitizeFilenamePrefix, type EpisodeProgress } from '@capshelf/contract';
import type { CatalogService } from '../catalog';
import { hammingDistance, type ImageStore, type StoredImage } from '../images';
import { UpstreamNotFoundError, type UrlBuilders } from '../upstream';
import { entryNames, type DownloadItem } from './items';
import { metadataCsv, metadataJsonl, metadataRow, type MetadataRow } from './metadata';
import { isSourceUnavailable, pauseFor } from './pause';
import type { DownloadRow } from './repository';
import { TYPICAL_BYTES, type WorkJobRequest } from './work';
import { writeZip, type ZipEntry } from './writer';

export interface JobProgress {
  fileCount: number;
  done: number;
  failed: number;
  skipped: number;
  bytes: number;
  episodesTotal: number | null;
  episodesDone: number | null;
  episodes: EpisodeProgress[] | null;
}

export type JobOutcome =
  | { status: 'completed' | 'partial'; progress: JobProgress }
  | { status: 'failed'; error: string; progress: JobProgress };

/** A run of images that share a folder and a near-duplicate chain: an episode, or a selection. */
interface Group {
  progress: EpisodeProgress | null;
  folder: string;
  episode: WorkJobRequest['episodes'][number] | null;
  items: DownloadItem[];
  names: string[];
}

/** How many images are fetched ahead of the one being looked at (the paced client limits the rest). */
const LOOKAHEAD = 6;

type Fetched = { image: StoredImage } | { error: unknown };

/**
 * One download task from start to archive: list a work's episodes (through the catalog's cached
 * listings), fetch every image (the cache answers most; the paced client the rest), leave out
 * near-duplicate frames, then write the ZIP from the cache. Throws `TaskPaused` when the source is
 * away and the signal's reason when cancelled or stopping; images fetched so far stay cached, so
 * the next run costs no request for them.
 */
export class DownloadJob {
  constructor(
    private readonly deps: {
      store: ImageStore;
      catalog: CatalogService;
      builders: UrlBuilders;
      retryIntervalMs: number;
      maxImages: number;
      /** Where archives go: its free space is checked before a whole-work job fetches. */
      dir: string;
    },
  ) {}

  async run(
    task: DownloadRow,
    file: string,
    signal: AbortSignal,
    onProgress: (progress: JobProgress) => void,
  ): Promise<JobOutcome> {
    const request = task.request ? (JSON.parse(task.request) as WorkJobRequest) : null;
    const groups = request
      ? workGroups(request)
      : [imagesGroup(JSON.parse(task.items) as DownloadItem[], task.entry_prefix)];
    const progress: JobProgress = {
      fileCount: groups.reduce((n, g) => n + g.items.length, 0),
      done: 0,
      failed: 0,
      skipped: 0,
      bytes: 0,
      episodesTotal: request ? groups.length : null,
      episodesDone: request ? 0 : null,
      episodes: request ? groups.map((g) => g.progress!) : null,
    };
    const report = () => onProgress(structuredClone(progress));
    const failures: string[] = [];

    if (request) {
      for (const group of groups) {
        await this.list(request, group, failures, signal);
        progress.fileCount += group.items.length;
        report();
      }
      const tooBig = await this.tooBig(progress.fileCount, request);
      if (tooBig) return { status: 'failed', error: tooBig, progress };
    }

    const entries: ZipEntry[] = [];
    const rows: MetadataRow[] = [];
    for (const group of groups) {
      let lastKept: string | null = null;
      for await (const [i, fetched] of this.fetchInOrder(group.items, signal)) {
        const item = group.items[i]!;
        const mark = group.progress;
        if ('error' in fetched) {
          const paused = pauseFor(fetched.error, this.deps.retryIntervalMs);
          if (paused) throw paused;
          failures.push(`${item.id}\t${item.kind}\t${item.size}\t${reason(fetched.error)}`);
          progress.failed++;
          if (mark) mark.failed++;
          report();
          continue;
        }
        const facts =
          request && (request.skipNearDuplicates || request.metadata)
            ? await this.deps.store.facts(item.kind, item.id, fetched.image).catch(() => null)
            : null;
        if (
          request?.skipNearDuplicates &&
          facts &&
          lastKept !== null &&
          hammingDistance(facts.phash, lastKept) <= request.threshold
        ) {
          progress.skipped++;
          if (mark) mark.skipped++;
          report();
          continue;
        }
        if (facts) lastKept = facts.phash;
        const name = `${group.folder}${group.names[i]}`;
        entries.push({
          name,
          file: fetched.image.file,
          bytes: fetched.image.bytes,
          refetch: () => this.fetch(item),
        });
        if (request?.metadata && facts && group.episode) {
          rows.push(
            metadataRow(
              {
                file: name,
                id: item.id,
                kind: item.kind,
                work_id: request.work.id,
                work_title: request.work.title,
                episode_id: group.episode.id,
                episode_title: group.episode.title,
                position: i + 1,
                source_url: this.deps.builders.picturePageUrl(item.kind, item.id),
              },
              facts,
            ),
          );
        }
        progress.done++;
        if (mark) mark.done++;
        report();
      }
      if (progress.episodesDone !== null) progress.episodesDone++;
      report();
    }

    if (progress.done === 0) {
      const first = failures[0]?.split('\t')[3] ?? '没有可下载的图片';
      return { status: 'failed', error: `没有成功获取任何图片：${first}`, progress };
    }
    if (failures.length > 0) {
      const text = `以下图片未能下载 (id, kind, size, reason):\n${failures.join('\n')}\n`;
      entries.push({ name: 'failed.txt', body: Buffer.from(text, 'utf8') });
    }
    if (request?.metadata) {
      entries.push({ name: 'metadata.csv', body: metadataCsv(rows) });
      entries.push({ name: 'metadata.jsonl', body: metadataJsonl(rows) });
    }
    progress.bytes = await writeZip({
      file,
      entries,
      signal,
      onBytes: (bytes) => {
        // yazl writes in small pieces (three per entry): report once per mebibyte.
        if (bytes >> 20 === progress.bytes >> 20) return;
        progress.bytes = bytes;
        report();
      },
    });
    report();
    return { status: failures.length > 0 ? 'partial' : 'completed', progress };
  }

  private fetch(item: DownloadItem): Promise<StoredImage> {
    return this.deps.store.get(item.kind, item.id, item.size, item.compressed, {
      stopOn: isSourceUnavailable,
    });
  }

  /** Fetches a few images ahead and yields them in order; an abort ends the wait at once. */
  private async *fetchInOrder(
    items: DownloadItem[],
    signal: AbortSignal,
  ): AsyncGenerator<[number, Fetched]> {
    const pending: Promise<Fetched>[] = [];
    for (let i = 0; i < items.length; i++) {
      for (let j = pending.length; j < Math.min(items.length, i + LOOKAHEAD); j++) {
        pending.push(
          this.fetch(items[j]!).then(
            (image) => ({ image }),
            (error: unknown) => ({ error }),
          ),
        );
      }
      yield [i, await untilAborted(pending[i]!, signal)];
    }
  }

  /** Reads one episode's image list (cached listings cost nothing); pauses if the source is away. */
  private async list(
    request: WorkJobRequest,
    group: Group,
    failures: string[],
    signal: AbortSignal,
  ): Promise<void> {
    const episode = group.episode!;
    try {
      const listing = await untilAborted(
        this.deps.catalog.episodeImages(episode.ref, 'smart'),
        signal,
      );
      const kind = listing.value.kind;
      group.items = listing.value.imageIds.map((id) => ({
        kind,
        id,
        size: request.size,
        compressed: false,
      }));
      group.names = group.items.map((item) => `${item.id}.jpg`);
      group.progress!.total = group.items.length;
    } catch (error) {
      const paused = pauseFor(error, this.deps.retryIntervalMs);
      if (paused) throw paused;
      if (signal.aborted) throw error;
      group.progress!.total = 0;
      const why = error instanceof UpstreamNotFoundError ? '源站上没有这一集' : reason(error);
      failures.push(`episode ${episode.id}\t${request.work.kind}\t${request.size}\t${why}`);
    }
  }

  /** The cap and the free space, checked once the image count is known and before any fetch. */
  private async tooBig(count: number, request: WorkJobRequest): Promise<string | null> {
    if (count > this.deps.maxImages)
      return `共 ${count} 张图片，超过单个任务 ${this.deps.maxImages} 张的上限，请选择部分剧集`;
    // The cache and the archive each hold a copy.
    const needed = count * TYPICAL_BYTES[request.size] * 2;
    const disk = await statfs(this.deps.dir).catch(() => null);
    if (disk && disk.bavail * disk.bsize < needed)
      return `磁盘空间不足：约需 ${Math.ceil(needed / 1e9)} GB`;
    return null;
  }
}

function imagesGroup(items: DownloadItem[], prefix: string): Group {
  return { progress: null, folder: '', episode: null, items, names: entryNames(items, prefix) };
}

/** `<work>/<episode>/`, each name made safe and unique within the archive. */
function workGroups(request: WorkJobRequest): Group[] {
  const work = sanitizeFilenamePrefix(request.work.title);
  const used = new Set<string>();
  return request.episodes.map((episode) => {
    const base = request.work.kind === 'movie' ? 'movie' : sanitizeFilenamePrefix(episode.title);
    let folder = base;
    for (let n = 2; used.has(folder); n++) folder = `${base}_${n}`;
    used.add(folder);
    return {
      progress: {
        id: episode.id,
        title: episode.title,
        total: null,
        done: 0,
        failed: 0,
        skipped: 0,
      },
      folder: `${work}/${folder}/`,
      episode,
      items: [],
      names: [],
    };
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The promise, or the signal's reason as soon as it aborts (what was started goes on unawaited). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

import { statfs } from 'node:fs/promises';
import { sanitizeFilenamePrefix, type EpisodeProgress } from '@capshelf/contract';
import type { CatalogService } from '../catalog';
import { hammingDistance, type ImageFacts, type ImageStore, type StoredImage } from '../images';
import { UpstreamNotFoundError, type UrlBuilders } from '../upstream';
import { untilAborted } from './abort';
import { entryNames, type DownloadItem } from './items';
import { metadataCsv, metadataJsonl, metadataRow, type MetadataRow } from './metadata';
import { isSourceUnavailable, pauseFor } from './pause';
import { taskNotes, type TaskNote } from './reasons';
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
  | { status: 'failed'; note: TaskNote; progress: JobProgress };

/** A run of images that share a folder and a near-duplicate chain: an episode, or a selection. */
interface Group {
  progress: EpisodeProgress | null;
  folder: string;
  episode: WorkJobRequest['episodes'][number] | null;
  items: DownloadItem[];
  names: string[];
}

/** Images fetched or hashed at once ahead of the one being looked at (the paced client limits the rest). */
const LOOKAHEAD = 6;
/** How far ahead of the one being looked at images may be fetched (past cached ones). */
const SCAN_AHEAD = 256;
/** Progress is handed on at most this often, and at the end of each episode. */
const REPORT_EVERY_MS = 100;
const MIB = 1024 * 1024;

type Prepared = { image: StoredImage; facts: ImageFacts | null } | { error: unknown };
/** What the cache holds of an image (its facts when known), or undefined. */
type Stored = { image: StoredImage; facts: ImageFacts | null } | undefined;

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
      /** How the free space is read (`fs.statfs` unless given; tests give a full disk). */
      statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
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
    let reported = 0;
    // The job's own object, updated in place: the runner reads it when it writes it down.
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - reported < REPORT_EVERY_MS) return;
      reported = now;
      onProgress(progress);
    };
    const failures: string[] = [];

    if (request) {
      for (const group of groups) {
        await this.list(request, group, failures, signal);
        progress.fileCount += group.items.length;
        report(true);
      }
    }
    // What the cache holds, for every group at once: cached images cost no request, no `stat`,
    // and count once (in the archive) against the free space.
    const stored: Stored[][] = [];
    for (const group of groups) stored.push(await untilAborted(this.storedOf(group.items), signal));
    if (request) {
      const tooBig = await this.tooBig(progress.fileCount, stored, request);
      if (tooBig) return { status: 'failed', note: tooBig, progress };
    }

    const needsFacts = request !== null && (request.skipNearDuplicates || request.metadata);
    const entries: ZipEntry[] = [];
    const rows: MetadataRow[] = [];
    for (const [g, group] of groups.entries()) {
      let lastKept: string | null = null;
      const prepared = this.prepareInOrder(group.items, stored[g]!, needsFacts, signal);
      for (let i = 0; i < group.items.length; i++) {
        const item = group.items[i]!;
        const mark = group.progress;
        const next = prepared.next(i);
        const fetched = next instanceof Promise ? await next : next;
        if ('error' in fetched) {
          const paused = pauseFor(fetched.error, this.deps.retryIntervalMs);
          if (paused) throw paused;
          failures.push(`${item.id}\t${item.kind}\t${item.size}\t${reason(fetched.error)}`);
          progress.failed++;
          if (mark) mark.failed++;
          report();
          continue;
        }
        const facts = fetched.facts;
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
      report(true);
    }

    if (progress.done === 0) {
      const note = taskNotes.nothingFetched(failures[0]?.split('\t')[3]);
      return { status: 'failed', note, progress };
    }
    if (failures.length > 0) {
      const text = `以下图片未能下载 / These images could not be downloaded (id, kind, size, reason):\n${failures.join('\n')}\n`;
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
        // The writer tells every piece it writes: hand on once per mebibyte.
        if (Math.floor(bytes / MIB) === Math.floor(progress.bytes / MIB)) return;
        progress.bytes = bytes;
        report();
      },
    });
    report(true);
    return { status: failures.length > 0 ? 'partial' : 'completed', progress };
  }

  private fetch(item: DownloadItem): Promise<StoredImage> {
    return this.deps.store.get(item.kind, item.id, item.size, item.compressed, {
      stopOn: isSourceUnavailable,
    });
  }

  /**
   * Each image of a group with its facts when they are needed, in order. What the cache holds is
   * looked up for the whole group at once and answers at once (no promise, no `stat`); the rest is
   * fetched (and hashed) a few images ahead of the one being looked at. An abort ends a wait at once.
   */
  private prepareInOrder(
    items: DownloadItem[],
    stored: Stored[],
    needsFacts: boolean,
    signal: AbortSignal,
  ): { next(i: number): Prepared | Promise<Prepared> } {
    const ready = (i: number) => {
      const known = stored[i];
      return known && (!needsFacts || known.facts) ? known : null;
    };
    const prepare = async (i: number): Promise<Prepared> => {
      const item = items[i]!;
      try {
        const image = stored[i]?.image ?? (await this.fetch(item));
        const facts = needsFacts
          ? (stored[i]?.facts ??
            (await this.deps.store.facts(item.kind, item.id, image).catch(() => null)))
          : null;
        return { image, facts };
      } catch (error) {
        return { error };
      }
    };
    const pending = new Map<number, Promise<Prepared>>();
    let scanned = 0;
    return {
      next(i) {
        signal.throwIfAborted();
        // Keep LOOKAHEAD images that need work under way, looking no further than SCAN_AHEAD.
        scanned = Math.max(scanned, i);
        while (scanned < items.length && pending.size < LOOKAHEAD && scanned < i + SCAN_AHEAD) {
          if (!ready(scanned)) pending.set(scanned, prepare(scanned));
          scanned++;
        }
        const known = ready(i);
        if (known) return known;
        const waiting = pending.get(i) ?? prepare(i);
        pending.delete(i);
        return untilAborted(waiting, signal);
      },
    };
  }

  /** What the cache holds of each item (one query per kind and size and a few hundred ids). */
  private async storedOf(items: DownloadItem[]): Promise<Stored[]> {
    const bySource = new Map<string, DownloadItem[]>();
    for (const item of items) {
      const key = `${item.kind}:${item.size}:${item.compressed}`;
      const list = bySource.get(key);
      if (list) list.push(item);
      else bySource.set(key, [item]);
    }
    const found = new Map<string, { image: StoredImage; facts: ImageFacts | null }>();
    for (const [key, list] of bySource) {
      const { kind, size, compressed } = list[0]!;
      const stored = await this.deps.store.storedMany(
        kind,
        list.map((item) => item.id),
        size,
        compressed,
      );
      for (const [id, entry] of stored) found.set(`${key}:${id}`, entry);
    }
    return items.map((item) =>
      found.get(`${item.kind}:${item.size}:${item.compressed}:${item.id}`),
    );
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

  /**
   * The cap and the free space, checked once the image count is known and before any fetch: the
   * archive takes a copy of every image (cached ones at their size), and an image not yet cached
   * takes a second copy in the cache (at a typical size for its size).
   */
  private async tooBig(
    count: number,
    stored: Stored[][],
    request: WorkJobRequest,
  ): Promise<TaskNote | null> {
    if (count > this.deps.maxImages) return taskNotes.tooManyImages(count, this.deps.maxImages);
    let needed = 0;
    for (const group of stored)
      for (const known of group)
        needed += known ? known.image.bytes : TYPICAL_BYTES[request.size] * 2;
    const disk = await (this.deps.statfs ?? statfs)(this.deps.dir).catch(() => null);
    const free = disk ? disk.bavail * disk.bsize : Infinity;
    return needed > free ? taskNotes.diskFull(needed, free) : null;
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

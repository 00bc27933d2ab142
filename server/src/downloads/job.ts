import { statfs } from 'node:fs/promises';
import type { CatalogService, Directory } from '../catalog';
import {
  ArchiveLayout,
  FrameSieve,
  JobTags,
  noneSkipped,
  ReviewOverrides,
  tagColumns,
  type ImageTagger,
  type SelectionArchive,
} from '../datasets';
import type { ImageStore } from '../images';
import { UpstreamNotFoundError, type UrlBuilders } from '../upstream';
import { untilAborted } from './abort';
import { JobFrames } from './frames';
import { imagesGroup, workGroups, type Group } from './groups';
import type { DownloadItem } from './items';
import { JobImages, type Stored } from './job-images';
import { metadataCsv, metadataJsonl, metadataRow, type MetadataRow } from './metadata';
import { pauseFor, TaskStopped, TaskYielded } from './pause';
import type { JobOutcome, JobProgress } from './progress';
import { taskNotes, type TaskNote } from './reasons';
import type { DownloadRow } from './rows';
import { keepOrGive, UNCONTESTED, waitYielding, type Turn } from './turn';
import { filterOfTask, TYPICAL_BYTES, type WorkJobRequest } from './work';
import { writeZip, type ZipEntry } from './writer';

/** Progress is handed on at most this often, and at the end of each episode. */
const REPORT_EVERY_MS = 100;
const MIB = 1024 * 1024;

/**
 * One download task from start to archive: list a work's episodes (through the catalog's cached
 * listings), fetch every image (the cache answers most; the paced client the rest), leave out
 * near-duplicate frames, then write the ZIP from the cache. Throws `TaskPaused` when the source is
 * away, `TaskYielded` when its slot went to another user's task, and the signal's reason when
 * cancelled or stopping; images fetched so far stay cached, so the next run costs no request
 * for them.
 */
export class DownloadJob {
  private readonly images: JobImages;

  constructor(
    private readonly deps: {
      store: ImageStore;
      catalog: CatalogService;
      builders: UrlBuilders;
      /** Places a selection's images in their works (for the layouts and metadata). */
      directory: Directory;
      /** The admin's WD14 tagger; null: no tags (docs/datasets.md, "Tags"). */
      tagger: ImageTagger | null;
      retryIntervalMs: number;
      maxImages: number;
      /** Where archives go: its free space is checked before any task fetches. */
      dir: string;
      /** How the free space is read (`fs.statfs` unless given; tests give a full disk). */
      statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
    },
  ) {
    this.images = new JobImages(deps.store);
  }

  async run(
    task: DownloadRow,
    file: string,
    signal: AbortSignal,
    onProgress: (progress: JobProgress) => void,
    /** The task's slot: it may go to another user's task at a boundary or while the source is awaited. */
    turn: Turn = UNCONTESTED,
  ): Promise<JobOutcome> {
    const request = task.request ? (JSON.parse(task.request) as WorkJobRequest) : null;
    const filter = filterOfTask(task, request);
    const archive = task.archive ? (JSON.parse(task.archive) as SelectionArchive) : null;
    const metadata = request?.metadata ?? archive?.metadata ?? false;
    const groups = request
      ? workGroups(request)
      : [imagesGroup(JSON.parse(task.items) as DownloadItem[], task.entry_prefix)];
    const progress: JobProgress = {
      fileCount: groups.reduce((n, g) => n + g.items.length, 0),
      done: 0,
      failed: 0,
      skipped: 0,
      skippedReasons: filter ? noneSkipped() : null,
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
        await keepOrGive(turn);
        await this.list(request, group, failures, signal, turn);
        progress.fileCount += group.items.length;
        report(true);
      }
    }
    // What the cache holds, for every group at once: cached images cost no request, no `stat`,
    // and count once (in the archive) against the free space.
    const stored: Stored[][] = [];
    for (const group of groups)
      stored.push(await untilAborted(this.images.storedOf(group.items), signal));
    const tooBig = await this.tooBig(progress.fileCount, groups, stored, request);
    if (tooBig) return { status: 'failed', note: tooBig, progress };

    const needsFacts = filter !== null || metadata;
    // Frames kept so far in the scope, by hash: the first occurrence in episode order stays.
    const sieve = filter ? new FrameSieve<number>(filter) : null;
    const overrides = new ReviewOverrides(request);
    const entries: ZipEntry[] = [];
    const rows: MetadataRow[] = [];
    const layoutOptions = request?.layout ??
      archive?.layout ?? { export: 'plain', repeats: 1, name: '', trigger: '' };
    const layout = new ArchiveLayout(layoutOptions);
    // Each image is described (frames) unless a selection is plain; tagged when that shows.
    const frames = request || archive ? new JobFrames(request, this.deps) : null;
    const tagger = this.deps.tagger;
    const tags =
      tagger && frames && (layoutOptions.export !== 'plain' || metadata)
        ? new JobTags(tagger)
        : null;
    for (const [g, group] of groups.entries()) {
      sieve?.nextEpisode();
      await untilAborted(Promise.all([frames?.prepare(group), tags?.prepare(group.items)]), signal);
      const prepared = this.images.prepareInOrder(group.items, stored[g]!, needsFacts, signal);
      for (let i = 0; i < group.items.length; i++) {
        await keepOrGive(turn);
        const item = group.items[i]!;
        const mark = group.progress;
        const next = prepared.next(i);
        const fetched = next instanceof Promise ? await waitYielding(next, turn, signal) : next;
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
        // A frame that could not be measured is kept: nothing says it repeats or is bad.
        const dropped = overrides.apply(
          item.id,
          (facts && sieve?.consider(item.id, facts)) || null,
        );
        if (dropped) {
          progress.skipped++;
          if (dropped.reason && progress.skippedReasons) progress.skippedReasons[dropped.reason]++;
          if (mark) mark.skipped++;
          report();
          continue;
        }
        const frame = frames?.frameOf(group, item, i);
        const name = layout.imageName(group.folder, group.names[i]!);
        entries.push({
          name,
          file: fetched.image.file,
          bytes: fetched.image.bytes,
          refetch: () => this.images.fetch(item),
        });
        if (frame) {
          const tagged =
            tags && (await untilAborted(tags.of(item.kind, item.id, fetched.image.file), signal));
          const set = group.folder.split('/').at(-2) ?? task.entry_prefix;
          entries.push(...layout.beside(name, frame, set, tagged || null));
          if (metadata && facts)
            rows.push(metadataRow({ file: name, ...frame, ...tagColumns(tagged || null) }, facts));
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
    entries.push(...layout.closing());
    if (metadata) {
      entries.push({ name: 'metadata.csv', body: metadataCsv(rows, tags !== null) });
      entries.push({ name: 'metadata.jsonl', body: metadataJsonl(rows) });
    }
    progress.bytes = await writeZip({
      file,
      entries,
      signal,
      beforeRename: async () => {
        if (!(await turn.held())) throw new TaskStopped('lost');
      },
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

  /** Reads one episode's image list (cached listings cost nothing); pauses if the source is away. */
  private async list(
    request: WorkJobRequest,
    group: Group,
    failures: string[],
    signal: AbortSignal,
    turn: Turn,
  ): Promise<void> {
    const episode = group.episode!;
    try {
      const listing = await waitYielding(
        this.deps.catalog.episodeImages(episode.ref, 'smart'),
        turn,
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
      if (error instanceof TaskYielded) throw error;
      const paused = pauseFor(error, this.deps.retryIntervalMs);
      if (paused) throw paused;
      if (signal.aborted) throw error;
      group.progress!.total = 0;
      const why = error instanceof UpstreamNotFoundError ? '源站上没有这一集' : reason(error);
      failures.push(`episode ${episode.id}\t${request.work.kind}\t${request.size}\t${why}`);
    }
  }

  /**
   * Every task's one check before any fetch, once the image count is known: a whole-work job's
   * cap, and the free space. The archive takes a copy of every image (cached ones at their size),
   * and an image not yet cached takes a second copy in the cache (at a typical size for its size).
   */
  private async tooBig(
    count: number,
    groups: Group[],
    stored: Stored[][],
    request: WorkJobRequest | null,
  ): Promise<TaskNote | null> {
    if (request && count > this.deps.maxImages)
      return taskNotes.tooManyImages(count, this.deps.maxImages);
    let needed = 0;
    for (const [g, group] of groups.entries())
      for (const [i, item] of group.items.entries())
        needed += stored[g]![i]?.image.bytes ?? TYPICAL_BYTES[item.size] * 2;
    const disk = await (this.deps.statfs ?? statfs)(this.deps.dir).catch(() => null);
    const free = disk ? disk.bavail * disk.bsize : Infinity;
    return needed > free ? taskNotes.diskFull(needed, free) : null;
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

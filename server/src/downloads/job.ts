import { statfs } from 'node:fs/promises';
import type { CatalogService, Directory } from '../catalog';
import { DatasetBuild, type ImageTagger } from '../datasets';
import type { ImageFacts, ImageStore, StoredImage } from '../images';
import type { ObjectStore } from '../storage';
import { UpstreamNotFoundError, type UrlBuilders } from '../upstream';
import { untilAborted } from './abort';
import { JobFrames } from './frames';
import type { Group } from './groups';
import type { DownloadItem } from './items';
import { JobImages, type Stored } from './job-images';
import { LibraryWrite, type LibraryTarget } from './library-write';
import { pauseFor, TaskStopped, TaskYielded } from './pause';
import type { JobOutcome, JobProgress } from './progress';
import { taskNotes, type TaskNote } from './reasons';
import { TaskRun } from './task-run';
import type { TaskSpec } from './task-spec';
import { keepOrGive, UNCONTESTED, waitYielding, type Turn } from './turn';
import { TYPICAL_BYTES, type WorkTask } from './work';
import { writeZip, type ZipEntry } from './writer';

const MIB = 1024 * 1024;

/**
 * One download task from start to archive: list a work's episodes (through the catalog's cached
 * listings), check the size, fetch every image (the cache answers most; the paced client the
 * rest) and let the dataset build decide on it, then write the ZIP from the cache. Throws
 * `TaskPaused` when the source is away, `TaskYielded` when its slot went to another user's task,
 * and the signal's reason when cancelled or stopping; images fetched so far stay cached, so the
 * next run costs no request for them.
 */
export class DownloadJob {
  private readonly images: JobImages;

  constructor(
    private readonly deps: {
      store: ImageStore;
      /** Where archives are written (and the cached images read from). */
      storage: ObjectStore;
      catalog: CatalogService;
      builders: UrlBuilders;
      /** Places a selection's images in their works (for the layouts and metadata). */
      directory: Directory;
      /** The admin's WD14 tagger; null: no tags (docs/datasets.md, "Tags"). */
      tagger: ImageTagger | null;
      retryIntervalMs: number;
      maxImages: number;
      /** Where cached images go on this machine: its free space is checked before any task fetches. */
      dir: string;
      /** How the free space is read (`fs.statfs` unless given; tests give a full disk). */
      statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
    },
  ) {
    this.images = new JobImages(deps.store);
  }

  async run(
    spec: TaskSpec,
    place: TaskPlace,
    signal: AbortSignal,
    onProgress: (progress: JobProgress) => void,
    /** The task's slot: it may go to another user's task at a boundary or while the source is awaited. */
    turn: Turn = UNCONTESTED,
  ): Promise<JobOutcome> {
    const plain = spec.dataset.export === 'plain';
    const library =
      place.library && new LibraryWrite(place.library, this.deps.storage, plain, !spec.work);
    // A plain library folder describes each episode (metadata.jsonl) whether the ZIP does or not.
    const options = library && plain ? { ...spec.dataset, metadata: true } : spec.dataset;
    const build = new DatasetBuild(options, {
      title: spec.work?.work.title ?? spec.entryPrefix,
      keepIds: spec.work?.keepIds,
      dropIds: spec.work?.dropIds,
      tagger: this.deps.tagger,
    });
    const task = new TaskRun(spec, build.skippedReasons(), signal, turn, onProgress);
    const { progress, failures } = task;
    if (spec.work) await this.listEpisodes(task, spec.work);
    const stored = await this.cached(task);
    const tooBig = await this.tooBig(task, stored);
    if (tooBig) return { status: 'failed', note: tooBig, progress };
    const entries = await this.fetchAndConsider(task, build, stored);
    if (progress.done === 0) {
      const note = taskNotes.nothingFetched(failures[0]?.split('\t')[3]);
      return { status: 'failed', note, progress };
    }
    const closing = build.closing();
    const libraryPath =
      library && (await library.write(entries, closing, build.metadataRows(), signal));
    if (place.zip) {
      const asked = spec.dataset.metadata ? closing : closing.filter((c) => !isMetadata(c.name));
      await this.write(task, [...entries, ...task.failedList(), ...asked], place.zip);
    }
    const status = failures.length > 0 ? 'partial' : 'completed';
    return { status, progress, libraryPath: libraryPath || null };
  }

  /** Every episode's image list, in order: the task's images are known from here on. */
  private async listEpisodes(task: TaskRun, work: WorkTask): Promise<void> {
    for (const group of task.groups) {
      await keepOrGive(task.turn);
      await this.list(task, work, group);
      task.progress.fileCount += group.items.length;
      task.report(true);
    }
  }

  /**
   * What the cache holds, for every group at once: cached images cost no request, no `stat`, and
   * count once (in the archive) against the free space.
   */
  private async cached(task: TaskRun): Promise<Stored[][]> {
    const stored: Stored[][] = [];
    for (const group of task.groups)
      stored.push(await untilAborted(this.images.storedOf(group.items), task.signal));
    return stored;
  }

  /** Each group's images fetched in order, each considered by the build: the entries it keeps. */
  private async fetchAndConsider(
    task: TaskRun,
    build: DatasetBuild,
    stored: Stored[][],
  ): Promise<ZipEntry[]> {
    const { signal, turn } = task;
    // Each image is described (its work, episode and source) when the layout or metadata tell it.
    const frames = build.describes ? new JobFrames(task.spec.work, this.deps) : null;
    const entries: ZipEntry[] = [];
    for (const [g, group] of task.groups.entries()) {
      const place = task.placeOf(group);
      await untilAborted(Promise.all([frames?.prepare(group), build.episode(place)]), signal);
      const prepared = this.images.prepareInOrder(
        group.items,
        stored[g]!,
        build.needsFacts,
        signal,
      );
      for (let i = 0; i < group.items.length; i++) {
        await keepOrGive(turn);
        const next = prepared.next(i);
        const fetched = next instanceof Promise ? await waitYielding(next, turn, signal) : next;
        if ('error' in fetched) this.failed(task, group, group.items[i]!, fetched.error);
        else entries.push(...(await this.consider(task, build, frames, { group, i, ...fetched })));
      }
      task.groupDone();
    }
    return entries;
  }

  /** One fetched frame through the build: left out and counted, or its image and what goes beside it. */
  private async consider(
    task: TaskRun,
    build: DatasetBuild,
    frames: JobFrames | null,
    { group, i, image, facts }: Fetched,
  ): Promise<ZipEntry[]> {
    const item = group.items[i]!;
    const frame = {
      kind: item.kind,
      id: item.id,
      file: group.names[i]!,
      picture: () => this.readPicture(item, image),
      record: frames?.frameOf(group, item, i) ?? null,
    };
    const considered = await untilAborted(build.consider(frame, facts), task.signal);
    if ('dropped' in considered) {
      task.imageSkipped(group, considered.dropped);
      return [];
    }
    task.imageDone(group);
    const refetch = () => this.images.fetch(item);
    return [
      { name: considered.name, key: image.key, bytes: image.bytes, refetch },
      ...considered.beside,
    ];
  }

  /** An image that could not be fetched: the task pauses while the source is away, else lists it. */
  private failed(task: TaskRun, group: Group, item: DownloadItem, error: unknown): void {
    const paused = pauseFor(error, this.deps.retryIntervalMs, 'images');
    if (paused) throw paused;
    task.imageFailed(group, `${item.id}\t${item.kind}\t${item.size}\t${reason(error)}`);
  }

  /** A kept frame's bytes, for the tagger (fetched again if the cache lost it meanwhile). */
  private async readPicture(item: DownloadItem, image: StoredImage): Promise<Buffer> {
    const { store } = this.deps;
    const body = (await store.read(image)) ?? (await store.read(await this.images.fetch(item)));
    if (!body) throw new Error(`image ${item.id} is no longer in the cache`);
    return body;
  }

  /** The archive, put in place only while the task is still this process's. */
  private async write(task: TaskRun, entries: ZipEntry[], key: string): Promise<void> {
    const { progress, turn } = task;
    const { storage } = this.deps;
    progress.bytes = await writeZip({
      output: await storage.writer(key, { signal: task.signal }),
      store: storage,
      entries,
      signal: task.signal,
      beforeCommit: async () => {
        if (!(await turn.held())) throw new TaskStopped('lost');
      },
      onBytes: (bytes) => {
        // The writer tells every piece it writes: hand on once per mebibyte.
        if (Math.floor(bytes / MIB) === Math.floor(progress.bytes / MIB)) return;
        progress.bytes = bytes;
        task.report();
      },
    });
    task.report(true);
  }

  /** Reads one episode's image list (cached listings cost nothing); pauses if the source is away. */
  private async list(task: TaskRun, work: WorkTask, group: Group): Promise<void> {
    const { signal, turn } = task;
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
        size: work.size,
        compressed: false,
      }));
      group.names = group.items.map((item) => `${item.id}.jpg`);
      group.progress!.total = group.items.length;
    } catch (error) {
      if (error instanceof TaskYielded) throw error;
      const paused = pauseFor(error, this.deps.retryIntervalMs, 'pages');
      if (paused) throw paused;
      if (signal.aborted) throw error;
      group.progress!.total = 0;
      const why = error instanceof UpstreamNotFoundError ? '源站上没有这一集' : reason(error);
      task.failures.push(`episode ${episode.id}\t${work.work.kind}\t${work.size}\t${why}`);
    }
  }

  /**
   * Every task's one check before any fetch, once the image count is known: a whole-work job's
   * cap, and the free space. The archive takes a copy of every image (cached ones at their size),
   * and an image not yet cached takes a second copy in the cache (at a typical size for its size).
   */
  private async tooBig(task: TaskRun, stored: Stored[][]): Promise<TaskNote | null> {
    const count = task.progress.fileCount;
    if (task.spec.work && count > this.deps.maxImages)
      return taskNotes.tooManyImages(count, this.deps.maxImages);
    let needed = 0;
    for (const [g, group] of task.groups.entries())
      for (const [i, item] of group.items.entries())
        needed += stored[g]![i]?.image.bytes ?? TYPICAL_BYTES[item.size] * 2;
    // In a bucket, archives and images take no room on this machine.
    if (this.deps.storage.kind !== 'local') return null;
    const disk = await (this.deps.statfs ?? statfs)(this.deps.dir).catch(() => null);
    const free = disk ? disk.bavail * disk.bsize : Infinity;
    return needed > free ? taskNotes.diskFull(needed, free) : null;
  }
}

/** Where a task's result goes: its ZIP's key (null: none), its owner's library folder (null: none). */
export interface TaskPlace {
  zip: string | null;
  library: LibraryTarget | null;
}

/** capshelf's own metadata files, which a ZIP holds only when asked. */
function isMetadata(name: string): boolean {
  return name === 'metadata.csv' || name === 'metadata.jsonl';
}

/** A fetched image of a group, with its facts when the build needs them. */
interface Fetched {
  group: Group;
  i: number;
  image: StoredImage;
  facts: ImageFacts | null;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

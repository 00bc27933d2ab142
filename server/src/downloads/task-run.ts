import type { SkippedReasons } from '@capshelf/contract';
import type { ArchiveText, DropReason, EpisodePlace } from '../datasets';
import { imagesGroup, workGroups, type Group } from './groups';
import type { JobProgress } from './progress';
import type { TaskSpec } from './task-spec';
import type { Turn } from './turn';

/** Progress is handed on at most this often, and at the end of each episode. */
const REPORT_EVERY_MS = 100;

/**
 * One run of a task: its groups (the selection, or the work's episodes), how far it has come and
 * what could not be fetched. The progress is the run's own object, updated in place and handed on
 * as it changes: the runner reads it when it writes it down.
 */
export class TaskRun {
  readonly groups: Group[];
  readonly progress: JobProgress;
  /** One tab-separated line per image (or episode) that could not be fetched: `failed.txt`. */
  readonly failures: string[] = [];
  private reported = 0;

  constructor(
    readonly spec: TaskSpec,
    /** A fresh count per reason, or null when the task filters nothing. */
    skippedReasons: SkippedReasons | null,
    readonly signal: AbortSignal,
    /** The task's slot: it may go to another user's task at a boundary or while the source is awaited. */
    readonly turn: Turn,
    private readonly onProgress: (progress: JobProgress) => void,
  ) {
    const work = spec.work !== null;
    this.groups = spec.work ? workGroups(spec.work) : [imagesGroup(spec.items, spec.entryPrefix)];
    this.progress = {
      fileCount: this.groups.reduce((n, g) => n + g.items.length, 0),
      done: 0,
      failed: 0,
      skipped: 0,
      skippedReasons,
      bytes: 0,
      episodesTotal: work ? this.groups.length : null,
      episodesDone: work ? 0 : null,
      episodes: work ? this.groups.map((g) => g.progress!) : null,
    };
  }

  report(force = false): void {
    const now = Date.now();
    if (!force && now - this.reported < REPORT_EVERY_MS) return;
    this.reported = now;
    this.onProgress(this.progress);
  }

  imageDone(group: Group): void {
    this.progress.done++;
    if (group.progress) group.progress.done++;
    this.report();
  }

  /** A frame left out; `reason` null: the user dropped it, counted under no reason. */
  imageSkipped(group: Group, reason: DropReason | null): void {
    const { progress } = this;
    progress.skipped++;
    if (reason && progress.skippedReasons) progress.skippedReasons[reason]++;
    if (group.progress) group.progress.skipped++;
    this.report();
  }

  imageFailed(group: Group, line: string): void {
    this.failures.push(line);
    this.progress.failed++;
    if (group.progress) group.progress.failed++;
    this.report();
  }

  /** Where a group's frames go: its folder, and waifuc's group (the episode's folder, or the selection). */
  placeOf(group: Group): EpisodePlace {
    const name = group.folder.split('/').at(-2) ?? this.spec.entryPrefix;
    return { folder: group.folder, group: name, images: group.items };
  }

  /** `failed.txt`, when images could not be fetched. */
  failedList(): ArchiveText[] {
    if (this.failures.length === 0) return [];
    const text = `以下图片未能下载 / These images could not be downloaded (id, kind, size, reason):\n${this.failures.join('\n')}\n`;
    return [{ name: 'failed.txt', body: Buffer.from(text, 'utf8') }];
  }

  groupDone(): void {
    if (this.progress.episodesDone !== null) this.progress.episodesDone++;
    this.report(true);
  }
}

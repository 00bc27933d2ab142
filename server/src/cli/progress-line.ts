import { humanSize } from '@capshelf/contract/format';
import type { MigrationCounts, MigrationProgress } from '../storage/migrate';

/** A terminal takes a redraw often; a log (a pipe, a file) a line now and then. */
const REDRAW_MS = 100;
const LOG_EVERY_MS = 5_000;

const number = (n: number) => n.toLocaleString('en-US');

/** `12,345 copied · 3,210 already there · 0 failed · 4.20 GB` (a dry run: `to copy`). */
export function describeCounts(counts: MigrationCounts, dryRun: boolean): string {
  const parts = [
    `${number(counts.copied)} ${dryRun ? 'to copy' : 'copied'}`,
    `${number(counts.skipped)} already there`,
    `${number(counts.failed)} failed`,
  ];
  if (counts.gone > 0) parts.push(`${number(counts.gone)} gone from the source meanwhile`);
  return [...parts, humanSize(counts.bytes)].join(' · ');
}

/**
 * One line per prefix with its counts: on a terminal it rewrites itself in place, elsewhere it is
 * printed every few seconds; a prefix's last counts always end up on a line of their own.
 */
export class ProgressLine {
  private last: MigrationProgress | null = null;
  private shownAt = 0;
  /** What a log got last: the final line of a prefix is not printed twice. */
  private logged = '';

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly dryRun: boolean,
  ) {}

  readonly update = (progress: MigrationProgress): void => {
    if (this.last && this.last.prefix !== progress.prefix) this.end();
    this.last = progress;
    const now = Date.now();
    if (now - this.shownAt < (this.out.isTTY ? REDRAW_MS : LOG_EVERY_MS)) return;
    this.shownAt = now;
    this.show(progress, false);
  };

  /** Prints the current prefix's last counts for good. */
  end(): void {
    if (this.last) this.show(this.last, true);
    this.last = null;
  }

  private show(progress: MigrationProgress, final: boolean): void {
    const line = `${progress.prefix} ${describeCounts(progress, this.dryRun)}`;
    if (this.out.isTTY) this.out.write(`\r${line}\x1b[K${final ? '\n' : ''}`);
    else if (line !== this.logged) this.out.write(`${line}\n`);
    this.logged = line;
  }
}

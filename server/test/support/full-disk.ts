import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { vi } from 'vitest';

/** Statements that need room on the disk (no migration runs while the disk is full). */
const WRITE = /^\s*(insert|update|delete|replace)\b/i;
/** Before `fill`: more room than anything here will take. */
const ROOMY = 1e12;

/** Bytes of every file under a folder (the image cache's files and temporaries). */
function bytesUnder(dir: string): number {
  let bytes = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/**
 * A disk the image cache fills to the last byte: `statfs` reports what is left, and while nothing
 * is left every database write fails as on a full disk (SQLITE_FULL; Postgres' disk_full, 53100).
 * Files the app deletes give their room back, so the database takes writes again once eviction
 * (or a clearing) has freed some. `install` patches SQLite's statements and pg's client for the
 * test file (vitest isolates files); `fill` takes the room that is left.
 */
export class FullDisk {
  private capacity = ROOMY;

  constructor(private readonly imagesDir: string) {}

  /** From now on the disk holds what the image cache holds now, and not a byte more. */
  fill(): void {
    this.capacity = bytesUnder(this.imagesDir);
  }

  free(): number {
    return Math.max(0, this.capacity - bytesUnder(this.imagesDir));
  }

  readonly statfs = () =>
    Promise.resolve({ bavail: this.free(), bsize: 1, blocks: Math.min(this.capacity, ROOMY) });

  /** Whether a statement must fail now for lack of room. */
  refuses(sql: string | undefined): boolean {
    return sql !== undefined && WRITE.test(sql) && this.capacity < ROOMY && this.free() === 0;
  }

  install(): void {
    const refuses = (sql: string | undefined) => this.refuses(sql);
    const probe = new SQLite(':memory:');
    const statement = Object.getPrototypeOf(probe.prepare('select 1')) as SQLite.Statement;
    probe.close();
    for (const method of ['run', 'all'] as const) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      vi.spyOn(statement, method).mockImplementation(function (
        this: SQLite.Statement,
        ...args: unknown[]
      ) {
        if (refuses(this.source)) {
          throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        }
        return original.apply(this, args);
      } as never);
    }
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
      if (refuses(text)) {
        const error = new Error('could not extend file: No space left on device');
        return Promise.reject(Object.assign(error, { code: '53100' }));
      }
      return query.apply(this, args);
    } as never);
  }
}

import path from 'node:path/posix';
import type { ArchiveText, MetadataRow } from '../datasets';
import { safeRelativePath, type LibraryEntry, type LibraryFolder } from '../library-folder';
import type { ObjectStore } from '../storage';
import type { ZipEntry, ZipFileEntry } from './writer';

/** Where a task writes in its owner's folder under `LIBRARY_DIR` (docs/library-folder.md). */
export interface LibraryTarget {
  folder: LibraryFolder;
  username: string;
  /** The task's name without its tag (`Drill_original_kohya`): a dataset's folder, a selection's. */
  name: string;
}

/**
 * A task's images written into its owner's library folder: the plain layout as
 * `<work>/<episode>/<image id>.jpg` with one `metadata.jsonl` per episode folder (a selection in a
 * folder named after it), any other layout as its archive's tree under `datasets/<name>/`. A file
 * already there is never written again; the metadata lines of a second run join the first's.
 */
export class LibraryWrite {
  constructor(
    private readonly target: LibraryTarget,
    /** Where the cached images are read from. */
    private readonly store: ObjectStore,
    private readonly plain: boolean,
    private readonly selection: boolean,
  ) {}

  /** Where the task's files go, relative to the owner's folder (the tray shows it). */
  get root(): string {
    return this.plain ? (this.selection ? this.target.name : '') : `datasets/${this.target.name}`;
  }

  /** A cached image: copied from its local file, or read from the bucket when its turn comes. */
  private copyOf(entry: ZipFileEntry): LibraryEntry {
    const { store } = this;
    const target = this.place(entry.name);
    const file = store.localPath(entry.key);
    if (file) return { path: target, file, bytes: entry.bytes };
    const read = async () => {
      const again = async () => store.get((await entry.refetch?.())?.key ?? entry.key);
      const body = (await store.get(entry.key)) ?? (await again());
      if (!body) throw new Error(`${entry.key} is no longer in the store`);
      return body;
    };
    return { path: target, read };
  }

  /**
   * Writes the kept frames (`entries`: the archive's, without its failed list) and, for the plain
   * layout, each episode's metadata. Answers the task's place: its dataset or selection folder, or
   * the work's folder.
   */
  async write(
    entries: ZipEntry[],
    closing: ArchiveText[],
    rows: readonly MetadataRow[],
    signal: AbortSignal,
  ): Promise<string> {
    const { folder, username } = this.target;
    const files: LibraryEntry[] = entries.map((e) =>
      'body' in e ? { path: this.place(e.name), body: e.body } : this.copyOf(e),
    );
    if (this.plain) files.push(...(await this.episodeMetadata(rows)));
    // A dataset's closing files (its card, its lists) describe the whole tree: written anew.
    else
      files.push(
        ...closing.map((c) => ({ path: this.place(c.name), body: c.body, replace: true })),
      );
    await folder.write(username, files, signal);
    // The folder as it is named on disk: a work's folder, else the task's own.
    const place = this.root || (entries[0]?.name.split('/')[0] ?? '');
    return safeRelativePath(place).join('/');
  }

  private place(name: string): string {
    return this.root ? `${this.root}/${name}` : name;
  }

  /** One `metadata.jsonl` per episode folder, its `file_name` the image's own name, joined with the lines already there. */
  private async episodeMetadata(rows: readonly MetadataRow[]): Promise<LibraryEntry[]> {
    const byFolder = new Map<string, MetadataRow[]>();
    for (const row of rows) {
      const dir = this.place(path.dirname(row.file_name));
      const own = { ...row, file_name: path.basename(row.file_name) };
      byFolder.set(dir, [...(byFolder.get(dir) ?? []), own]);
    }
    const written: LibraryEntry[] = [];
    for (const [dir, folderRows] of byFolder) {
      const file = dir === '.' ? 'metadata.jsonl' : `${dir}/metadata.jsonl`;
      const before = await this.target.folder.readText(this.target.username, file);
      written.push({ path: file, body: joinedLines(before, folderRows), replace: true });
    }
    return written;
  }
}

/**
 * The lines already in a metadata.jsonl, then this run's rows for files it did not list yet. A
 * line written before the key was `file_name` (it was `file`) is renamed, so every row has one key.
 */
function joinedLines(before: string | null, rows: MetadataRow[]): Buffer {
  const lines = (before ?? '').split('\n').filter((line) => line.trim() !== '');
  const kept = lines.map(renamedLine);
  const listed = new Set(kept.map((line) => line.file));
  const joined = kept.map((line) => line.text);
  for (const row of rows) if (!listed.has(row.file_name)) joined.push(JSON.stringify(row));
  return Buffer.from(joined.map((line) => `${line}\n`).join(''), 'utf8');
}

function renamedLine(line: string): { text: string; file: string | null } {
  try {
    const { file, ...rest } = JSON.parse(line) as Record<string, unknown>;
    if (typeof rest.file_name === 'string') return { text: line, file: rest.file_name };
    if (typeof file !== 'string') return { text: line, file: null };
    return { text: JSON.stringify({ file_name: file, ...rest }), file };
  } catch {
    return { text: line, file: null };
  }
}

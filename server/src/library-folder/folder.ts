import { createHash, randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import {
  copyFile,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { numberedSegment, safeRelativePath, safeSegment, taggedSegment } from './safe-names';

/**
 * A file to put in a user's folder, at `path` (relative, `/`-separated, made of untrusted
 * titles: every segment is made safe here). `file`: an existing file to copy (a cached image),
 * with its size when the caller knows it (the image cache records it), which saves a look at
 * each copy; `read`: bytes fetched when the entry's turn comes (an image in a bucket); `body`:
 * bytes in hand (a metadata.jsonl), which `replace` lets rewrite a file.
 */
export type LibraryEntry =
  | { path: string; file: string; bytes?: number }
  | { path: string; read: () => Promise<Buffer> }
  | { path: string; body: Buffer; replace?: boolean };

/** What one `write` did: files put in place, entries left alone (already there), bytes written. */
export interface LibraryWriteResult {
  written: number;
  skipped: number;
  bytes: number;
}

export interface LibraryFolderOptions {
  root: string;
  /** Files copied at once (default 8): enough to keep libuv's four threads and the disk busy. */
  concurrency?: number;
}

/** How long a user's usage figure is trusted: walking thousands of files per request is not. */
const USAGE_TTL_MS = 60_000;

/** The tag a user folder name gets when its name had to change (see `userSegment`). */
const TAGGED = /~[0-9a-f]{16}$/u;

/**
 * The library folder (`LIBRARY_DIR`): one folder per user, files written whole or not at all
 * (through a temporary name and a rename), existing files never rewritten unless asked.
 */
export class LibraryFolder {
  readonly root: string;
  private readonly concurrency: number;
  private readonly usages = new Map<string, { at: number; bytes: Promise<number> }>();

  constructor(options: LibraryFolderOptions) {
    this.root = path.resolve(options.root);
    this.concurrency = Math.max(1, options.concurrency ?? 8);
  }

  userDir(username: string): string {
    return path.join(this.root, userSegment(username));
  }

  /** The absolute file `relativePath` names in the user's folder, every segment made safe. */
  resolve(username: string, relativePath: string): string {
    return inside(this.userDir(username), safeRelativePath(relativePath));
  }

  /**
   * Puts the entries in the user's folder, up to `concurrency` at once. An entry whose file
   * exists is skipped (an earlier run wrote it), unless `replace`. Two entries whose paths are
   * made safe into one file: the later is numbered ` (2)`, ` (3)`… in entry order. On abort or
   * error no new file starts, those in progress finish or are removed, and no temporary file is
   * left; files already in place stay (each is whole, and a rerun skips them).
   */
  async write(
    username: string,
    entries: readonly LibraryEntry[],
    signal?: AbortSignal,
  ): Promise<LibraryWriteResult> {
    signal?.throwIfAborted();
    const home = this.userDir(username);
    const { jobs, duplicates } = plan(home, entries);
    const run = new WriteRun(home, signal);
    try {
      await eachAtMost(this.concurrency, jobs, (job) => run.put(job));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw error;
    } finally {
      this.forget(username);
    }
    return { written: run.written, skipped: run.skipped + duplicates, bytes: run.bytes };
  }

  /** Bytes of the regular files in the user's folder (links not followed), kept for 60 s. */
  usage(username: string): Promise<number> {
    const home = this.userDir(username);
    const known = this.usages.get(home);
    if (known && Date.now() - known.at < USAGE_TTL_MS) return known.bytes;
    const bytes = bytesUnder(home);
    const entry = { at: Date.now(), bytes };
    this.usages.set(home, entry);
    // A failed walk is not remembered; a `forget` meanwhile keeps this figure from being kept.
    bytes.catch(() => {
      if (this.usages.get(home) === entry) this.usages.delete(home);
    });
    return bytes;
  }

  forget(username: string): void {
    this.usages.delete(this.userDir(username));
  }

  /**
   * A text file of the user's folder (a metadata.jsonl to merge rows into), null when absent.
   * Neither the file nor a folder on its way may be a link out of the user's folder: what is
   * read here is written back where the user can read it.
   */
  async readText(username: string, relativePath: string): Promise<string | null> {
    const home = this.userDir(username);
    const file = inside(home, safeRelativePath(relativePath));
    try {
      const [realHome, realDir] = await Promise.all([realpath(home), realpath(path.dirname(file))]);
      if (!isWithin(realHome, realDir)) throw new Error(`${file} leads out of the user's folder`);
      const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

/**
 * The user's folder name: the user name when it is already a safe name, else the safe name with
 * a tag of the original (`a:b` → `ab~…`), so two users never share a folder because their names
 * differ only in what was removed or cut (`a:b` and `ab`, `..` and `user`). A user whose name
 * itself ends like a tag is tagged too, so no one can choose a name that is another's folder.
 */
function userSegment(username: string): string {
  const safe = safeSegment(username, 'user');
  if (safe === username && !TAGGED.test(username)) return safe;
  const tag = createHash('sha256').update(username, 'utf8').digest('hex').slice(0, 16);
  return taggedSegment(safe, tag);
}

/** `home` joined with safe segments, asserted to stay inside it (they cannot leave it: belt). */
function inside(home: string, segments: string[]): string {
  const file = path.join(home, ...segments);
  if (!isWithin(home, file) || file === home) throw new Error(`${file} is outside ${home}`);
  return file;
}

function isWithin(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..';
}

interface Job {
  entry: LibraryEntry;
  target: string;
}

/**
 * Each entry's target, numbered when an earlier entry of a different path took it, or when it
 * names a folder another entry needs (titles `..` and `../x` both start with `_`); an entry
 * repeating an earlier one's path is a duplicate (its file is the first's). Names are compared
 * case-folded: on Windows and macOS `A.jpg` and `a.jpg` are one file.
 */
function plan(home: string, entries: readonly LibraryEntry[]) {
  const places = entries.map(placer(home));
  const folders = new Set(places.flatMap((place) => foldersOf(place.folder)));
  const owners = new Map<string, string>();
  const jobs: Job[] = [];
  let duplicates = 0;
  for (const [i, entry] of entries.entries()) {
    const { folder, dir, name: safe, original } = places[i]!;
    const taken = (key: string) => folders.has(key) || (owners.get(key) ?? original) !== original;
    const name = freeName(folder, safe, taken);
    const key = keyOf([...folder, name]);
    if (owners.has(key)) {
      duplicates++;
      continue;
    }
    owners.set(key, original);
    // A safe name holds no separator and is no dot name: it cannot leave `dir`.
    jobs.push({ entry, target: `${dir}${path.sep}${name}` });
  }
  return { jobs, duplicates };
}

/**
 * Where each entry goes: its folder's safe segments and absolute path, worked out (and checked)
 * once per folder, since thousands of images share a few folders; its safe name.
 */
function placer(home: string) {
  const folders = new Map<string, { folder: string[]; dir: string }>();
  return (entry: LibraryEntry) => {
    const original = entry.path.split(/[/\\]/).join('/');
    const slash = original.lastIndexOf('/');
    const raw = original.slice(0, Math.max(slash, 0));
    let known = folders.get(raw);
    if (!known) {
      const folder = slash < 0 ? [] : safeRelativePath(raw);
      known = { folder, dir: folder.length === 0 ? home : inside(home, folder) };
      folders.set(raw, known);
    }
    return { ...known, name: safeSegment(original.slice(slash + 1), '_'), original };
  };
}

/** The file's name, or the first of ` (2)`, ` (3)`… that `taken` does not refuse. */
function freeName(folder: string[], name: string, taken: (key: string) => boolean): string {
  let candidate = name;
  for (let n = 2; taken(keyOf([...folder, candidate])); n++) candidate = numberedSegment(name, n);
  return candidate;
}

/** The keys of a folder and those above it (`a/b`: `a`, `a/b`). */
function foldersOf(folder: string[]): string[] {
  return folder.map((_, i) => keyOf(folder.slice(0, i + 1)));
}

const keyOf = (segments: string[]) => segments.join('/').toLowerCase();

/** Runs `each` on the items, at most `limit` at once; after a failure starts no more. */
async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await each(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

/** The state of one `write`: its counts, and the folders it has made or listed (each once). */
class WriteRun {
  written = 0;
  skipped = 0;
  bytes = 0;
  /** Each folder's names, case-folded, as they were when this write first came to it. */
  private readonly folders = new Map<string, Promise<Set<string>>>();

  constructor(
    private readonly home: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async put({ entry, target }: Job): Promise<void> {
    this.signal?.throwIfAborted();
    const dir = path.dirname(target);
    const present = await this.folder(dir);
    const replace = 'body' in entry && entry.replace === true;
    // One listing per folder rather than a look per file: on a rerun, where every file is
    // there, the looks cost more than the rest of the write. Case-folded: where `A.jpg` is,
    // `a.jpg` is the same file on Windows and macOS, and never rewriting is the safe side.
    if (!replace && present.has(folded(path.basename(target)))) {
      this.skipped++;
      return;
    }
    // The abort may have come while the folder was made or listed.
    this.signal?.throwIfAborted();
    // Beside its target, so the rename stays on one file system; hidden, so a half-written file
    // is never taken for an image; random, so two writers never share one.
    const temporary = path.join(
      dir,
      `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`,
    );
    try {
      const bytes = await fill(temporary, entry);
      this.signal?.throwIfAborted();
      await rename(temporary, target);
      this.written++;
      this.bytes += bytes;
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /** Makes or lists `dir` once per write, and every folder above it up to the user's own. */
  private folder(dir: string): Promise<Set<string>> {
    let names = this.folders.get(dir);
    if (!names) {
      names = dir === this.home ? this.makeHome() : this.make(dir);
      this.folders.set(dir, names);
    }
    return names;
  }

  /** The user's folder, and the root above it; it may be a link (an administrator's disk). */
  private async makeHome(): Promise<Set<string>> {
    const created = await mkdir(this.home, { recursive: true });
    return created === undefined ? namesIn(this.home) : new Set();
  }

  /**
   * One level, after its parent. Made level by level rather than `recursive`, so a link placed
   * inside the user's folder (`work` → `/etc`) is refused before anything is made through it.
   */
  private async make(dir: string): Promise<Set<string>> {
    await this.folder(path.dirname(dir));
    try {
      await mkdir(dir);
      return new Set();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!(await lstat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
    return namesIn(dir);
  }
}

async function namesIn(dir: string): Promise<Set<string>> {
  return new Set((await readdir(dir)).map(folded));
}

const folded = (name: string) => name.normalize('NFC').toLowerCase();

/** Writes the entry's bytes to `temporary` (which must not exist yet); returns how many. */
async function fill(temporary: string, entry: LibraryEntry): Promise<number> {
  if (!('file' in entry)) {
    const body = 'body' in entry ? entry.body : await entry.read();
    await writeFile(temporary, body, { flag: 'wx' });
    return body.length;
  }
  // A reflink where the file system has them (Btrfs, XFS, APFS): no bytes copied at all.
  await copyFile(entry.file, temporary, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
  return entry.bytes ?? (await lstat(temporary)).size;
}

/** Bytes of the regular files under `dir`; links, sockets and devices count nothing. */
async function bytesUnder(dir: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  // Dirent types come from the directory itself (or an lstat), never from a link's target.
  const files = entries.filter((entry) => entry.isFile());
  const sizes = await Promise.all(files.map((entry) => fileBytes(path.join(dir, entry.name))));
  let total = sizes.reduce((sum, bytes) => sum + bytes, 0);
  for (const entry of entries)
    if (entry.isDirectory()) total += await bytesUnder(path.join(dir, entry.name));
  return total;
}

/** A file's size, 0 when it went between listing and looking. */
async function fileBytes(file: string): Promise<number> {
  try {
    const info = await lstat(file);
    return info.isFile() ? info.size : 0;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

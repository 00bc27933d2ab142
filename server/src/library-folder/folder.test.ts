import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryFolder, type LibraryEntry } from './index';

// Made when the tests run, not when the module loads (`vitest list` loads it too).
let dir: string;
let cache: string;
let roots = 0;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-library-folder-'));
  cache = path.join(dir, 'cache');
  mkdirSync(cache);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh library root of its own, inside a folder holding nothing else (to see escapes). */
function freshLibrary(concurrency?: number) {
  const base = path.join(dir, `case-${++roots}`);
  const root = path.join(base, 'library');
  mkdirSync(root, { recursive: true });
  return { base, root, library: new LibraryFolder({ root, concurrency }) };
}

/** A cached image of `bytes` bytes, each different, as the image cache would hold it. */
function cached(name: string, bytes = 1000): string {
  const file = path.join(cache, name);
  const body = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) body[i] = (i * 31 + name.length * 7) % 256;
  writeFileSync(file, body);
  return file;
}

/** Every file and link under `root` (hidden ones included), relative, `/`-separated. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

const temporaries = (root: string) => filesUnder(root).filter((file) => file.endsWith('.tmp'));

/** The platforms' rules for a name (see safe-names.test.ts), restated, not imported. */
function validName(name: string): boolean {
  return (
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    // eslint-disable-next-line no-control-regex -- looking for control characters
    !/[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u061c]/.test(
      name,
    ) &&
    !/[ .]$|^ /.test(name) &&
    !/^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])( *\.|$)/i.test(name) &&
    name.normalize('NFC') === name &&
    Buffer.byteLength(name) <= 120
  );
}

const HOSTILE = [
  '../../etc/passwd',
  '..',
  '.',
  'CON',
  'con.txt',
  'LPT1',
  'NUL.jpg',
  '\u202Egpj.exe',
  'zero\u200Bwidth\u200D\uFEFF',
  'control\u0000\u0007\u001B\u009B',
  '进击的巨人'.repeat(60),
  'trailing dot.',
  'trailing space ',
  'a:b*c?',
];

describe('LibraryFolder.write', () => {
  it('keeps hostile names inside the user folder, each segment a valid name', async () => {
    const { base, root, library } = freshLibrary();
    const image = cached('hostile.jpg');
    const entries: LibraryEntry[] = HOSTILE.flatMap((title, i) => [
      { path: `${title}/${title}/${i}.jpg`, file: image },
      { path: `${title}/${title}/metadata.jsonl`, body: Buffer.from(`{"id":${i}}\n`) },
      { path: `works/${title}`, body: Buffer.from(`${i}`) },
    ]);
    const result = await library.write('alice', entries);
    expect(result).toMatchObject({ written: entries.length, skipped: 0 });
    expect(readdirSync(base)).toEqual(['library']);
    expect(readdirSync(root)).toEqual(['alice']);
    const home = library.userDir('alice');
    const files = filesUnder(home);
    expect(files).toHaveLength(entries.length);
    for (const file of files)
      for (const segment of file.split('/')) expect(validName(segment)).toBe(true);
    for (const entry of entries) {
      const target = library.resolve('alice', entry.path);
      expect(path.relative(home, target).startsWith('..')).toBe(false);
    }
    expect(files).toEqual(expect.arrayContaining(['CON_/CON_/3.jpg', 'works/con_.txt']));
    expect(files).toEqual(expect.arrayContaining(['_/_/etc/passwd/_/_/etc/passwd/0.jpg']));
    expect(files).toEqual(expect.arrayContaining(['_/_/1.jpg', '_/_/2.jpg', 'works/gpj.exe']));
    // `works/..` and `works/.` would be the folder `works/_` that `works/../../etc/passwd` needs.
    expect(files).toEqual(expect.arrayContaining(['works/_ (2)', 'works/_ (3)']));
  });

  it('writes nothing on a second run of the same entries, leaving every file as it was', async () => {
    const { root, library } = freshLibrary();
    const entries: LibraryEntry[] = Array.from({ length: 40 }, (_, i) => ({
      path: `Work/Episode ${i % 4}/${i}.jpg`,
      file: cached(`same-${i}.jpg`, 500 + i),
    }));
    entries.push({ path: 'Work/Episode 0/metadata.jsonl', body: Buffer.from('{"id":0}\n') });
    const first = await library.write('alice', entries);
    expect(first).toEqual({
      written: 41,
      skipped: 0,
      bytes: entries.reduce((sum, _, i) => sum + (i < 40 ? 500 + i : 9), 0),
    });
    // Back-dated, so a rewrite would show whatever the file system's time resolution.
    const past = new Date('2020-01-01T00:00:00Z');
    const home = library.userDir('alice');
    for (const file of filesUnder(home)) utimesSync(path.join(home, file), past, past);
    const again = await library.write('alice', entries);
    expect(again).toEqual({ written: 0, skipped: 41, bytes: 0 });
    for (const file of filesUnder(home))
      expect(lstatSync(path.join(home, file)).mtimeMs).toBe(past.getTime());
    expect(temporaries(root)).toEqual([]);
  });

  it('rewrites an entry marked replace, and only that one', async () => {
    const { root, library } = freshLibrary();
    const image = cached('replace.jpg');
    await library.write('alice', [
      { path: 'w/e/1.jpg', file: image },
      { path: 'w/e/metadata.jsonl', body: Buffer.from('{"id":1}\n') },
    ]);
    const result = await library.write('alice', [
      { path: 'w/e/1.jpg', file: cached('other.jpg', 10) },
      { path: 'w/e/metadata.jsonl', body: Buffer.from('{"id":1}\n{"id":2}\n'), replace: true },
    ]);
    expect(result).toEqual({ written: 1, skipped: 1, bytes: 18 });
    expect(temporaries(root)).toEqual([]);
    expect(await library.readText('alice', 'w/e/metadata.jsonl')).toBe('{"id":1}\n{"id":2}\n');
    expect(readFileSync(library.resolve('alice', 'w/e/1.jpg')).equals(readFileSync(image))).toBe(
      true,
    );
  });

  it('numbers entries whose different paths become one name, in entry order', async () => {
    const entries: LibraryEntry[] = [
      { path: 'ep/a?.jpg', body: Buffer.from('1') },
      { path: 'ep/a.jpg', body: Buffer.from('2') },
      { path: 'ep/a*.jpg', body: Buffer.from('3') },
      // One file on Windows and macOS.
      { path: 'ep/A.jpg', body: Buffer.from('4') },
      // The same path again is the same file: the first entry's.
      { path: 'ep/a.jpg', body: Buffer.from('5') },
      { path: 'ep/CON', body: Buffer.from('6') },
      { path: 'ep/CON_', body: Buffer.from('7') },
    ];
    const contents = async () => {
      const { library } = freshLibrary();
      const result = await library.write('alice', entries);
      const home = library.userDir('alice');
      return {
        result,
        files: Object.fromEntries(
          filesUnder(home).map((file) => [file, readFileSync(path.join(home, file), 'utf8')]),
        ),
      };
    };
    const first = await contents();
    expect(first.result).toMatchObject({ written: 6, skipped: 1 });
    expect(first.files).toEqual({
      'ep/a.jpg': '1',
      'ep/a (2).jpg': '2',
      'ep/a (3).jpg': '3',
      'ep/A (4).jpg': '4',
      'ep/CON_': '6',
      'ep/CON_ (2)': '7',
    });
    expect(await contents()).toEqual(first);
  });

  it.each([
    ['missing', 'ENOENT'],
    // A folder opens like a file: the copy fails only once its temporary file exists.
    ['a folder', 'EISDIR'],
  ])('leaves no temporary file and no partial one when a source is %s', async (what, code) => {
    const { root, library } = freshLibrary(4);
    const bad = path.join(cache, what === 'missing' ? 'missing.jpg' : '');
    const entries: LibraryEntry[] = Array.from({ length: 60 }, (_, i) => ({
      path: `w/e/${i}.jpg`,
      file: i === 30 ? bad : cached(`err-${i}.jpg`, 20_000),
    }));
    await expect(library.write('alice', entries)).rejects.toMatchObject({ code });
    expect(temporaries(root)).toEqual([]);
    const home = library.userDir('alice');
    const written = filesUnder(home);
    expect(written).not.toContain('w/e/30.jpg');
    // What is there is whole: an earlier file of the run, byte for byte.
    for (const file of written) {
      const i = Number(path.basename(file, '.jpg'));
      const source = (entries[i] as { file: string }).file;
      expect(readFileSync(path.join(home, file)).equals(readFileSync(source))).toBe(true);
    }
    expect(written.length).toBeLessThan(60);
  });

  it.skipIf(process.platform === 'win32')(
    'stops starting files on abort, removes its temporary files and rejects with the reason',
    async () => {
      const { root, library } = freshLibrary(1);
      // A named pipe: its copy blocks until the test writes to it, holding the write mid-way.
      const pipe = path.join(dir, 'pipe.jpg');
      execFileSync('mkfifo', [pipe]);
      const entries: LibraryEntry[] = Array.from({ length: 20 }, (_, i) => ({
        path: `w/e/${i}.jpg`,
        file: i === 3 ? pipe : cached(`abort-${i}.jpg`),
      }));
      const stop = new AbortController();
      const writing = library.write('alice', entries, stop.signal);
      const settled = writing.then(
        () => true,
        () => true,
      );
      const home = library.userDir('alice');
      while (!existsSync(path.join(home, 'w/e/2.jpg')))
        await new Promise((resolve) => setTimeout(resolve, 5));
      stop.abort(new Error('cancelled'));
      await unblock(pipe, settled);
      await expect(writing).rejects.toThrow('cancelled');
      expect(temporaries(root)).toEqual([]);
      expect(filesUnder(home)).toEqual(['w/e/0.jpg', 'w/e/1.jpg', 'w/e/2.jpg']);
    },
  );

  it('rejects at once when aborted before it starts', async () => {
    const { root, library } = freshLibrary();
    const stop = new AbortController();
    stop.abort(new Error('too late'));
    const entries = [{ path: 'a.jpg', body: Buffer.from('a') }];
    await expect(library.write('alice', entries, stop.signal)).rejects.toThrow('too late');
    expect(filesUnder(root)).toEqual([]);
  });

  it('refuses to write through a link inside the user folder', async () => {
    const { base, library } = freshLibrary();
    const outside = path.join(base, 'outside');
    mkdirSync(outside);
    mkdirSync(library.userDir('alice'), { recursive: true });
    symlinkSync(outside, path.join(library.userDir('alice'), 'work'));
    const entries = [{ path: 'work/ep/1.jpg', body: Buffer.from('x') }];
    await expect(library.write('alice', entries)).rejects.toThrow(/is not a folder/);
    expect(readdirSync(outside)).toEqual([]);
  });
});

/**
 * Lets a copy blocked on the pipe finish: opens it for writing (without blocking when no one
 * reads it) until the write has settled, since the writer may or may not have opened it.
 */
async function unblock(pipe: string, settled: Promise<boolean>): Promise<void> {
  let done = false;
  void settled.then(() => (done = true));
  while (!done) {
    try {
      const handle = await open(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
      await handle.write(Buffer.from('not an image'));
      await handle.close();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describe('two users', () => {
  it('never share a path, and each one’s usage counts only their own files', async () => {
    const { root, library } = freshLibrary();
    const entries = (bytes: number): LibraryEntry[] =>
      Array.from({ length: 5 }, (_, i) => ({
        path: `Work/Ep 1/${i}.jpg`,
        body: Buffer.alloc(bytes, i),
      }));
    await library.write('alice', entries(100));
    await library.write('bob', entries(300));
    expect(readdirSync(root).sort()).toEqual(['alice', 'bob']);
    expect(library.resolve('alice', 'Work/Ep 1/0.jpg')).not.toBe(
      library.resolve('bob', 'Work/Ep 1/0.jpg'),
    );
    expect(readFileSync(library.resolve('alice', 'Work/Ep 1/0.jpg'))).toHaveLength(100);
    expect(await library.usage('alice')).toBe(500);
    expect(await library.usage('bob')).toBe(1500);
    expect(await library.usage('carol')).toBe(0);
  });

  it('keeps users apart whose names become one safe name', () => {
    const { root, library } = freshLibrary();
    const dirs = ['ab', 'a:b', 'a*b', '..', 'user', 'CON', 'con_', '', 'ab~0123456789abcdef'].map(
      (name) => library.userDir(name),
    );
    expect(new Set(dirs).size).toBe(dirs.length);
    for (const user of dirs) {
      expect(path.dirname(user)).toBe(root);
      expect(validName(path.basename(user))).toBe(true);
    }
    expect(library.userDir('alice')).toBe(path.join(root, 'alice'));
  });
});

describe('LibraryFolder.usage', () => {
  it('counts regular files only, never through a link, and is remembered until forgotten', async () => {
    const { base, library } = freshLibrary();
    await library.write('alice', [
      { path: 'a/1.jpg', body: Buffer.alloc(1000) },
      { path: 'a/b/2.jpg', body: Buffer.alloc(234) },
    ]);
    const home = library.userDir('alice');
    const big = path.join(base, 'big.bin');
    writeFileSync(big, Buffer.alloc(50_000));
    mkdirSync(path.join(base, 'elsewhere'));
    writeFileSync(path.join(base, 'elsewhere', 'x'), Buffer.alloc(70_000));
    symlinkSync(big, path.join(home, 'a', 'link.bin'));
    symlinkSync(path.join(base, 'elsewhere'), path.join(home, 'linked-folder'));
    expect(await library.usage('alice')).toBe(1234);
    writeFileSync(path.join(home, 'added.bin'), Buffer.alloc(66));
    expect(await library.usage('alice')).toBe(1234);
    library.forget('alice');
    expect(await library.usage('alice')).toBe(1300);
    // A write forgets the figure by itself.
    await library.write('alice', [{ path: 'c.jpg', body: Buffer.alloc(700) }]);
    expect(await library.usage('alice')).toBe(2000);
  });
});

describe('LibraryFolder.readText', () => {
  it('reads a file of the user folder, or null when it is absent', async () => {
    const { library } = freshLibrary();
    expect(await library.readText('alice', 'w/e/metadata.jsonl')).toBeNull();
    await library.write('alice', [
      { path: 'w:/e?/metadata.jsonl', body: Buffer.from('{"a":1}\n') },
    ]);
    expect(await library.readText('alice', 'w/e/metadata.jsonl')).toBe('{"a":1}\n');
    expect(await library.readText('alice', 'w/missing/metadata.jsonl')).toBeNull();
    expect(await library.readText('bob', 'w/e/metadata.jsonl')).toBeNull();
  });

  it('refuses a file or folder that is a link out of the user folder', async () => {
    const { base, library } = freshLibrary();
    const secret = path.join(base, 'secret.txt');
    writeFileSync(secret, 'secret');
    const home = library.userDir('alice');
    mkdirSync(path.join(home, 'w'), { recursive: true });
    symlinkSync(secret, path.join(home, 'w', 'metadata.jsonl'));
    symlinkSync(base, path.join(home, 'up'));
    await expect(library.readText('alice', 'w/metadata.jsonl')).rejects.toThrow();
    await expect(library.readText('alice', 'up/secret.txt')).rejects.toThrow(/leads out/);
  });
});

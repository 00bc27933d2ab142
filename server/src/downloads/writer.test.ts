import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../test/support/zip';
import { LocalStore, type ObjectWriter } from '../storage';
import { writeZip, type ZipEntry } from './writer';

// Made when the tests run, not when the module loads (`vitest list` loads it too).
let dir: string;
let store: LocalStore;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-zip-'));
  store = new LocalStore(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the archive `name` (a key in the test's folder) the way a task does. */
async function zipTo(
  name: string,
  options: Omit<Parameters<typeof writeZip>[0], 'output' | 'store'>,
): Promise<number> {
  return writeZip({ ...options, output: await store.writer(name), store });
}

/** A file written at `startAt` onwards, the bytes before it a hole (a sparse file). */
async function fileFrom(file: string, startAt: number): Promise<ObjectWriter> {
  const handle = await open(file, 'w');
  let position = startAt;
  return {
    async write(chunks) {
      for (const chunk of chunks) {
        await handle.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
    },
    async commit() {
      await handle.close();
      return position;
    },
    abort: () => handle.close(),
  };
}

describe('writeZip', () => {
  it('two writers of one archive (a task taken up while its old writer still runs) never share a temporary file', async () => {
    const file = path.join(dir, 'shared.zip');
    const entries = (who: string): ZipEntry[] =>
      Array.from({ length: 200 }, (_, i) => ({
        name: `${who}/${i}.txt`,
        body: Buffer.alloc(20_000, who),
      }));
    // Either may rename last; each archive is whole, never the two interleaved.
    await Promise.all([
      zipTo('shared.zip', { entries: entries('a') }),
      zipTo('shared.zip', { entries: entries('b') }),
    ]);
    const read = await readZip(readFileSync(file));
    expect(read).toHaveLength(200);
    const writers = new Set(read.map((entry) => entry.name.split('/')[0]));
    expect(writers.size).toBe(1);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves the archive in place and no file of its own when told, once whole, not to rename', async () => {
    const file = path.join(dir, 'taken.zip');
    writeFileSync(file, 'the new writer archive');
    const write = zipTo('taken.zip', {
      entries: [{ name: 'a.txt', body: Buffer.from('old writer') }],
      beforeCommit: () => Promise.reject(new Error('taken up elsewhere')),
    });
    await expect(write).rejects.toThrow('taken up elsewhere');
    expect(readFileSync(file, 'utf8')).toBe('the new writer archive');
    expect(readdirSync(dir).filter((name) => name.startsWith('taken.zip.'))).toEqual([]);
  });

  it('switches to ZIP64 past 65,535 entries, which both unzip and a strict reader (yauzl) read', async () => {
    const count = 65_600;
    const image = path.join(dir, 'image.jpg');
    writeFileSync(image, Buffer.from('not really a jpeg'));
    function* entries(): Generator<ZipEntry> {
      yield { name: 'work/ep1/first.jpg', key: 'image.jpg', bytes: 17 };
      for (let i = 1; i < count; i++) yield { name: `work/ep/${i}.txt`, body: Buffer.from(`${i}`) };
    }
    const file = path.join(dir, 'big.zip');
    await zipTo('big.zip', { entries: entries() });
    const bytes = readFileSync(file);
    // The ZIP64 end-of-central-directory record (PK\x06\x06) is there.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const test = execFileSync('unzip', ['-t', file], { maxBuffer: 64 * 1024 * 1024 }).toString();
    expect(test).toMatch(/No errors detected/);
    const listing = execFileSync('unzip', ['-l', file], { maxBuffer: 64 * 1024 * 1024 })
      .toString()
      .trim()
      .split('\n');
    expect(listing.at(-1)).toMatch(new RegExp(`\\b${count} files`));
    // yauzl, unlike unzip, finds the directory only through the ZIP64 locator and record.
    const read = await readZip(bytes);
    expect(read).toHaveLength(count);
    expect(read[0]!.data.toString()).toBe('not really a jpeg');
    expect(read.at(-1)).toMatchObject({ name: `work/ep/${count - 1}.txt` });
    expect(read.at(-1)!.data.toString()).toBe(`${count - 1}`);
  }, 120_000);

  it('puts offsets past 4 GiB in ZIP64 fields, where a strict reader finds the entries', async () => {
    const image = path.join(dir, 'past.jpg');
    writeFileSync(image, Buffer.from('a file past 4 GiB'));
    const file = path.join(dir, 'past-4-GiB.zip');
    // The archive starts just below 4 GiB (a hole before it): its first entry's offset fits 32
    // bits, the next ones' do not.
    const startAt = 2 ** 32 - 40;
    await writeZip({
      output: await fileFrom(file, startAt),
      store,
      startAt,
      entries: [
        { name: 'below.txt', body: Buffer.from('below 4 GiB') },
        { name: 'past.txt', body: Buffer.from('past 4 GiB') },
        { name: 'past.jpg', key: 'past.jpg', bytes: 17 },
      ],
    });
    expect(statSync(file).size).toBeGreaterThan(2 ** 32);
    const entries = await readZip(file);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['below.txt', 'below 4 GiB'],
      ['past.txt', 'past 4 GiB'],
      ['past.jpg', 'a file past 4 GiB'],
    ]);
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
  });

  it('copies a file too large to read whole piece by piece, with its CRC, beside small ones', async () => {
    const large = path.join(dir, 'large.jpg');
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 3);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    writeFileSync(large, bytes);
    const file = path.join(dir, 'large.zip');
    await zipTo('large.zip', {
      entries: [
        { name: 'small.txt', body: Buffer.from('small') },
        { name: '作品/large.jpg', key: 'large.jpg', bytes: bytes.length },
        { name: 'after.txt', body: Buffer.from('after') },
      ],
    });
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    const copied = execFileSync('unzip', ['-p', file, '作品/large.jpg'], { maxBuffer: 32 << 20 });
    expect(copied.equals(bytes)).toBe(true);
    expect(execFileSync('unzip', ['-p', file, 'after.txt']).toString()).toBe('after');
  });

  it('fetches a file again when the cache lost it between fetching and writing', async () => {
    const again = path.join(dir, 'again.jpg');
    writeFileSync(again, Buffer.from('fetched again'));
    const file = path.join(dir, 'refetched.zip');
    await zipTo('refetched.zip', {
      entries: [
        {
          name: 'a.jpg',
          key: 'cleared.jpg',
          bytes: 13,
          refetch: () => Promise.resolve({ key: 'again.jpg', bytes: 13 }),
        },
      ],
    });
    expect(execFileSync('unzip', ['-p', file, 'a.jpg']).toString()).toBe('fetched again');
  });

  it('leaves nothing behind when aborted', async () => {
    const file = path.join(dir, 'aborted.zip');
    const stop = new AbortController();
    const never: ZipEntry = {
      name: 'slow.jpg',
      key: 'gone.jpg',
      bytes: 10,
      refetch: () => new Promise(() => undefined),
    };
    const writing = zipTo('aborted.zip', { entries: [never], signal: stop.signal });
    stop.abort(new Error('cancelled'));
    await expect(writing).rejects.toThrow('cancelled');
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('aborted.zip'))).toEqual([]);
  });
});

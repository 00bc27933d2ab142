import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MetadataRow } from '../datasets';
import { LibraryFolder } from '../library-folder';
import type { ObjectStore } from '../storage';
import { LibraryWrite } from './library-write';

const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-library-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (id: number): MetadataRow => ({
  file_name: `Work/Episode_1/${id}.jpg`,
  id,
  kind: 'anime',
  work_id: 1,
  work_title: 'Work',
  episode_id: 2,
  episode_title: 'Episode 1',
  position: 1,
  source_url: `https://fancaps.example/${id}`,
  width: 1,
  height: 1,
  bytes: 1,
  sha256: 'ab',
  phash: 'cd',
});

describe("an episode's metadata.jsonl in the library folder", () => {
  it('a line written with the old key `file` gets `file_name`, so every line has the same keys', async () => {
    const folder = new LibraryFolder({ root: dir });
    const episode = path.join(dir, 'ann', 'Work', 'Episode_1');
    mkdirSync(episode, { recursive: true });
    const { file_name: _name, ...rest } = row(1);
    writeFileSync(
      path.join(episode, 'metadata.jsonl'),
      `${JSON.stringify({ file: '1.jpg', ...rest })}\n`,
    );
    const write = new LibraryWrite(
      { folder, username: 'ann', name: 'Work' },
      {} as ObjectStore,
      true,
      false,
    );
    await write.write([], [], [row(1), row(2)], new AbortController().signal);
    const lines = readFileSync(path.join(episode, 'metadata.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The old line is renamed, not listed twice; the new image is added.
    expect(lines.map((line) => line.file_name)).toEqual(['1.jpg', '2.jpg']);
    for (const line of lines)
      expect(Object.keys(line).sort()).toEqual(Object.keys(lines[1]!).sort());
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTagger } from '../src/datasets';
import { connectDb, migrateToLatest, type Db } from '../src/db';
import { createPostgresDatabase, databaseKind } from './helpers';
import { writeTinyTagger } from './support/tiny-tagger';

let dir: string;
let db: Db;

let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-tagger-'));
  postgres = databaseKind === 'postgres' ? await createPostgresDatabase() : null;
  db = connectDb({ databaseUrl: postgres?.url, sqlitePath: path.join(dir, 'test.db') });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.close();
  await postgres?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A 16:9 picture of one colour, as the source's frames are shaped (padded to a square on white). */
async function picture(name: string, background: { r: number; g: number; b: number }) {
  const file = path.join(dir, `${name}.jpg`);
  await sharp({ create: { width: 320, height: 180, channels: 3, background } })
    .jpeg()
    .toFile(file);
  return file;
}
const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

async function tagger(threshold = 0.35, size = 32) {
  const files = await writeTinyTagger(dir, size);
  return createTagger({ model: files.model, tags: files.labels, threshold }, db.kysely);
}

describe(`the WD14 tagger (${databaseKind})`, () => {
  it('reads the picture in BGR order at the size the model declares, and writes only tags above the threshold', async () => {
    // 48: the input size comes from the model's own metadata, not a fixed 448.
    const tags = await tagger(0.35, 48);
    const red = await tags.tag('anime', 1, await picture('red', RED));
    const blue = await tags.tag('anime', 2, await picture('blue', BLUE));
    // The model reads red from channel 2 and blue from channel 0: swapped channels would swap these.
    expect(red.tags.map((t) => t.name)).toEqual(['red_theme', 'half_tag']);
    expect(blue.tags.map((t) => t.name)).toEqual(['blue_theme', 'half_tag']);
    // Ratings are told apart, never among the tags; the character at 0.30 stays under 0.35.
    expect(red.rating).toBe('general');
    expect(red.tags.map((t) => t.name)).not.toContain('side_character');
  });

  it('a lower threshold lets the weaker tag in', async () => {
    const tags = await tagger(0.25);
    const red = await tags.tag('anime', 1, await picture('red', RED));
    expect(red.tags.map((t) => t.name)).toEqual(['red_theme', 'half_tag', 'side_character']);
  });

  it('tags an image once: later asks read the stored tags, even from a new start', async () => {
    const first = await tagger();
    const file = await picture('red', RED);
    const tagged = await first.tag('anime', 7, file);
    expect(first.inferences).toBe(1);
    const again = await tagger();
    expect(await again.known('anime', [7, 8])).toEqual(new Map([[7, tagged]]));
    expect(again.inferences).toBe(0);
    // The same id of another kind is another picture.
    expect((await again.known('tv', [7])).size).toBe(0);
  });

  it('refuses, at start-up, a tag list that does not match the model and a model that is no tagger', async () => {
    const files = await writeTinyTagger(dir);
    const short = path.join(dir, 'short.csv');
    await writeFile(short, 'tag_id,name,category,count\n1,only_one,0,5\n');
    const start = (model: string, tags: string) =>
      createTagger({ model, tags, threshold: 0.35 }, db.kysely);
    await expect(start(files.model, short)).rejects.toThrow(
      /TAGGER_TAGS: 1 tags, but the model gives 6 scores/,
    );
    await expect(start(files.model, short)).rejects.toBeInstanceOf(ConfigError);
    const notAModel = path.join(dir, 'not-a-model.onnx');
    await writeFile(notAModel, 'hello');
    await expect(start(notAModel, files.labels)).rejects.toThrow(
      /^Invalid configuration:\n {2}- TAGGER_MODEL: /,
    );
    const noHeader = path.join(dir, 'no-header.csv');
    await writeFile(noHeader, '1,a,0,5\n');
    await expect(start(files.model, noHeader)).rejects.toThrow(
      /TAGGER_TAGS: .* no "name" and "category"/,
    );
  });

  it('settings: both files or neither, files that exist, a threshold in range', () => {
    const files = {
      TAGGER_MODEL: path.join(dir, 'missing.onnx'),
      TAGGER_TAGS: path.join(dir, 'x.csv'),
    };
    expect(() => loadConfig({ DATA_DIR: dir, ...files })).toThrow(/TAGGER_MODEL: no such file/);
    expect(() => loadConfig({ DATA_DIR: dir, TAGGER_TAGS: __filename })).toThrow(
      /TAGGER_MODEL: TAGGER_MODEL and TAGGER_TAGS are set together/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, TAGGER_THRESHOLD: '1.5' })).toThrow(
      /TAGGER_THRESHOLD: must be between 0.05 and 1/,
    );
    expect(loadConfig({ DATA_DIR: dir }).tagger).toBeNull();
  });
});

// Kanji titles read by kuromoji (issue 37): in a worker thread started at the first reading and
// ended when idle, so the dictionary's memory is spent only while titles need reading.
import { afterAll, describe, expect, it } from 'vitest';
import { KanjiReader } from '../src/titles/kanji-reader';
import { readKanjiTitle } from '../src/titles/romanise';

const reader = new KanjiReader(300);
afterAll(() => reader.close());

describe('kanji reader', () => {
  // A deadline, not a speed: kuromoji builds its dictionary in ~2 s on an idle machine, and beside
  // the other tiers a test of two builds went past 30 s.
  it('reads in a worker that ends when idle and starts again when needed', async () => {
    expect(reader.running).toBe(false);
    expect(await readKanjiTitle('進撃の巨人', reader)).toEqual(['shingeki no kyojin']);
    expect(reader.running).toBe(true);
    await expect.poll(() => reader.running, { timeout: 5_000 }).toBe(false);
    // A reading kept needs no worker; a new one starts it again.
    expect(await readKanjiTitle('進撃の巨人', reader)).toEqual(['shingeki no kyojin']);
    expect(reader.running).toBe(false);
    expect(await readKanjiTitle('涼宮ハルヒの憂鬱', reader)).toEqual([
      expect.stringMatching(/ haruhi no yuuutsu$/),
    ]);
    expect(reader.running).toBe(true);
  }, 180_000);
});

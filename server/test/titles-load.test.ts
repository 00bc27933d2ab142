import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTitleTable } from '../src/titles';

const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-titles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const where = path.join(dir, name);
  writeFileSync(where, content);
  return where;
}

const work = {
  title: 'のんのんびより',
  titleTranslate: { 'zh-Hans': ['悠哉日常大王'], 'zh-Hant': ['悠哉日常大王'] },
  type: 'tv',
  lang: 'ja',
  officialSite: 'http://example.com',
  begin: '2013-10-07T15:00:00.000Z',
  end: '2013-12-23T15:00:00.000Z',
  broadcast: 'R/2013-10-07T15:00:00.000Z/P7D',
  sites: [{ site: 'bangumi', id: '78405' }],
};

describe('titles: loading the table', () => {
  it('loads the shipped table, every work with its names and dates', () => {
    const table = loadTitleTable();
    expect(table.length).toBeGreaterThan(8000);
    const entry = table.find((candidate) => candidate.title === '葬送のフリーレン')!;
    expect(entry).toMatchObject({ type: 'tv', lang: 'ja', zhHans: ['葬送的芙莉莲'] });
    expect(entry.bangumiId).toMatch(/^\d+$/);
    expect(entry.begin).toMatch(/^2023-/);
  });

  it('loads a newer copy, skipping the works that do not fit and tolerating unknown fields', () => {
    const table = loadTitleTable(
      file(
        'newer.json',
        JSON.stringify({
          siteMeta: {},
          future: true,
          items: [
            { ...work, rating: 5 },
            { ...work, type: 'live-action' },
            { ...work, title: '' },
            'not a work',
            { ...work, title: 'Other', titleTranslate: { en: 'not a list' }, sites: 'none' },
          ],
        }),
      ),
    );
    expect(table).toHaveLength(2);
    expect(table[0]).toEqual({
      id: 0,
      bangumiId: '78405',
      title: 'のんのんびより',
      lang: 'ja',
      type: 'tv',
      zhHans: ['悠哉日常大王'],
      zhHant: ['悠哉日常大王'],
      en: [],
      begin: '2013-10-07T15:00:00.000Z',
      end: '2013-12-23T15:00:00.000Z',
      broadcast: 'R/2013-10-07T15:00:00.000Z/P7D',
    });
    expect(table[1]).toMatchObject({ id: 1, title: 'Other', en: [], bangumiId: null });
  });

  it.each([
    ['a missing file', () => path.join(dir, 'missing.json'), /no such file/],
    ['a file that is not JSON', () => file('broken.json', '{"items": ['), /is not JSON/],
    ['JSON of another shape', () => file('shape.json', '{"works": []}'), /"items" array/],
    ['a table with no work', () => file('empty.json', '{"items": [1, {"title": 2}]}'), /no.*work/],
  ])('refuses %s with one error naming TITLES_FILE', (_case, where, reason) => {
    const at = where();
    expect(() => loadTitleTable(at)).toThrow(/^TITLES_FILE \(.+\) /);
    expect(() => loadTitleTable(at)).toThrow(reason);
    expect(() => loadTitleTable(at)).toThrow(at);
  });
});

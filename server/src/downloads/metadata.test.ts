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
      file: 'Mr._Kettle/Episode_1/7400000.jpg',
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
      file: '小水壶/第2集/7400001.jpg',
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

import type { FrameRecord } from './layouts';
import type { ImageFacts } from '../images';

/**
 * One image of an archive, as metadata.csv and metadata.jsonl describe it. `file_name` is its
 * entry, the key the `hf` layout's rows and Hugging Face's ImageFolder use too.
 */
export interface MetadataRow extends FrameRecord {
  file_name: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  phash: string;
  /** With a tagger only (datasets/layouts.ts `tagColumns`): the rating and the tags. */
  rating?: string | null;
  tags?: string[];
}

export function metadataRow(
  base: Omit<MetadataRow, 'width' | 'height' | 'bytes' | 'sha256' | 'phash'>,
  facts: Pick<ImageFacts, 'width' | 'height' | 'bytes' | 'sha256' | 'phash'>,
): MetadataRow {
  const { width, height, bytes, sha256, phash } = facts;
  return { ...base, width, height, bytes, sha256, phash };
}

const COLUMNS: (keyof MetadataRow)[] = [
  'file_name',
  'id',
  'kind',
  'work_id',
  'work_title',
  'episode_id',
  'episode_title',
  'position',
  'width',
  'height',
  'bytes',
  'sha256',
  'phash',
  'source_url',
];

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. Titles come from
 * the source site, and a spreadsheet runs a cell starting with = + - @ tab or CR as a formula, so
 * such a field gets a leading `'` and quotes (OWASP, CSV injection); metadata.jsonl keeps the text.
 */
function csvField(value: string | number | null | string[] | undefined): string {
  // A list (the tags) is one field, as kohya's captions write it; a missing value is empty.
  const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark, so spreadsheet programs read Chinese titles right. */
export function metadataCsv(rows: MetadataRow[], tagged = false): Buffer {
  const columns: (keyof MetadataRow)[] = tagged ? [...COLUMNS, 'rating', 'tags'] : COLUMNS;
  const lines = [
    columns.join(','),
    ...rows.map((r) => columns.map((c) => csvField(r[c])).join(',')),
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

export function metadataJsonl(rows: MetadataRow[]): Buffer {
  return Buffer.from(rows.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8');
}

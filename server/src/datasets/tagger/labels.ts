import { readFile } from 'node:fs/promises';

/** One line of a WD14 model's `selected_tags.csv`: the tag and its category. */
export interface TagLabel {
  name: string;
  category: number;
}

/** WD14's categories: 0 general, 4 character, 9 rating (general, sensitive, questionable, explicit). */
export const RATING_CATEGORY = 9;

/**
 * The labels of `selected_tags.csv` (`tag_id,name,category,count`, a header line, one tag per
 * model output in order). Fields may be quoted (RFC 4180); a line without a name or a numeric
 * category is a broken file, told at start-up with its line number.
 */
export async function readTagLabels(file: string): Promise<TagLabel[]> {
  const lines = (await readFile(file, 'utf8')).replace(/^\ufeff/, '').split(/\r?\n/);
  const header = csvFields(lines[0] ?? '');
  const nameAt = header.indexOf('name');
  const categoryAt = header.indexOf('category');
  if (nameAt < 0 || categoryAt < 0)
    throw new Error(`${file}: the header has no "name" and "category" columns`);
  const labels: TagLabel[] = [];
  for (const [i, line] of lines.entries()) {
    if (i === 0 || line.trim() === '') continue;
    const fields = csvFields(line);
    const name = fields[nameAt];
    const category = Number(fields[categoryAt]);
    if (!name || !Number.isInteger(category))
      throw new Error(`${file}, line ${i + 1}: no tag name or category`);
    labels.push({ name, category });
  }
  return labels;
}

function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') field += line[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { TitleEntry } from './entry';

/** The table bangumi-data ships (CC-BY-4.0), read when TITLES_FILE names no newer copy. */
export const SHIPPED_TITLES_FILE = createRequire(import.meta.url).resolve(
  'bangumi-data/dist/data.json',
);

// Names trimmed and blanks dropped; a list that is not all strings counts as empty.
const names = z
  .array(z.string())
  .catch([])
  .transform((list) => list.map((name) => name.trim()).filter((name) => name !== ''));

// Unknown fields pass (zod strips them); a bad translation or site costs only that field.
const itemSchema = z.object({
  title: z.string().trim().min(1),
  titleTranslate: z
    .object({ 'zh-Hans': names.optional(), 'zh-Hant': names.optional(), en: names.optional() })
    .catch({}),
  type: z.enum(['tv', 'movie', 'ova', 'web']),
  lang: z.string(),
  begin: z.string().catch(''),
  end: z.string().optional().catch(undefined),
  broadcast: z.string().optional().catch(undefined),
  sites: z
    .array(z.object({ site: z.string(), id: z.string() }).catch({ site: '', id: '' }))
    .catch([]),
});

type Item = z.infer<typeof itemSchema>;

const tableSchema = z.object({ items: z.array(z.unknown()) });

function entryOf(item: Item, id: number): TitleEntry {
  const translations = item.titleTranslate;
  return {
    id,
    bangumiId: item.sites.find((site) => site.site === 'bangumi')?.id ?? null,
    title: item.title,
    lang: item.lang,
    type: item.type,
    zhHans: translations['zh-Hans'] ?? [],
    zhHant: translations['zh-Hant'] ?? [],
    en: translations.en ?? [],
    begin: item.begin,
    end: item.end || null,
    broadcast: item.broadcast || null,
  };
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`TITLES_FILE (${file}) cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`TITLES_FILE (${file}) is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * Reads and checks a bangumi-data `data.json`: the shipped one, or the newer copy TITLES_FILE
 * names. Items that do not fit are skipped, so one bad work of a newer table costs only itself;
 * a file that is missing, not JSON, or has no usable item throws one Error naming TITLES_FILE.
 */
export function loadTitleTable(file: string = SHIPPED_TITLES_FILE): TitleEntry[] {
  const reading = readEntries(file);
  let step = reading.next();
  while (!step.done) step = reading.next();
  return step.value;
}

/** Items checked between two yields of the event loop when the table loads in the background. */
const BATCH = 200;

/**
 * loadTitleTable in steps of a few milliseconds: the table is read in the background (for the
 * Chinese names of an English search), and no request waits behind half a second of checking.
 */
export async function loadTitleTableInSteps(
  file: string = SHIPPED_TITLES_FILE,
): Promise<TitleEntry[]> {
  const reading = readEntries(file);
  for (let step = reading.next(); ; step = reading.next()) {
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function* readEntries(file: string): Generator<void, TitleEntry[]> {
  const table = tableSchema.safeParse(readJson(file));
  if (!table.success) {
    throw new Error(
      `TITLES_FILE (${file}) is not a bangumi-data data.json: ` +
        'expected an object with an "items" array',
    );
  }
  const entries: TitleEntry[] = [];
  for (const [at, raw] of table.data.items.entries()) {
    const item = itemSchema.safeParse(raw);
    if (item.success) entries.push(entryOf(item.data, entries.length));
    if (at % BATCH === BATCH - 1) yield;
  }
  if (entries.length === 0) {
    throw new Error(
      `TITLES_FILE (${file}) is not a bangumi-data data.json: none of its items is a work`,
    );
  }
  return entries;
}

import type { TitleEntry } from './entry';
import { hasCjk } from './normalise';
import { kanjiReader, type KanjiReader } from './kanji-reader';
import { readKanjiTitle, romaniseTitle } from './romanise';
import { splitSeason } from './season';
import type { TitleIndex } from './title-index';

/** The bound on source requests for one query. */
export const MAX_SOURCE_QUERIES = 3;

const LATIN = /\p{Script=Latin}/u;
// Brackets the table writes around a whole title (【Oshi No Ko】, [Oshi no Ko]) or a part of it: the
// source's titles carry none, and it matches a query as a part of a title.
const BRACKETS = /[【】「」『』〈〉《》〔〕〖〗〘〙〚〛［］｛｝[\]{}]/gu;

/** The entry's English titles: its `en` translations, and any Latin-script name it carries. */
function englishTitles(entry: TitleEntry): string[] {
  const latinNames = [entry.title, ...entry.zhHans, ...entry.zhHant].filter(
    (name) => LATIN.test(name) && !hasCjk(name),
  );
  return [...entry.en, ...latinNames].map((name) =>
    name.normalize('NFKC').replace(BRACKETS, ' ').replace(/\s+/gu, ' ').trim(),
  );
}

const seriesTitle = (title: string) => splitSeason(title).base;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Romaji a kana title runs together where the source spaces it (のんのんびより → "nonnonbiyori",
 * listed as "Non Non Biyori"), spelt as an English title of the series spells it: the shortest
 * run of that title's words whose letters are the romaji's (from "Non Non Biyori Repeat", "Non Non
 * Biyori"). The romaji as it is when no English title begins with it.
 */
function spacedLike(romaji: string, englishTitles: readonly string[]): string {
  const wanted = letters(romaji);
  for (const title of englishTitles) {
    const words = title.split(/\s+/u);
    for (let count = 1; count <= words.length; count += 1) {
      const run = words.slice(0, count).join(' ');
      const got = letters(run);
      if (got === wanted) return run.replace(/[^\p{L}\p{N}]+$/u, '');
      if (!wanted.startsWith(got)) break;
    }
  }
  return romaji;
}

// "x" standing for × between words (SPY x FAMILY) is no letter of the title.
const compactQuery = (text: string) => letters(text.replace(/\s+x\s+/giu, ' '));
const ASCII = /^[\x20-\x7e]*$/u;

/**
 * One spelling of each title, where the table writes it several ways (SPY FAMILY, SPY×FAMILY, SPY
 * x FAMILY): in the first one's place, the plain ASCII one that keeps the most (the source's
 * catalogue writes × as "x"), so one request asks for all of them.
 */
function oneSpellingEach(candidates: readonly string[]): string[] {
  const spellings = new Map<string, string>();
  for (const candidate of candidates) {
    const key = compactQuery(candidate);
    const held = spellings.get(key);
    const better =
      held === undefined ||
      (ASCII.test(candidate) && (!ASCII.test(held) || candidate.length > held.length));
    if (better) spellings.set(key, candidate);
  }
  return [...spellings.values()];
}

/**
 * Keeps the candidates in order but drops each one that is not needed: the source matches a query
 * as a part of a title (case aside), so a query containing another finds only what the other
 * finds, and the shorter one takes the place of the longer. At most MAX_SOURCE_QUERIES remain.
 */
function fewest(candidates: readonly string[]): string[] {
  let kept: string[] = [];
  for (const candidate of oneSpellingEach(candidates)) {
    const lower = candidate.toLowerCase();
    if (lower === '' || kept.some((query) => lower.includes(query.toLowerCase()))) continue;
    const first = kept.findIndex((query) => query.toLowerCase().includes(lower));
    const others = kept.filter((query) => !query.toLowerCase().includes(lower));
    kept =
      first < 0
        ? [...others, candidate]
        : [...others.slice(0, first), candidate, ...others.slice(first)];
  }
  return kept.slice(0, MAX_SOURCE_QUERIES);
}

/**
 * The source-site queries that can find an entry, to be sent in order until one finds it. In order
 * of how surely they name this very work on a site whose catalogue is English and romaji:
 * 1. its English titles, the names the source most often lists;
 * 2. its original title in romaji (kana romanised here, kanji read by `sourceQueriesRead`), the
 *    other way it lists, spaced as the series' English titles space it;
 * 3. the series' title without season or part words, which finds every season, this one too;
 * 4. the English title of another work of the series, the weakest: it names the series, not
 *    this work, and is all there is for many later seasons the table gives no English title.
 * A query that contains an earlier one is dropped, and one contained in an earlier one replaces
 * it (see `fewest`), so an empty answer means the table gives nothing the source could match.
 */
export function sourceQueriesFor(
  entry: TitleEntry,
  index: TitleIndex,
  kanjiRomaji: readonly string[] = [],
): string[] {
  const english = englishTitles(entry);
  const related = index.seriesOf(entry).flatMap(englishTitles);
  const romanised = romaniseTitle(entry.title);
  const romaji = [...(romanised ? [romanised] : []), ...kanjiRomaji].map((text) =>
    spacedLike(text, [...english, ...related]),
  );
  return fewest([...english, ...romaji, ...english.map(seriesTitle), ...related.map(seriesTitle)]);
}

/**
 * `sourceQueriesFor`, with the kanji title read (`readKanjiTitle`) for a work the table gives no
 * query at all (no English title in its series, no kana alone to romanise): only then is the
 * dictionary loaded. Without a reading (the reader failed), none.
 */
export async function sourceQueriesRead(
  entry: TitleEntry,
  index: TitleIndex,
  reader: KanjiReader = kanjiReader,
): Promise<string[]> {
  const queries = sourceQueriesFor(entry, index);
  if (queries.length > 0) return queries;
  const read = await readKanjiTitle(entry.title, reader).catch(() => []);
  return sourceQueriesFor(entry, index, read);
}

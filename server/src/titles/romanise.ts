import { toKatakana, toRomaji } from 'wanakana';
import type { KanjiReader } from './kanji-reader';
import { splitSeason } from './season';

// Splits a title into words: at spaces and punctuation, and where hiragana meets katakana, since
// a katakana run is nearly always a word of its own (サザエ|さん, あしたの|ジョー).
const WORD = /[\p{Script=Hiragana}ー]+|[\p{Script=Katakana}ー]+|[\p{Script=Latin}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The original title in romaji (wāpuro style, as fan sites write it: ぼっち・ざ・ろっく！ →
 * "botchi za rokku"), without season or film words and without punctuation, words spaced: the
 * source matches a query as a part of a title, so the run-together form would find nothing the
 * spaced one misses. Null for a title with kanji (`readKanjiTitle` reads them) or with no kana.
 */
export function romaniseTitle(title: string): string | null {
  const { base } = splitSeason(title);
  if (HAN.test(base) || !KANA.test(base)) return null;
  const words = base.match(WORD) ?? [];
  // Through katakana, so a long-vowel mark after hiragana lengthens its vowel (りぴーと → ripiito).
  return (
    words.map((word) => (KANA.test(word) ? toRomaji(toKatakana(word)) : word)).join(' ') || null
  );
}

const KANA_READING = /^[\p{Script=Katakana}\p{Script=Hiragana}ー]+$/u;
/** A first word read this long is a name of its own (化物 of 化物語), not a common one (銀 of 銀魂). */
const LONGEST_FIRST_WORD = 4;

/**
 * A kanji title in romaji, through the dictionary's katakana readings (涼宮ハルヒの憂鬱 → "…haruhi no
 * yuuutsu"), without season or film words: nouns run together, kana words run together (ぼっち,
 * which the dictionary cuts as ぼ + っち, is "botchi"), particles and punctuation apart, as fan sites
 * write it. A title that is one compound gives its first word too, when it is long enough to name
 * the work: the dictionary reads 化物語 as 化物 + 語 ("bakemonogo"), and the source matches
 * "bakemono" as a part of "Bakemonogatari". None for a title without kanji.
 */
export async function readKanjiTitle(title: string, reader: KanjiReader): Promise<string[]> {
  const { base } = splitSeason(title);
  if (!HAN.test(base)) return [];
  const read = await reader.read(base);
  // Readings are joined before they are romanised, so a small っ at a cut still doubles.
  const words: { text: string; kana: boolean }[] = [];
  let last: 'kanji' | 'kana' | null = null;
  for (const word of read) {
    const kana = KANA_READING.test(word.reading);
    const text = kana ? word.reading : latinOf(word.surface);
    const kind =
      !text || word.particle ? null : HAN.test(word.surface) ? 'kanji' : kana ? 'kana' : null;
    const previous = words[words.length - 1];
    if (text && kind && kind === last && previous?.kana && kana) previous.text += text;
    else if (text) words.push({ text, kana });
    last = kind;
  }
  const romaji = words.map(({ text, kana }) => (kana ? toRomaji(toKatakana(text)) : text));
  const whole = romaji.filter(Boolean).join(' ');
  if (!whole) return [];
  const first = read[0];
  const firstOfOne =
    words.length === 1 &&
    read.length > 1 &&
    first &&
    first.reading.length >= LONGEST_FIRST_WORD &&
    KANA_READING.test(first.reading)
      ? toRomaji(toKatakana(first.reading))
      : null;
  return firstOfOne ? [whole, firstOfOne] : [whole];
}

/** A word's Latin letters and digits (a title's English part), lower-cased; null for punctuation. */
function latinOf(surface: string): string | null {
  const letters = surface.normalize('NFKC').match(/[\p{Script=Latin}\p{N}]+/gu);
  return letters ? letters.join(' ').toLowerCase() : null;
}

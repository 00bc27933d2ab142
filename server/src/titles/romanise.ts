import { toKatakana, toRomaji } from 'wanakana';
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
 * spaced one misses. Null for a title with kanji: reading them takes a dictionary of ~100 MB
 * (kuromoji), more than the whole index may cost. Null too for a title with no kana at all.
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

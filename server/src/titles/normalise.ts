import { Converter } from 'opencc-js/t2cn';
import { splitSeason } from './season';

// From Japanese shinjitai as well as traditional Chinese: 進撃, 続編 and 総集編 fold like 進擊,
// 續編 and 總集編, so a Japanese title and its Chinese spellings meet on one key. Built at the
// first Chinese or Japanese query (~70 ms, ~5 MB), not with every server start.
let toSimplified: ((text: string) => string) | null = null;

// Punctuation, symbols, spaces and controls, Chinese and Western alike (・：！？「」【】〜 × ☆ …).
const NOT_IN_KEY = /[\p{P}\p{S}\p{Z}\p{C}]+/gu;

/** NFKC, lower case and simplified Chinese: the form in which two spellings of a title compare. */
export function foldTitle(text: string): string {
  toSimplified ??= Converter({ from: 'jp', to: 'cn' });
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

/** A folded text without spaces or punctuation: 孤獨搖滾！ and 孤独 摇滚 give the same key. */
export function compactTitle(folded: string): string {
  return folded.replace(NOT_IN_KEY, '');
}

/** The lookup keys of a title: the whole of it, and its series' name without season words. */
export interface TitleKeys {
  readonly key: string;
  readonly baseKey: string;
  readonly season: number | null;
  readonly movie: boolean;
}

export function titleKeys(title: string): TitleKeys {
  const folded = foldTitle(title);
  const { base, season, movie } = splitSeason(folded);
  return { key: compactTitle(folded), baseKey: compactTitle(base), season, movie };
}

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/gu;

/** Whether a text has any Chinese or Japanese character. */
export const hasCjk = (text: string): boolean => cjkLength(text) > 0;

/** How many Chinese or Japanese characters a text has. */
export function cjkLength(text: string): number {
  return text.match(CJK_CHARACTER)?.length ?? 0;
}

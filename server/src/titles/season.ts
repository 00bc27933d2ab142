/** A title split into the series' name and the season or part words it carried. */
export interface SeasonSplit {
  /** The title without season, part, sequel and movie words. */
  readonly base: string;
  /** The season it names (第二季, Season 2, 2期 …), or null when it names none. */
  readonly season: number | null;
  /** Whether it said 剧场版, 映画, movie …: a hint that the work is a film. */
  readonly movie: boolean;
}

const CHINESE_DIGITS = '一二三四五六七八九';
const NUMBER = `(?:\\d+|[${CHINESE_DIGITS}十]+)`;
const ORDINAL_WORDS = ['second', 'third', 'fourth', 'fifth', 'sixth'];
// Latin words only at word edges: "season" inside another word is not a season word.
const START = '(?<![a-z])';
const END = '(?![a-z])';
const NUMBER_IN_WORD = new RegExp(`\\d+|[${CHINESE_DIGITS}十]+|${ORDINAL_WORDS.join('|')}`, 'iu');

type Kind = 'season' | 'part' | 'sequel' | 'movie';

// Order matters: 第2部分 before 第2部, "2nd Season" before "Season 2".
const RULES: readonly { kind: Kind; pattern: RegExp }[] = [
  { kind: 'part', pattern: new RegExp(`第\\s*${NUMBER}\\s*(?:部分|クール)`, 'giu') },
  { kind: 'season', pattern: new RegExp(`第\\s*${NUMBER}\\s*(?:季|期|部|シーズン)`, 'giu') },
  { kind: 'season', pattern: /\d+\s*[期季]/giu },
  { kind: 'season', pattern: new RegExp(`${START}\\d+\\s*(?:st|nd|rd|th)\\s*season${END}`, 'giu') },
  {
    kind: 'season',
    pattern: new RegExp(`${START}(?:${ORDINAL_WORDS.join('|')})\\s+season${END}`, 'giu'),
  },
  { kind: 'season', pattern: new RegExp(`(?:${START}season|シーズン)\\s*\\d+(?!\\d)`, 'giu') },
  {
    kind: 'season',
    pattern: new RegExp(`(?:${START}(?:the\\s+)?final\\s+season${END}|最[终終]季)`, 'giu'),
  },
  { kind: 'part', pattern: new RegExp(`${START}part\\s*\\.?\\s*\\d+(?!\\d)`, 'giu') },
  {
    kind: 'part',
    pattern: new RegExp(`${START}\\d+(?:st|nd|rd|th)\\s*(?:half|cour)${END}`, 'giu'),
  },
  { kind: 'sequel', pattern: /[续續続][篇编編]/gu },
  // A recap (总集篇, 総集編) is a part of the series, a film as often as not: the series' name.
  { kind: 'part', pattern: /[总總総]集[篇编編]/gu },
  {
    kind: 'movie',
    pattern: new RegExp(`[剧劇][场場]版|映画|[电電]影版|${START}(?:the\\s+)?movie${END}`, 'giu'),
  },
];

// Most titles carry no such word: one test of all the rules at once spares the replacements.
const ANY_RULE = new RegExp(RULES.map(({ pattern }) => pattern.source).join('|'), 'iu');

/** 2, "二", "十二", "二十" or "second" as a number. */
function numberOf(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const ordinal = ORDINAL_WORDS.indexOf(text.toLowerCase());
  if (ordinal >= 0) return ordinal + 2;
  const [tens, ones] = text.includes('十') ? text.split('十') : ['', text];
  const digit = (chinese: string | undefined) => CHINESE_DIGITS.indexOf(chinese ?? '') + 1;
  return text.includes('十') ? Math.max(digit(tens), 1) * 10 + digit(ones) : digit(ones);
}

// What removing a word leaves behind: empty brackets and separators at either end.
const EMPTY_BRACKETS = /[([【「『〈《]\s*[)\]】」』〉》]/gu;
const EDGE_SEPARATORS = /^[\s:：\-–—~〜～・･,，、]+|[\s:：\-–—~〜～・･,，、]+$/gu;

/**
 * Separates season, part, sequel and movie words from a title (NFKC-normalised first), so that
 * 间谍过家家 第二季 and SPY×FAMILY Season 2 both give their series' name and season 2. A sequel
 * word without a number (续篇, 続編) counts as season 2: a sequel is the series' second part.
 */
export function splitSeason(title: string): SeasonSplit {
  const text = title.normalize('NFKC');
  if (!ANY_RULE.test(text)) return { base: text.trim(), season: null, movie: false };
  let season: number | null = null;
  let movie = false;
  let base = text;
  for (const { kind, pattern } of RULES) {
    base = base.replace(pattern, (word) => {
      if (kind === 'movie') movie = true;
      if (kind === 'sequel') season ??= 2;
      const number = NUMBER_IN_WORD.exec(word)?.[0];
      if (kind === 'season' && number !== undefined) season ??= numberOf(number);
      return ' ';
    });
  }
  base = base.replace(EMPTY_BRACKETS, ' ').replace(/\s+/gu, ' ').replace(EDGE_SEPARATORS, '');
  return { base, season, movie };
}

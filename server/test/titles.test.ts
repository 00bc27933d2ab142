import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadTitleTable,
  sourceQueriesFor,
  suggest,
  TitleIndex,
  type TitleEntry,
} from '../src/titles';
import { kanjiReader } from '../src/titles/kanji-reader';
import { sourceQueriesRead } from '../src/titles/queries';
import { readKanjiTitle } from '../src/titles/romanise';

// The real table bangumi-data ships: the titles below must resolve through it.
let index: TitleIndex;
beforeAll(() => {
  index = new TitleIndex(loadTitleTable());
});
afterAll(() => kanjiReader.close());

const top = (query: string): TitleEntry | undefined => index.lookup(query)[0]?.entry;
const queriesOf = (query: string): string[] => sourceQueriesFor(top(query)!, index);
const anyContains = (queries: string[], wanted: RegExp) => queries.some((q) => wanted.test(q));

describe('titles: Chinese queries resolve to the work and to source queries', () => {
  it('声之形 is the 2016 film, found as A Silent Voice', () => {
    const entry = top('声之形')!;
    expect(entry).toMatchObject({ title: '映画 聲の形', type: 'movie' });
    expect(entry.begin.slice(0, 4)).toBe('2016');
    expect(index.lookup('声之形')[0]!.reason).toBe('exact');
    expect(anyContains(queriesOf('声之形'), /a silent voice|koe no katachi/i)).toBe(true);
  });

  it('葬送的芙莉莲 is Sousou no Frieren, found as Frieren', () => {
    expect(top('葬送的芙莉莲')).toMatchObject({ title: '葬送のフリーレン', type: 'tv' });
    expect(anyContains(queriesOf('葬送的芙莉莲'), /frieren/i)).toBe(true);
  });

  it('孤独摇滚 and 孤獨搖滾 are both Bocchi the Rock!', () => {
    expect(top('孤独摇滚')).toMatchObject({ title: 'ぼっち・ざ・ろっく！' });
    expect(top('孤獨搖滾')).toEqual(top('孤独摇滚'));
    const queries = queriesOf('孤独摇滚');
    expect(anyContains(queries, /bocchi the rock/i)).toBe(true);
    expect(queries).toContain('botchi za rokku');
  });

  it('间谍过家家 第二季 is the second season of Spy x Family, found through the series', () => {
    expect(top('间谍过家家 第二季')).toMatchObject({ title: 'SPY×FAMILY Season 2' });
    expect(anyContains(queriesOf('间谍过家家 第二季'), /^spy.?(x|×)?.?family$/i)).toBe(true);
  });

  it('进击的巨人 最终季 is The Final Season, found as Attack on Titan', () => {
    expect(top('进击的巨人 最终季')).toMatchObject({ title: '進撃の巨人 The Final Season' });
    expect(queriesOf('进击的巨人 最终季')).toEqual(['Attack on Titan']);
  });

  it('a later season the table gives no English name is found by its first season’s', () => {
    const second = top('葬送的芙莉莲 第二季')!;
    expect(second.en).toEqual([]);
    expect(anyContains(sourceQueriesFor(second, index), /frieren/i)).toBe(true);
  });

  it("spaces a kana title's romaji as the series' English titles do (悠哉日常大王: Non Non Biyori)", () => {
    expect(top('悠哉日常大王')).toMatchObject({ title: 'のんのんびより' });
    // Run together ("nonnonbiyori"), the romaji finds nothing on a site that lists it spaced.
    expect(queriesOf('悠哉日常大王')[0]).toBe('Non Non Biyori');
    // Without an English title in the series, the romaji as it is.
    expect(queriesOf('元气囝仔')).toEqual(['barakamon']);
  });

  it('sends one spelling of a title written several ways (SPY FAMILY, SPY×FAMILY, SPY x FAMILY)', () => {
    expect(queriesOf('间谍过家家')).toEqual(['SPY x FAMILY']);
  });

  it('drops the brackets an English title is written in (我推的孩子: 【Oshi No Ko】)', () => {
    expect(queriesOf('我推的孩子')).toEqual(['Oshi No Ko']);
    expect(queriesOf('我推的孩子 第二季')).toEqual(['Oshi No Ko']);
  });

  // A deadline, not a speed: kuromoji builds its dictionary in ~2 s on an idle machine, and beside
  // the other tiers a test of two builds went past 30 s.
  it('reads a kanji title the table gives no other query for (凉宫春日的忧郁, 化物语)', async () => {
    const haruhi = top('凉宫春日的忧郁')!;
    expect(haruhi.title).toBe('涼宮ハルヒの憂鬱');
    expect(sourceQueriesFor(haruhi, index)).toEqual([]);
    // Nouns run together, particles and katakana words spaced; 憂鬱 through katakana: yuuutsu.
    expect(await sourceQueriesRead(haruhi, index)).toEqual([
      expect.stringMatching(/ haruhi no yuuutsu$/),
    ]);
    // 化物 + 語 ("bakemonogo"): its first word, a part of "Bakemonogatari", replaces it.
    expect(await sourceQueriesRead(top('化物语')!, index)).toEqual(['bakemono']);
    // Kana the dictionary cuts (ぼ + っち) run together before romaji, so っ doubles: "botchi".
    const recap = await readKanjiTitle('劇場総集編ぼっち・ざ・ろっく！ Re:', kanjiReader);
    expect(recap).toEqual([expect.stringContaining('botchi za rokku')]);
    // A work with a query of its own is not read (no dictionary for it).
    expect(await sourceQueriesRead(top('葬送的芙莉莲 第二季')!, index)).toEqual(
      sourceQueriesFor(top('葬送的芙莉莲 第二季')!, index),
    );
  }, 180_000);

  it('gives at most three queries, none containing another (case aside)', () => {
    for (const entry of index.entries.slice(0, 2000)) {
      const queries = sourceQueriesFor(entry, index).map((q) => q.toLowerCase());
      expect(queries.length).toBeLessThanOrEqual(3);
      for (const query of queries) {
        expect(queries.filter((other) => other.includes(query))).toEqual([query]);
      }
    }
  });
});

describe('titles: lookup', () => {
  it('gives traditional and simplified the same answer', () => {
    const pairs = [
      ['进击的巨人 最终季', '進擊的巨人 最終季'],
      ['葬送的芙莉莲', '葬送的芙莉蓮'],
      ['间谍过家家 第二季', '間諜過家家 第二季'],
    ];
    for (const [simplified, traditional] of pairs) {
      expect(index.lookup(traditional!)).toEqual(index.lookup(simplified!));
    }
  });

  it('ignores spacing, width and punctuation', () => {
    const expected = top('孤独摇滚');
    for (const query of [
      '孤 独 摇 滚',
      '孤独摇滚！',
      '「孤独·摇滚」',
      '孤独摇滚!?',
      '  孤独摇滚  ',
    ]) {
      expect(top(query)).toEqual(expected);
    }
    expect(top('进击的巨人最终季')).toEqual(top('进击的巨人 最终季'));
  });

  it('finds the season asked for, however the season is written', () => {
    for (const query of [
      '间谍过家家 第2季',
      '间谍过家家第二期',
      '间谍过家家 2期',
      '间谍过家家 Season 2',
    ]) {
      expect(top(query)?.title).toBe('SPY×FAMILY Season 2');
    }
    expect(top('葬送的芙莉莲 第2季')?.title).toBe('葬送のフリーレン(第2期)');
    expect(index.lookup('间谍过家家 第2季')[0]!.reason).toBe('series');
  });

  it('finds the first season when no season is asked for', () => {
    expect(top('间谍过家家')?.title).toBe('SPY×FAMILY');
  });

  it('puts films first for 剧场版', () => {
    expect(top('间谍过家家 剧场版')?.type).toBe('movie');
  });

  it('matches the original Japanese title', () => {
    expect(top('葬送のフリーレン')?.title).toBe('葬送のフリーレン');
    expect(top('進撃の巨人')?.title).toBe('進撃の巨人');
  });

  it('matches a part of a name of two or more characters, closest and newest first', () => {
    const matches = index.lookup('进击的巨');
    expect(matches.length).toBeGreaterThan(5);
    expect(matches[0]).toMatchObject({ reason: 'prefix', name: '进击的巨人' });
    expect(index.lookup('摇滚').some((match) => match.entry.title === 'ぼっち・ざ・ろっく！')).toBe(
      true,
    );
  });

  it('returns nothing for a miss, an empty query or a lone character', () => {
    expect(index.lookup('这部作品绝对不存在')).toEqual([]);
    expect(index.lookup('  ！？ ')).toEqual([]);
    expect(index.lookup('兀')).toEqual([]);
  });
});

describe('titles: suggestions', () => {
  it('gives at most eight, each with its Chinese name, original title, year and type', () => {
    const suggestions = suggest(index, '进击的巨人');
    expect(suggestions).toHaveLength(8);
    expect(suggestions[0]).toEqual({
      id: top('进击的巨人')!.id,
      // bangumi.tv's subject id: what a stored match keeps.
      ref: '55770',
      chineseName: '进击的巨人',
      originalTitle: '進撃の巨人',
      year: 2013,
      type: 'tv',
    });
    for (const suggestion of suggestions) {
      expect(suggestion.year).toEqual(expect.any(Number));
      expect(['tv', 'movie', 'ova', 'web']).toContain(suggestion.type);
    }
    expect(suggest(index, '进击的巨人', 50)).toHaveLength(8);
    expect(suggest(index, '进击的巨人', 3)).toHaveLength(3);
  });

  it('shows the simplified name to a traditional query', () => {
    expect(suggest(index, '孤獨搖滾')[0]?.chineseName).toBe('孤独摇滚！');
  });

  it('suggests nothing for a miss', () => {
    expect(suggest(index, '这部作品绝对不存在')).toEqual([]);
  });
});

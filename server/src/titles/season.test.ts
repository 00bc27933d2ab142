import { describe, expect, it } from 'vitest';
import { titleKeys } from './normalise';
import { romaniseTitle } from './romanise';
import { splitSeason } from './season';

describe('season words', () => {
  it.each([
    ['间谍过家家 第二季', '间谍过家家', 2],
    ['间谍过家家 第2季', '间谍过家家', 2],
    ['葬送のフリーレン(第2期)', '葬送のフリーレン', 2],
    ['某作品 2期', '某作品', 2],
    ['SPY×FAMILY Season 2', 'SPY×FAMILY', 2],
    ['君に届け 2ND SEASON', '君に届け', 2],
    ['Some Show Third Season', 'Some Show', 3],
    ['某作品 第十二部', '某作品', 12],
    ['某作品 续篇', '某作品', 2],
    ['某作品 続編', '某作品', 2],
    ['間諜家家酒 第二部分', '間諜家家酒', null],
    ['進撃の巨人 Season3 Part.2', '進撃の巨人', 3],
    ['Attack on Titan The Final Season Part 3 (1st Half)', 'Attack on Titan', null],
    ['进击的巨人 最终季', '进击的巨人', null],
    ['チェンソーマン 総集篇', 'チェンソーマン', null],
    ['某作品 总集篇', '某作品', null],
    ['某作品 総集編', '某作品', null],
  ])('%s → %s, season %s', (title, base, season) => {
    expect(splitSeason(title)).toEqual({ base, season, movie: false });
  });

  it('takes 剧场版 and 映画 as a film hint', () => {
    expect(splitSeason('剧场版 间谍过家家')).toEqual({
      base: '间谍过家家',
      season: null,
      movie: true,
    });
    expect(splitSeason('劇場版 進撃の巨人')).toMatchObject({ base: '進撃の巨人', movie: true });
    expect(splitSeason('映画 聲の形')).toMatchObject({ base: '聲の形', movie: true });
  });

  it('leaves a title without season words as it is', () => {
    expect(splitSeason('BOCCHI THE ROCK!')).toEqual({
      base: 'BOCCHI THE ROCK!',
      season: null,
      movie: false,
    });
    expect(splitSeason('Reason Seasoned')).toMatchObject({ base: 'Reason Seasoned', season: null });
  });
});

describe('lookup keys', () => {
  it('fold traditional, Japanese variants, width, case, spaces and punctuation', () => {
    expect(titleKeys('孤獨搖滾！').key).toBe(titleKeys('孤独 摇滚').key);
    expect(titleKeys('進撃の巨人').key).toBe(titleKeys('进击の巨人').key);
    expect(titleKeys('ＳＰＹ×ＦＡＭＩＬＹ').key).toBe('spyfamily');
    expect(titleKeys('「声·之：形」【】').key).toBe('声之形');
  });

  it('keep the season beside the series key', () => {
    expect(titleKeys('間諜家家酒 第二季')).toEqual({
      key: '间谍家家酒第二季',
      baseKey: '间谍家家酒',
      season: 2,
      movie: false,
    });
  });
});

describe('romanised titles', () => {
  it('romanises kana titles spaced, without punctuation', () => {
    expect(romaniseTitle('ぼっち・ざ・ろっく！')).toBe('botchi za rokku');
    expect(romaniseTitle('のんのんびより りぴーと')).toBe('nonnonbiyori ripiito');
    expect(romaniseTitle('サザエさん')).toBe('sazae san');
  });

  it('gives nothing for kanji (no dictionary) or a title without kana', () => {
    expect(romaniseTitle('葬送のフリーレン')).toBeNull();
    expect(romaniseTitle('Rewrite')).toBeNull();
  });
});

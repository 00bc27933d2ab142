import { describe, expect, it } from 'vitest';
import { addEntry, suggestionsFor, type HistoryEntry } from './history';

const entry = (query: string, timestamp = 0): HistoryEntry => ({
  query,
  timestamp,
  results_count: 1,
});

describe('search history', () => {
  it('keeps the 10 newest searches, newest first', () => {
    let history: HistoryEntry[] = [];
    for (let n = 1; n <= 12; n++) history = addEntry(history, entry(`q${n}`, n));
    expect(history.map((e) => e.query)).toEqual([
      'q12',
      'q11',
      'q10',
      'q9',
      'q8',
      'q7',
      'q6',
      'q5',
      'q4',
      'q3',
    ]);
  });

  it('keeps one entry per query (case-insensitive), moved to the front', () => {
    const history = addEntry([entry('bleach', 2), entry('Non', 1)], entry('non', 3));
    expect(history).toEqual([entry('non', 3), entry('bleach', 2)]);
  });

  it('suggests up to 5 past queries once 2 characters are typed', () => {
    const history = ['one', 'none', 'nonstop', 'canon', 'anon', 'nonna', 'no'].map((q) => entry(q));
    expect(suggestionsFor(history, 'n')).toEqual([]);
    expect(suggestionsFor(history, 'NO').map((e) => e.query)).toEqual([
      'none',
      'nonstop',
      'canon',
      'anon',
      'nonna',
    ]);
    // The query being typed is not suggested back.
    expect(suggestionsFor(history, 'none').map((e) => e.query)).toEqual([]);
  });
});

// Search by Chinese (and Japanese) names through the API, against the replica: the local title
// table (bangumi-data) turns a name into the source queries that can find the work, the fewest of
// them are sent (at most three, paced and cached like any search), and each result says which
// Chinese name found it. English and romaji searches stay as they were.
import { KEY_IDS } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { SHIPPED_TITLES_FILE } from '../src/titles';
import { databaseKind, startTestApp } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.replica.resetCounts());

interface Answer {
  results: { title: string; kind: string; id: number; chinese_name?: string | null }[];
  cached: boolean;
  title_matches?: {
    chinese_name: string;
    original_title: string;
    queries: string[];
    tried: string[];
  }[];
}

async function search(query: string): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: t.headers,
    payload: { query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

/** The search pages the replica was asked for, by their `q`. */
const sourceSearches = () =>
  Object.keys(t.replica.counts().targets.pages)
    .filter((target) => target.startsWith('/search.php?'))
    .map((target) => new URL(target, 'http://x').searchParams.get('q'));

describe(`search by Chinese names (${databaseKind})`, () => {
  it('finds a film through its English title (声之形 → A Silent Voice), in one source request', async () => {
    const found = await search('声之形');
    expect(found.results).toEqual([
      expect.objectContaining({
        id: KEY_IDS.englishTitleMovie,
        kind: 'movie',
        title: 'A Silent Voice (2016)',
        chinese_name: '声之形',
      }),
    ]);
    expect(found.title_matches?.[0]).toMatchObject({
      chinese_name: '声之形',
      original_title: '映画 聲の形',
    });
    expect(sourceSearches()).toEqual(['a silent voice']);

    // Traditional characters name the same work; the search is now cached.
    const again = await search('聲之形');
    expect(again.results.map((r) => r.id)).toEqual([KEY_IDS.englishTitleMovie]);
    expect(again.cached).toBe(true);
    expect(sourceSearches()).toEqual(['a silent voice']);
  });

  it('finds a work only through its romanised original (元气囝仔 → barakamon)', async () => {
    const found = await search('元气囝仔');
    expect(found.results).toEqual([
      expect.objectContaining({
        id: KEY_IDS.romajiShow,
        title: 'Barakamon',
        chinese_name: '元气囝仔',
      }),
    ]);
    expect(sourceSearches()).toEqual(['barakamon']);
  });

  it('finds a work whose romaji the source spaces (悠哉日常大王 → Non Non Biyori)', async () => {
    const found = await search('悠哉日常大王');
    expect(found.results.map((r) => r.id)).toEqual([KEY_IDS.spacedRomajiShow]);
    expect(found.results[0]!.chinese_name).toBe('悠哉日常大王');
  });

  it('finds a later season through its first season (葬送的芙莉莲 第二季), trying the fewest queries', async () => {
    const found = await search('葬送的芙莉莲 第二季');
    expect(found.results).toEqual([
      expect.objectContaining({
        id: KEY_IDS.siblingSeasonShow,
        chinese_name: '葬送的芙莉莲 第二季',
      }),
    ]);
    // The first English spelling finds nothing here; the second does, and nothing more is sent.
    expect(sourceSearches()).toEqual([
      "frieren: beyond the journey's end",
      "frieren: beyond journey's end",
    ]);
  });

  it('says which names were tried when the source has none of them, within three requests', async () => {
    const found = await search('孤独摇滚');
    expect(found.results).toEqual([]);
    expect(found.title_matches?.[0]).toMatchObject({
      chinese_name: '孤独摇滚！',
      queries: expect.arrayContaining(['BOCCHI THE ROCK!', 'botchi za rokku']),
    });
    // What the answer says it tried is what the source was asked, and no more than three.
    const tried = found.title_matches!.flatMap((match) => match.tried);
    expect(tried.map((name) => name.toLowerCase())).toEqual(sourceSearches());
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.length).toBeLessThanOrEqual(3);
  });

  it('sends nothing for a name the table does not know, and says so', async () => {
    const found = await search('完全没有这部作品');
    expect(found).toMatchObject({ results: [], title_matches: [] });
    expect(t.upstreamRequests()).toBe(0);
  });

  // A deadline, not a speed: kuromoji builds its dictionary in ~2 s on an idle machine, and beside
  // the other tiers a test of two builds went past 30 s.
  it('finds a work through its kanji original read by the dictionary (化物语 → 化物語)', async () => {
    const found = await search('化物语');
    expect(found.results).toEqual([
      expect.objectContaining({ id: KEY_IDS.kanjiReadShow, chinese_name: '化物语' }),
    ]);
    expect(found.title_matches?.[0]).toMatchObject({ original_title: '化物語' });
    // 化物 + 語 read "bakemonogo"; its first word is a part of the source's "Bakemonogatari".
    expect(sourceSearches()).toEqual(['bakemono']);
  }, 180_000);

  it('finds a romaji title written together through the table (nonnonbiyori → Non Non Biyori)', async () => {
    await search('悠哉日常大王'); // the table is loaded (an English query never waits for it)
    t.replica.resetCounts();
    const found = await search('nonnonbiyori');
    expect(found.results.map((r) => r.id)).toEqual([KEY_IDS.spacedRomajiShow]);
    // The query as it is first (it counts as one of the three), then the work's own title, which
    // the search by 悠哉日常大王 left in the cache.
    expect(sourceSearches()).toEqual(['nonnonbiyori']);
    expect(found.title_matches?.[0]?.tried).toEqual(['nonnonbiyori', 'Non Non Biyori']);
  });

  it('searches an English or romaji query as before', async () => {
    const found = await search('hanabi');
    expect(found.results.map((r) => r.id)).toEqual([KEY_IDS.longShow]);
    // No work of the table has this title: no Chinese name beside it.
    expect(found.results[0]!.chinese_name).toBeNull();
    expect(found.title_matches).toBeUndefined();
    expect(sourceSearches()).toEqual(['hanabi']);
  });

  it('suggests works from the local table while a Chinese name is typed, without the source', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search/titles?q=${encodeURIComponent('孤独')}`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json<{
      suggestions: { chinese_name: string; year: number | null; type: string }[];
    }>();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions).toContainEqual(
      expect.objectContaining({ chinese_name: '孤独摇滚！', year: 2022, type: 'tv' }),
    );
    const latin = await t.app.inject({
      method: 'GET',
      url: '/api/search/titles?q=hanabi',
      headers: t.headers,
    });
    expect(latin.json()).toEqual({ suggestions: [] });
    expect(t.upstreamRequests()).toBe(0);
  });

  it('tells the settings page which title table it reads: the shipped one, or TITLES_FILE', async () => {
    const source = (headers: { authorization: string }, app = t.app) =>
      app.inject({ method: 'GET', url: '/api/search/titles/source', headers });
    expect((await source(t.headers)).json()).toEqual({ titles_file: null });
    const own = await startTestApp({ TITLES_FILE: SHIPPED_TITLES_FILE });
    try {
      const res = await source(await own.userHeaders('credits@example.com'), own.app);
      // Its name only: where the server keeps it is none of the page's business.
      expect(res.json()).toEqual({ titles_file: 'data.json' });
    } finally {
      await own.close();
    }
  });

  it('stops the start on a TITLES_FILE that is not a title table, naming the setting', async () => {
    const failure = await startTestApp({ TITLES_FILE: '/nonexistent/data.json' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).message).toMatch(/TITLES_FILE \(\/nonexistent\/data\.json\)/);
  });
});

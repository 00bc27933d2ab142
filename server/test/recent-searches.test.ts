import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let a: { authorization: string };
let b: { authorization: string };
beforeAll(async () => {
  t = await startTestApp();
  a = await t.userHeaders('searcher-a@example.com');
  b = await t.userHeaders('searcher-b@example.com');
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
interface Entry {
  query: string;
  results_count: number;
  searched_at: string;
}
const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers?: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const add = async (headers: Headers, query: string, results_count = 1) => {
  const res = await call('POST', '/api/search/recent', headers, { query, results_count });
  expect(res.statusCode, res.body).toBe(204);
};
const list = async (headers: Headers) => {
  const res = await call('GET', '/api/search/recent', headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ searches: Entry[] }>().searches;
};
const suggest = async (headers: Headers, q: string) => {
  const res = await call(
    'GET',
    `/api/search/recent/suggestions?q=${encodeURIComponent(q)}`,
    headers,
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ searches: Entry[] }>().searches.map((s) => s.query);
};
const clear = async (headers: Headers) => {
  const res = await call('DELETE', '/api/search/recent', headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ cleared: number }>().cleared;
};

describe(`recent searches (${databaseKind})`, () => {
  it('keeps each query once, newest first, the newest 10 only', async () => {
    for (let i = 1; i <= 12; i++) await add(a, `query ${i}`, i);
    await add(a, '  Query 5 ', 50);
    const entries = await list(a);
    expect(entries.map((e) => e.query)).toEqual([
      'query 5',
      'query 12',
      'query 11',
      'query 10',
      'query 9',
      'query 8',
      'query 7',
      'query 6',
      'query 4',
      'query 3',
    ]);
    expect(entries[0]).toMatchObject({ results_count: 50, searched_at: expect.any(String) });
    expect(await clear(a)).toBe(10);
    expect(await list(a)).toEqual([]);
  });

  it('suggests up to 5 of the account’s own past queries containing 2+ characters', async () => {
    for (const q of [
      'hanabi',
      'hanabi 2',
      'lighthouse',
      'han',
      '100%_done',
      'hana',
      'ohana',
      'xhan',
    ])
      await add(a, q);
    expect(await suggest(a, 'h')).toEqual([]);
    expect(await suggest(a, 'HAN')).toEqual(['xhan', 'ohana', 'hana', 'hanabi 2', 'hanabi']);
    expect(await suggest(a, 'hanabi')).toEqual(['hanabi 2']);
    // The text is matched as text: % and _ are no wildcards.
    expect(await suggest(a, '%_')).toEqual(['100%_done']);
    expect(await suggest(a, '0_')).toEqual([]);
  });

  it('never shows one account’s searches or suggestions to another, nor lets it clear them', async () => {
    await add(a, 'private show');
    const before = await list(a);
    expect(before.map((e) => e.query)).toContain('private show');

    expect(await list(b)).toEqual([]);
    expect(await suggest(b, 'private')).toEqual([]);
    expect(await suggest(b, 'han')).toEqual([]);
    expect(await clear(b)).toBe(0);
    expect(await list(a)).toEqual(before);

    await add(b, 'private show', 3);
    expect((await list(b)).map((e) => e.query)).toEqual(['private show']);
    expect(await list(a)).toEqual(before);
    expect(await clear(b)).toBe(1);
    expect(await list(a)).toEqual(before);
  });

  it('refuses bad input with the contract error and anonymous callers with 401', async () => {
    for (const payload of [
      {},
      { query: '   ' },
      { query: 'x'.repeat(201) },
      { query: 'ok', results_count: -1 },
      { query: 'ok', results_count: 1.5 },
      { query: 7 },
    ]) {
      const res = await call('POST', '/api/search/recent', a, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
    }
    const long = await call('GET', `/api/search/recent/suggestions?q=${'x'.repeat(201)}`, a);
    expect(long.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/search/recent'],
      ['POST', '/api/search/recent'],
      ['DELETE', '/api/search/recent'],
      ['GET', '/api/search/recent/suggestions?q=ab'],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'POST' ? { query: 'x' } : undefined,
      );
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});

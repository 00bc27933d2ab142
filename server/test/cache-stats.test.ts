import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../src/db';
import { CachedImageRecords } from '../src/images';
import { databaseKind, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CACHE_MIN_FREE: '0' });
});
afterAll(async () => {
  await t.close();
});

/** Every query a Kysely instance sends, as SQL text. */
function recording(app: TestApp) {
  const sent: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      sent.push(node);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  const db = app.services.db.kysely;
  const sqlOf = () => sent.map((node) => db.getExecutor().compileQuery(node, { queryId: 'q' }).sql);
  return { db: db.withPlugin(plugin), sqlOf, clear: () => sent.splice(0) };
}

/** The totals counted the slow way, to hold the running ones against. */
async function counted(app: TestApp) {
  const rows = await app.services.db.kysely
    .selectFrom('cached_images')
    .select(['kind', 'id', 'bytes'])
    .execute();
  return {
    total_images: new Set(rows.map((r) => `${r.kind}:${r.id}`)).size,
    size_bytes: rows.reduce((sum, r) => sum + Number(r.bytes), 0),
  };
}

describe(`cache stats from running totals (${databaseKind})`, () => {
  it('answers with one primary-key read whatever the cache holds, and the totals match the rows', async () => {
    const { db, sqlOf, clear } = recording(t);
    const records = new CachedImageRecords(db);
    for (let id = 1; id <= 400; id++) {
      await records.written('anime', id, 'thumb', 1000 + id);
      if (id % 2 === 0) await records.written('anime', id, 'large', 50_000 + id);
    }
    await records.written('anime', 7, 'thumb', 999); // written again: replaces, not adds
    for (let id = 1; id <= 400; id += 5) await records.delete('anime', id);
    await records.delete('anime', 2, { size: 'large', cachedAt: 'not-the-row', evicted: true });

    clear();
    const stats = await records.stats();
    const queries = sqlOf();
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^select .* from "cache_totals" where "id" = [?$]1?$/);
    expect(queries[0]).not.toMatch(/count\(|sum\(|cached_images/);
    expect(stats).toMatchObject(await counted(t));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/images/cache-stats' });
    expect(anonymous.json()).toEqual(stats);
  });

  // Two SQLite connections in one process would wait on each other's lock synchronously; SQLite
  // serialises writers anyway (BEGIN IMMEDIATE). Postgres is where workers write side by side.
  it.runIf(databaseKind === 'postgres')(
    'stays exact while two processes write and delete the same images at once',
    async () => {
      const { config } = t.services;
      const second = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
      try {
        const mine = t.services.imageRecords;
        const theirs = new CachedImageRecords(second.kysely);
        const ids = Array.from({ length: 60 }, (_, i) => 10_000 + i);
        // Each image's first file arrives in both processes at once (a distinct image each time).
        await Promise.all(
          ids.flatMap((id) => [
            mine.written('tv', id, 'thumb', 2000),
            theirs.written('tv', id, 'large', 60_000),
          ]),
        );
        expect(await mine.stats()).toMatchObject(await counted(t));
        await Promise.all(ids.flatMap((id) => [mine.delete('tv', id), theirs.delete('tv', id)]));
        expect(await mine.stats()).toMatchObject(await counted(t));
      } finally {
        await second.close();
      }
    },
  );
});

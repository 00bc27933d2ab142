// Two app instances on one database and one data directory, as two processes of a scale-out are:
// each has its own in-memory single flight, so only the shared fetch leases keep the source site
// from being asked twice.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { KEY_IDS, episodeById, renderImage } from '@capshelf/replica';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/http/app';
import { createServices, type Services } from '../src/services';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp;
let otherServices: Services;
let other: FastifyInstance;
beforeAll(async () => {
  // The replica draws each original on request: beside the other tiers of a full run that took
  // over the default 3 s, and the retry made a second request where the test counts one.
  t = await startBrowseApp({ UPSTREAM_TIMEOUT: '30s' });
  otherServices = await createServices(t.services.config);
  other = await buildHttpApp(otherServices, { webRoot: t.dataDir });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await otherServices.close();
  await t.close();
});
beforeEach(() => {
  t.replica.resetCounts();
});

const episodeUrl = (id: number) =>
  `/api/images/episode/${encodeURIComponent(`${t.replica.pageOrigin}/anime/episodeimages.php?${id}`)}`;
const both = (url: string) =>
  Promise.all([t.app, other].map((app) => app.inject({ method: 'GET', url, headers: t.headers })));

describe(`fetches shared across processes (${databaseKind})`, () => {
  it('walks a long episode once when two processes are asked for it at once', async () => {
    const id = KEY_IDS.bigEpisode;
    const expected = episodeById(id)!.imageIds;
    const answers = await both(episodeUrl(id));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().images.map((i: { id: number }) => i.id)).toEqual(expected);
      expect(res.json().cached).toBe(false);
    }
    expect(t.upstreamRequests()).toBe(Math.ceil(expected.length / 36));
  });

  it('fetches an image once when two processes are asked for it at once', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[20]!;
    const answers = await both(`/api/images/${id}.jpg?kind=anime&size=large`);
    const picture = await renderImage('anime', id, 'large');
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(picture)).toBe(true);
    }
    expect(t.upstreamRequests()).toBe(1);
  });

  it('takes over at once from a process on this machine that died holding the fetch', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[23]!;
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    await t.services.db.kysely
      .insertInto('upstream_fetches')
      .values({
        key: `image:anime:${id}:thumb`,
        holder: `${os.hostname()}/${gone}/${Date.now() - 1000}/its-own-id`,
        expires_at: Date.now() + 60_000,
      })
      .execute();
    const started = Date.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/images/${id}.jpg?kind=anime&size=thumb`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('takes over from a process elsewhere once its lease expires', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[21]!;
    const deadUntil = Date.now() + 400;
    await t.services.db.kysely
      .insertInto('upstream_fetches')
      .values({
        key: `image:anime:${id}:thumb`,
        holder: 'another-host/123/1700000000000/its-own-id',
        expires_at: deadUntil,
      })
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/images/${id}.jpg?kind=anime&size=thumb`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(deadUntil);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('does not leave the other process waiting when the fetch fails', async () => {
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[22]!;
    // The first fetch and its one retry fail; whoever waited for it then fetches for itself.
    t.replica.setFault('ant', { type: 'error', status: 503, times: 2 });
    const answers = await both(`/api/images/${id}.jpg?kind=anime&size=thumb`);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(500);
    expect(t.upstreamRequests()).toBe(3);
  });

  it('leaves no lease behind', async () => {
    const rows = await t.services.db.kysely.selectFrom('upstream_fetches').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { KEY_IDS, episodeById, startReplica, type Replica } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DOWN_AFTER } from '../src/images/host-health';
import { createServices, type Services } from '../src/services';
import { databaseKind, startTestApp, type TestApp } from './helpers';
import { FAST_PACING } from './support/browse';

/**
 * Two service graphs on one database, as two app processes (WORKERS=2) run: what one learns
 * about the source's hosts the other knows without asking again. An image host one found dead is
 * skipped by the other, and the site-health page's request counts are both processes' together.
 */

const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;

/** What `read` answers once `done` holds (writes to the shared store are not awaited by fetches). */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 80 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

/** An image host that takes connections and drops them at once, counting them. */
async function startDeadHost(): Promise<{
  origin: string;
  connections: number;
  close(): Promise<void>;
}> {
  const host = { origin: '', connections: 0 };
  const server: Server = createServer((socket) => {
    host.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(host, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let replica: Replica;
let dead: Awaited<ReturnType<typeof startDeadHost>>;
let one: TestApp;
let two: Services;

beforeAll(async () => {
  replica = await startReplica();
  dead = await startDeadHost();
  const env = {
    ...replica.env(),
    ...FAST_PACING,
    UPSTREAM_RETRIES: '0',
    THUMBNAIL_PREFETCH: 'false',
    UPSTREAM_SMALL_URL_ANIME: `${dead.origin}/{id}.jpg`,
  };
  one = await startTestApp(env);
  const { config } = one.services;
  two = await createServices(
    loadConfig({
      ...env,
      DATA_DIR: config.dataDir,
      LOG_LEVEL: 'silent',
      UPSTREAM_CHALLENGE_SOLVER: 'off',
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    }),
    { alone: false },
  );
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await dead?.close();
  await replica?.close();
});

describe(`source host state shared by two processes (${databaseKind})`, () => {
  it('an image host one process learnt is down is skipped by the other', async () => {
    for (const id of ids.slice(0, DOWN_AFTER)) {
      const image = await one.services.images.get('anime', id, 'small');
      expect(image.key).toMatch(/large/);
    }
    expect(dead.connections).toBe(DOWN_AFTER);
    const host = new URL(dead.origin).host;
    const learnt = await settled(
      async () => (await two.cdnHealth.imageHosts()).find((h) => h.host === host),
      (h) => h?.state === 'down',
    );
    expect(learnt).toMatchObject({
      state: 'down',
      failures_in_a_row: DOWN_AFTER,
    });
    // The other process serves 小图 from the originals without trying the dead host.
    for (const id of ids.slice(DOWN_AFTER, DOWN_AFTER + 4)) {
      const image = await two.images.get('anime', id, 'small');
      expect(image.key).toMatch(/large/);
    }
    expect(dead.connections).toBe(DOWN_AFTER);
  });

  it("the site-health page counts both processes' requests", async () => {
    replica.resetCounts();
    for (const id of ids.slice(100, 102)) await one.services.images.get('anime', id, 'thumb');
    for (const id of ids.slice(102, 105)) await two.images.get('anime', id, 'thumb');
    expect(replica.counts().hosts.ant).toBe(5);
    const thumbHost = new URL(
      one.services.config.upstream.imageUrls.thumb.anime.replace('{id}', '1'),
    ).host;
    for (const services of [one.services, two]) {
      const thumbs = await settled(
        async () => (await services.siteHealth.view()).hosts.find((h) => h.host === thumbHost),
        (h) => h?.requests_last_day === 5,
      );
      expect(thumbs).toMatchObject({ requests_last_hour: 5, requests_last_day: 5 });
    }
  });
});

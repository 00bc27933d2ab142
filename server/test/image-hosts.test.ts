import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_IDS, episodeById, renderImage } from '@capshelf/replica';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWN_AFTER, FIRST_DOWN_MS } from '../src/images/host-health';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

/** A stand-in image host that can die (connections reset), lose its images (404) or serve. */
async function startFlakyHost() {
  const host = { mode: 'dead' as 'dead' | 'missing' | 'serving', requests: 0, origin: '' };
  const server: Server = createServer((req, res) => {
    host.requests += 1;
    if (host.mode === 'dead') return req.socket.destroy();
    if (host.mode === 'missing') return res.writeHead(404).end('not here');
    const id = Number(/(\d+)\.jpg$/.exec(req.url ?? '')?.[1]);
    void renderImage('anime', id, 'small').then((body) =>
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(host, {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

describe(`image hosts that stop answering are learnt (${databaseKind})`, () => {
  let t: BrowseApp;
  let flaky: Awaited<ReturnType<typeof startFlakyHost>>;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
    await flaky.close();
  });

  const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
  const image = (id: number, size: 'thumb' | 'small' | 'large') =>
    t.app.inject({
      method: 'GET',
      url: `/api/images/${id}.jpg?kind=anime&size=${size}`,
      headers: t.headers,
    });
  const hostState = async () => {
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/images/cdn-status',
      headers: t.headers,
    });
    return (status.json() as { hosts: { host: string; state: string }[] }).hosts.find(
      (h) => h.host === new URL(flaky.origin).host,
    );
  };

  async function start(which: 'SMALL' | 'THUMB') {
    flaky = await startFlakyHost();
    t = await startBrowseApp({
      UPSTREAM_RETRIES: '0',
      // The replica renders each original on request (slow beside other tiers): past the usual
      // 3 s the original host would time out too, and a thumbnail stand in for it.
      UPSTREAM_TIMEOUT: '30s',
      [`UPSTREAM_${which}_URL_ANIME`]: `${flaky.origin}/{id}.jpg`,
    });
  }

  it('a dead 小图 host: the original serves meanwhile, no request per image, re-probed later', async () => {
    await start('SMALL');
    for (const id of ids.slice(0, DOWN_AFTER)) {
      const res = await image(id, 'small');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-image-size']).toBe('large');
    }
    expect(flaky.requests).toBe(DOWN_AFTER);
    expect(await hostState()).toMatchObject({ state: 'down' });

    t.replica.resetCounts();
    for (const id of ids.slice(DOWN_AFTER, DOWN_AFTER + 5)) {
      const res = await image(id, 'small');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-image-size']).toBe('large');
      expect(res.rawPayload.equals(await renderImage('anime', id, 'large'))).toBe(true);
    }
    expect(flaky.requests).toBe(DOWN_AFTER);
    expect(t.replica.counts().hosts.cdni).toBe(5);

    // Back after its down time: one probe finds it, and it serves 小图 again.
    flaky.mode = 'serving';
    const later = Date.now() + FIRST_DOWN_MS + 1000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    const probe = await image(ids[20]!, 'small');
    expect(probe.headers['x-image-size']).toBe('small');
    expect(flaky.requests).toBe(DOWN_AFTER + 1);
    expect(await hostState()).toMatchObject({ state: 'up' });
    expect((await image(ids[21]!, 'small')).headers['x-image-size']).toBe('small');
  });

  it('a host answering 404 for images that exist elsewhere counts as failing too', async () => {
    await start('SMALL');
    flaky.mode = 'missing';
    for (const id of ids.slice(0, DOWN_AFTER + 3)) {
      expect((await image(id, 'small')).headers['x-image-size']).toBe('large');
    }
    expect(flaky.requests).toBe(DOWN_AFTER);
    expect(await hostState()).toMatchObject({ state: 'down' });
  });

  it('a dead thumbnail host: thumbnails come from the originals once it is learnt', async () => {
    await start('THUMB');
    for (const id of ids.slice(0, DOWN_AFTER)) {
      expect((await image(id, 'thumb')).statusCode).toBe(502);
    }
    const res = await image(ids[DOWN_AFTER]!, 'thumb');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-image-size']).toBe('large');
    expect(flaky.requests).toBe(DOWN_AFTER);
  });
});

import type { AddressInfo } from 'node:net';
import { KEY_IDS, episodeById, renderImage } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

// Repeat image views are answered in front of Fastify, so only real HTTP reaches that code
// (`inject` goes straight to Fastify): every request here goes over a socket.
let t: BrowseApp;
let base: string;
beforeAll(async () => {
  t = await startBrowseApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.replica.resetCounts();
});

const imageIds = episodeById(KEY_IDS.bigEpisode)!.imageIds;
const get = (path: string, headers: Record<string, string> = t.headers) =>
  fetch(`${base}${path}`, { headers });

/** Everything a client sees of an answer, but the clock. */
async function answer(res: Response) {
  const headers = Object.fromEntries(res.headers);
  delete headers.date;
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe(`repeat image views over HTTP (${databaseKind})`, () => {
  it('answer exactly as the first view did, without asking the source again', async () => {
    const id = imageIds[10]!;
    const url = `/api/images/${id}.jpg?kind=anime&size=thumb`;
    const first = await answer(await get(url));
    expect(first.status).toBe(200);
    expect(first.body.equals(await renderImage('anime', id, 'thumb'))).toBe(true);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (let view = 0; view < 3; view++) expect(await answer(await get(url))).toEqual(first);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('answer a revalidation with 304 and the same headers as the route', async () => {
    const id = imageIds[11]!;
    const viaRoute = `/api/images/${id}.jpg?size=thumb`; // no kind: the route looks it up
    const etag = (await get(`/api/images/${id}.jpg?kind=anime&size=thumb`)).headers.get('etag')!;
    const conditional = { ...t.headers, 'if-none-match': etag };
    const fromRoute = await answer(await get(viaRoute, conditional));
    const repeat = await answer(
      await get(`/api/images/${id}.jpg?kind=anime&size=thumb`, conditional),
    );
    expect(fromRoute.status).toBe(304);
    expect(repeat).toEqual(fromRoute);
  });

  it('never answer without a live session, even for bytes in memory', async () => {
    const url = `/api/images/${imageIds[12]!}.jpg?kind=anime&size=thumb`;
    expect((await get(url)).status).toBe(200);

    const strangers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-session' },
      { cookie: 'capshelf_session=forged' },
    ];
    for (const headers of strangers) {
      const res = await get(url, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'browser@example.com', password: 'UserPass123' }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const token = ((await login.json()) as { access_token: string }).access_token;
    expect((await get(url, { cookie })).status).toBe(200);
    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.ok).toBe(true);
    expect((await get(url, { cookie })).status).toBe(401);
    expect((await get(url, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('leave unusual requests to the route, which answers them as always', async () => {
    const id = imageIds[13]!;
    expect((await get(`/api/images/${id}.jpg?kind=anime&size=thumb`)).status).toBe(200);
    t.replica.resetCounts();

    const head = await fetch(`${base}/api/images/${id}.jpg?kind=anime&size=thumb`, {
      method: 'HEAD',
      headers: t.headers,
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);

    for (const query of [
      'kind=anime&kind=tv&size=thumb',
      'kind=anime&size=huge',
      'kind=x&size=thumb',
    ]) {
      const res = await get(`/api/images/${id}.jpg?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await get(`/api/images/0${id}.jpg?kind=anime&size=thumb`)).status).toBe(400);
    expect((await get(`/api/images/${id}.jpg/?kind=anime&size=thumb`)).status).toBe(200);
    expect(t.upstreamRequests()).toBe(0);
  });

  it('answer an image stored on disk but not in memory as the route does, to sessions only', async () => {
    const [id, other] = [imageIds[15]!, imageIds[16]!];
    await t.services.images.prefetch('anime', id, 'thumb');
    await t.services.images.prefetch('anime', other, 'thumb');
    t.replica.resetCounts();
    const url = (n: number) => `/api/images/${n}.jpg?kind=anime&size=thumb`;
    const strangers: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-session' }];
    for (const headers of strangers) {
      expect((await get(url(id), headers)).status).toBe(401);
    }
    const fromDisk = await answer(await get(url(id)));
    expect(fromDisk.status).toBe(200);
    expect(fromDisk.body.equals(await renderImage('anime', id, 'thumb'))).toBe(true);
    // The route (no kind in the URL) answers the other stored image with the same headers.
    const fromRoute = await answer(await get(`/api/images/${other}.jpg?size=thumb`));
    const { etag: _etag, 'content-length': _length, ...shared } = fromRoute.headers;
    expect(fromDisk.headers).toMatchObject(shared);
    expect(fromDisk.headers['content-length']).toBe(String(fromDisk.body.length));
    expect(t.upstreamRequests()).toBe(0);
  });

  it('stop serving an image from memory once its files are deleted', async () => {
    const id = imageIds[14]!;
    const url = `/api/images/${id}.jpg?kind=anime&size=thumb`;
    await get(url);
    await get(url);
    expect(t.upstreamRequests()).toBe(1);
    await t.services.images.delete([{ kind: 'anime', id }]);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(t.upstreamRequests()).toBe(2);
  });
});

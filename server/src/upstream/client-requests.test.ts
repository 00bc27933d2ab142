import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../config';
import type { UpstreamClient } from './client-api';
import { createUpstreamClient } from './client';
import { FetchPriority } from './client-api';
import { UpstreamUrlRefusedError } from './errors';
import { testUpstreamConfig } from './test-config';
import { IMPERSONATED_USER_AGENT } from './transport';
import { PAGE } from './test-server';
import {
  gaps,
  images,
  pages,
  sendImage,
  sendPage,
  testHostsConfig,
  useTestHosts,
} from './test-client';

let client: UpstreamClient;

function makeClient(overrides: Partial<UpstreamConfig> = {}): UpstreamClient {
  client = createUpstreamClient(testHostsConfig(overrides));
  return client;
}

useTestHosts(() => client?.close());

describe('upstream client: requests', () => {
  it("sends the impersonated browser's headers, in its order, and the configured cookie", async () => {
    makeClient({ cookie: 'cf_clearance=abc', userAgent: 'TestBrowser/1.0' });
    await expect(client.fetchPage(`${pages.origin}/anime/showimages.php?1`)).resolves.toBe(PAGE);
    const { headers, rawHeaders } = pages.hits[0]!;
    expect(client.userAgent).toBe(IMPERSONATED_USER_AGENT);
    expect(headers['user-agent']).toBe(IMPERSONATED_USER_AGENT);
    expect(headers['sec-ch-ua']).toMatch(/"Google Chrome";v="151"/);
    expect(headers.cookie).toBe('cf_clearance=abc');
    const names = rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    const browserOrder = ['sec-ch-ua', 'sec-ch-ua-mobile', 'sec-ch-ua-platform', 'user-agent'];
    expect(names.filter((name) => browserOrder.includes(name))).toEqual(browserOrder);
    expect(names.indexOf('user-agent')).toBeLessThan(names.indexOf('accept'));
    expect(names.indexOf('accept')).toBeLessThan(names.indexOf('accept-encoding'));
    expect(client.health().requestsSent).toBe(1);
  });

  it('with UPSTREAM_TRANSPORT=node sends the configured User-Agent and a Referer', async () => {
    makeClient({ transport: 'node', cookie: 'cf_clearance=abc', userAgent: 'TestBrowser/1.0' });
    await expect(client.fetchPage(`${pages.origin}/anime/showimages.php?1`)).resolves.toBe(PAGE);
    const { headers } = pages.hits[0]!;
    expect(client.userAgent).toBe('TestBrowser/1.0');
    expect(headers['user-agent']).toBe('TestBrowser/1.0');
    expect(headers.referer).toBe(`${pages.origin}/`);
    expect(headers.cookie).toBe('cf_clearance=abc');
    expect(headers.accept).toMatch(/text\/html/);
    expect(headers['accept-language']).toMatch(/^en/);
  });

  it('inflates gzip pages', async () => {
    makeClient();
    pages.handle = (req, res) => {
      expect(req.headers['accept-encoding']).toMatch(/gzip/);
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(PAGE));
    };
    await expect(client.fetchPage(`${pages.origin}/x`)).resolves.toBe(PAGE);
  });

  it('returns images with their content type', async () => {
    makeClient();
    images.handle = (_, res) => sendImage(res);
    const image = await client.fetchImage(`${images.origin}/anime/5.jpg`);
    expect(image.contentType).toBe('image/jpeg');
    expect([...image.body]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('refuses URLs outside the site without sending anything', async () => {
    makeClient();
    await expect(client.fetchPage('http://127.0.0.1:9/x')).rejects.toBeInstanceOf(
      UpstreamUrlRefusedError,
    );
    await expect(client.fetchPage(`http://fancaps.net@${pages.host}/`)).rejects.toBeInstanceOf(
      UpstreamUrlRefusedError,
    );
    await expect(client.fetchPage('not a url')).rejects.toBeInstanceOf(UpstreamUrlRefusedError);
    expect(client.health().requestsSent).toBe(0);
  });

  it('follows redirects on the site, refuses those leaving it', async () => {
    makeClient();
    pages.handle = (req, res) => {
      if (req.url === '/a') res.writeHead(302, { location: '/b' }).end();
      else if (req.url === '/evil') res.writeHead(302, { location: 'http://evil.example/' }).end();
      else sendPage(res);
    };
    await expect(client.fetchPage(`${pages.origin}/a`)).resolves.toBe(PAGE);
    await expect(client.fetchPage(`${pages.origin}/evil`)).rejects.toBeInstanceOf(
      UpstreamUrlRefusedError,
    );
    expect(pages.hits.map((hit) => hit.path)).toEqual(['/a', '/b', '/evil']);
  });
});

describe('upstream client: pacing', () => {
  it('spaces page requests and runs them one at a time', async () => {
    makeClient({ pages: { concurrency: 1, spacingMs: 100 } });
    pages.handle = (_, res) => setTimeout(() => sendPage(res), 20);
    await Promise.all([1, 2, 3, 4].map((n) => client.fetchPage(`${pages.origin}/p${n}`)));
    expect(pages.maxInFlight).toBe(1);
    // Arrival times at the test server carry a little scheduling noise, hence the margin.
    for (const gap of gaps(pages.hits.map((hit) => hit.at))) expect(gap).toBeGreaterThanOrEqual(80);
  });

  it('lets image hosts run their own concurrency and spacing, apart from the page host', async () => {
    makeClient({
      thumbs: { concurrency: 2, spacingMs: 60 },
      pages: { concurrency: 1, spacingMs: 500 },
    });
    images.handle = (_, res) => setTimeout(() => sendImage(res), 150);
    // The page is answered only once all six images are: images queued behind the page lane would
    // never come (bench/timings.ts times six images beside a 500 ms page lane).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    pages.handle = (_, res) => void held.then(() => sendPage(res));
    const page = client.fetchPage(`${pages.origin}/p`);
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => client.fetchImage(`${images.origin}/anime/${n}.jpg`)),
    );
    expect(pages.hits).toHaveLength(1);
    release();
    await expect(page).resolves.toBe(PAGE);
    expect(images.maxInFlight).toBe(2);
    for (const gap of gaps(images.hits.map((hit) => hit.at)))
      expect(gap).toBeGreaterThanOrEqual(45);
  });

  it('starts waiting requests by priority: what a user looks at before background work', async () => {
    makeClient({ pages: { concurrency: 1, spacingMs: 30 } });
    // The first page holds the lane until the visible one has been asked for.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    pages.handle = (_, res, hit) =>
      hit === 1 ? void held.then(() => sendPage(res)) : sendPage(res);
    const background = [1, 2, 3].map((n) =>
      client.fetchPage(`${pages.origin}/background${n}`, { priority: FetchPriority.background }),
    );
    while (pages.hits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Asked last, while the background pages wait their turn: it goes first among them.
    const visible = client.fetchPage(`${pages.origin}/visible`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([...background, visible]);
    expect(pages.hits.map((hit) => hit.path)).toEqual([
      '/background1',
      '/visible',
      '/background2',
      '/background3',
    ]);
  });

  it('adds jitter to the spacing, never more than the spacing itself', async () => {
    client = createUpstreamClient(
      testUpstreamConfig({
        baseUrl: pages.origin,
        pages: { concurrency: 1, spacingMs: 200 },
        jitterMs: 1000,
      }),
      { random: () => 1 },
    );
    await Promise.all([1, 2].map((n) => client.fetchPage(`${pages.origin}/p${n}`)));
    const [gap] = gaps(pages.hits.map((hit) => hit.at));
    // The control: a spacing of 400 ms and no jitter, what 200 ms plus capped jitter comes to.
    pages.hits.length = 0;
    await client.close();
    client = createUpstreamClient(
      testUpstreamConfig({
        baseUrl: pages.origin,
        pages: { concurrency: 1, spacingMs: 400 },
        jitterMs: 0,
      }),
    );
    await Promise.all([3, 4].map((n) => client.fetchPage(`${pages.origin}/p${n}`)));
    const [control] = gaps(pages.hits.map((hit) => hit.at));
    // 200 ms plus jitter capped at 200 ms: about the control, not three times it (1,200 ms
    // uncapped). The margins absorb scheduling noise; bench/timings.ts prints the gap itself.
    expect(gap).toBeGreaterThanOrEqual(330);
    expect(gap).toBeLessThan(control! * 1.5);
  });
});

describe('upstream client: resources', () => {
  it('keeps connections alive, draining error answers so their sockets are reused', async () => {
    makeClient({ pages: { concurrency: 1, spacingMs: 0 } });
    pages.handle = (req, res) =>
      req.url === '/missing' ? res.writeHead(404).end('x'.repeat(5000)) : sendPage(res);
    for (const path of ['/a', '/missing', '/b', '/missing', '/c', '/missing', '/d']) {
      await client.fetchPage(`${pages.origin}${path}`).catch(() => undefined);
    }
    expect(pages.hits).toHaveLength(7);
    expect(pages.sockets).toBeLessThanOrEqual(2);
  });

  it('cancels on the caller signal, and closes its connections on close()', async () => {
    makeClient();
    pages.handle = () => undefined;
    const controller = new AbortController();
    const pending = client.fetchPage(`${pages.origin}/x`, { signal: controller.signal });
    // Abort once the request is really on the wire, however slow the machine is.
    await vi.waitFor(() => expect(pages.hits).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await client.close();
    await expect(client.fetchPage(`${pages.origin}/x`)).rejects.toThrow(/closed/);
    await vi.waitFor(() => expect(pages.inFlight).toBe(0));
  });
});

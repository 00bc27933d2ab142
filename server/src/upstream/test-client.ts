import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach } from 'vitest';
import type { UpstreamConfig } from '../config';
import { testUpstreamConfig } from './test-config';
import { PAGE, startServer, type TestServer } from './test-server';

/** The upstream client test files' page and image hosts; bound by `useTestHosts`. */
export let pages: TestServer;
export let images: TestServer;

export const sendPage = (res: ServerResponse, body = PAGE, type = 'text/html; charset=utf-8') => {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
};
export const sendImage = (res: ServerResponse, body = Buffer.from([0xff, 0xd8, 0xff, 0xd9])) => {
  res.writeHead(200, { 'content-type': 'image/jpeg' });
  res.end(body);
};

/** Client settings aimed at the test hosts: short timeouts and spacing, no jitter. */
export function testHostsConfig(overrides: Partial<UpstreamConfig> = {}): UpstreamConfig {
  const template = (kind: string) => `${images.origin}/${kind}/{id}.jpg`;
  const byKind = { anime: template('anime'), tv: template('tv'), movie: template('movie') };
  return testUpstreamConfig({
    baseUrl: pages.origin,
    imageUrls: { thumb: byKind, small: byKind, large: byKind },
    cookie: undefined,
    timeoutMs: 300,
    retries: 2,
    pages: { concurrency: 1, spacingMs: 50 },
    thumbs: { concurrency: 2, spacingMs: 50 },
    jitterMs: 0,
    cooldownMs: 1000,
    ...overrides,
  });
}

export const gaps = (times: number[]) => times.slice(1).map((at, i) => at - times[i]!);

/** Fresh page and image hosts per test; `closeClient` closes the test's client before them. */
export function useTestHosts(closeClient: () => Promise<void> | undefined) {
  beforeEach(async () => {
    pages = await startServer();
    images = await startServer();
  });

  afterEach(async () => {
    await closeClient();
    await Promise.all([pages.close(), images.close()]);
  });
}

import { describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../config';
import type { UpstreamClient } from './client-api';
import { createUpstreamClient } from './client';
import {
  UpstreamBadResponseError,
  UpstreamConnectionError,
  UpstreamHttpError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
} from './errors';
import { testUpstreamConfig } from './test-config';
import { PAGE, startServer } from './test-server';
import { images, pages, sendImage, sendPage, testHostsConfig, useTestHosts } from './test-client';

let client: UpstreamClient;

function makeClient(overrides: Partial<UpstreamConfig> = {}): UpstreamClient {
  client = createUpstreamClient(testHostsConfig(overrides));
  return client;
}

useTestHosts(() => client?.close());

describe('upstream client: retries', () => {
  it('retries 5xx, then succeeds', async () => {
    makeClient();
    pages.handle = (_, res, hit) => (hit < 3 ? res.writeHead(503).end() : sendPage(res));
    await expect(client.fetchPage(`${pages.origin}/x`)).resolves.toBe(PAGE);
    expect(pages.hits).toHaveLength(3);
  });

  it('gives up on 5xx after the configured retries', async () => {
    makeClient({ retries: 1 });
    pages.handle = (_, res) => res.writeHead(502).end('bad gateway');
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502 });
    expect(pages.hits).toHaveLength(2);
    expect(client.hostStatus(pages.host).status).toBe('degraded');
  });

  it('retries a timeout, then succeeds', async () => {
    makeClient({ timeoutMs: 150 });
    pages.handle = (_, res, hit) => (hit === 1 ? undefined : sendPage(res));
    await expect(client.fetchPage(`${pages.origin}/x`)).resolves.toBe(PAGE);
    expect(pages.hits).toHaveLength(2);
  });

  it('times out when the body stalls, after the retries', async () => {
    makeClient({ timeoutMs: 150, retries: 1 });
    pages.handle = (_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>');
    };
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(error).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(pages.hits).toHaveLength(2);
  });

  it('never retries a 404', async () => {
    makeClient();
    pages.handle = (_, res) => res.writeHead(404).end('gone');
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamNotFoundError);
    expect(error).toMatchObject({ code: 'UPSTREAM_NOT_FOUND' });
    expect(pages.hits).toHaveLength(1);
    expect(client.hostStatus(pages.host).status).toBe('ok');
  });

  it('reports connection failures, and an unreachable host after repeated ones', async () => {
    const dead = await startServer();
    await dead.close();
    client = createUpstreamClient(
      testUpstreamConfig({
        baseUrl: dead.origin,
        retries: 1,
        pages: { concurrency: 1, spacingMs: 10 },
      }),
    );
    const error = await client.fetchPage(`${dead.origin}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamConnectionError);
    expect(client.hostStatus(dead.host).status).toBe('degraded');
    await client.fetchPage(`${dead.origin}/x`).catch(() => undefined);
    expect(client.hostStatus(dead.host)).toMatchObject({ status: 'unreachable', requestsSent: 4 });
  });
});

describe('upstream client: rate limits and cool-downs', () => {
  it('turns 403 into a rate-limited error without retrying, and cools down', async () => {
    makeClient({ cooldownMs: 5000 });
    pages.handle = (_, res) => res.writeHead(403).end('<html>Forbidden</html>');
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamRateLimitedError);
    expect(error).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 5,
      status: 403,
    });
    expect(pages.hits).toHaveLength(1);
  });

  it('honours Retry-After (seconds): refuses without network until the cool-down ends', async () => {
    makeClient();
    pages.handle = (_, res, hit) =>
      hit === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : sendPage(res);
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 1,
      status: 429,
    });
    expect(client.hostStatus(pages.host)).toMatchObject({
      status: 'rate_limited',
      retryAfterSeconds: 1,
    });

    const blocked = await client.fetchPage(`${pages.origin}/y`).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(UpstreamRateLimitedError);
    expect(blocked).toMatchObject({ retryAfterSeconds: 1, status: null });
    expect(pages.hits).toHaveLength(1);
    expect(client.health().requestsSent).toBe(1);

    // Other hosts keep working meanwhile.
    images.handle = (_, res) => sendImage(res);
    await expect(client.fetchImage(`${images.origin}/tv/1.jpg`)).resolves.toMatchObject({
      contentType: 'image/jpeg',
    });

    await new Promise((resolve) => setTimeout(resolve, 1050));
    await expect(client.fetchPage(`${pages.origin}/z`)).resolves.toBe(PAGE);
    expect(pages.hits).toHaveLength(2);
    expect(client.hostStatus(pages.host)).toMatchObject({ status: 'ok', recentFailures: 1 });
  });

  it('honours Retry-After as an HTTP date', async () => {
    makeClient();
    pages.handle = (_, res) =>
      res.writeHead(429, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }).end();
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect((error as UpstreamRateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect((error as UpstreamRateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('fails queued requests once a cool-down starts, without sending them', async () => {
    makeClient();
    pages.handle = (_, res) => res.writeHead(429).end();
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => client.fetchPage(`${pages.origin}/${n}`)),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamRateLimitedError);
    }
    expect(pages.hits).toHaveLength(1);
  });

  it('treats a challenge behind a 503 as rate limiting, not as an error to retry', async () => {
    makeClient();
    pages.handle = (_, res) =>
      res
        .writeHead(503, { 'content-type': 'text/html' })
        .end(
          '<html><title>Just a moment...</title><div id="cf-browser-verification"></div></html>',
        );
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', status: 503 });
    expect(pages.hits).toHaveLength(1);
  });

  it('treats a challenge page served with 200 as rate limiting', async () => {
    makeClient({ cooldownMs: 2000 });
    pages.handle = (_, res) =>
      sendPage(
        res,
        '<html><head><title>Just a moment...</title></head><body id="cf-browser-verification"></body></html>',
      );
    const error = await client.fetchPage(`${pages.origin}/x`).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryAfterSeconds: 2,
      status: 200,
    });
    await expect(client.fetchPage(`${pages.origin}/y`)).rejects.toBeInstanceOf(
      UpstreamRateLimitedError,
    );
    expect(pages.hits).toHaveLength(1);
  });
});

describe('upstream client: bad bodies', () => {
  it('refuses a truncated page', async () => {
    makeClient();
    pages.handle = (_, res) => sendPage(res, PAGE.slice(0, -10));
    await expect(client.fetchPage(`${pages.origin}/x`)).rejects.toBeInstanceOf(
      UpstreamBadResponseError,
    );
    expect(pages.hits).toHaveLength(1);
  });

  it('refuses a non-HTML page', async () => {
    makeClient();
    pages.handle = (_, res) => sendPage(res, `${PAGE}`, 'application/json');
    await expect(client.fetchPage(`${pages.origin}/x`)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });

  it('refuses images that are not images or are empty', async () => {
    makeClient();
    images.handle = (req, res) =>
      req.url?.startsWith('/anime/1')
        ? sendPage(res, 'oops', 'text/plain')
        : sendImage(res, Buffer.alloc(0));
    await expect(client.fetchImage(`${images.origin}/anime/1.jpg`)).rejects.toBeInstanceOf(
      UpstreamBadResponseError,
    );
    await expect(client.fetchImage(`${images.origin}/anime/2.jpg`)).rejects.toBeInstanceOf(
      UpstreamBadResponseError,
    );
  });
});

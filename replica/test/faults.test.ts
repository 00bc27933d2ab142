import { request } from 'node:http';
import { describe, expect, it, beforeEach } from 'vitest';
import {
  KEY_IDS,
  clearanceFromPage,
  clearanceToken,
  episodeById,
  replicaControl,
  showById,
  showPath,
} from '../src';
import { useReplica } from './helpers';

const replica = useReplica();
const showUrl = () => replica().pageOrigin + showPath(showById(KEY_IDS.longShow)!);
const thumbUrl = () =>
  `${replica().hostOrigins.ant}/${episodeById(KEY_IDS.bigEpisode)!.imageIds[0]}.jpg`;

/** Raw HTTP so a cut-off body can be measured against the announced length. */
function rawGet(url: string): Promise<{ announced: number; received: number; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      let received = 0;
      let aborted = false;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.on('aborted', () => (aborted = true));
      response.on('error', () => (aborted = true));
      response.on('close', () =>
        resolve({ announced: Number(response.headers['content-length']), received, aborted }),
      );
    })
      .on('error', reject)
      .end();
  });
}

beforeEach(() => replica().clearFaults());

describe('faults', () => {
  it('rate-limit answers 429, with Retry-After only when given', async () => {
    replica().setFault('pages', { type: 'rate-limit', retryAfter: 7 });
    const limited = await fetch(showUrl());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    replica().setFault('pages', { type: 'rate-limit' });
    const bare = await fetch(showUrl());
    expect(bare.status).toBe(429);
    expect(bare.headers.has('retry-after')).toBe(false);
  });

  it('challenge answers a Cloudflare page, 403 by default', async () => {
    replica().setFault('pages', { type: 'challenge' });
    const blocked = await fetch(showUrl());
    expect(blocked.status).toBe(403);
    const body = await blocked.text();
    for (const marker of [
      'Just a moment...',
      'cf-browser-verification',
      '__cf_chl_',
      '/cdn-cgi/challenge-platform',
    ]) {
      expect(body).toContain(marker);
    }
    replica().setFault('ant', { type: 'challenge', status: 200 });
    const sneaky = await fetch(thumbUrl());
    expect(sneaky.status).toBe(200);
    expect(await sneaky.text()).toContain('cf-browser-verification');
  });

  it('error answers the given 5xx', async () => {
    replica().setFault('pages', { type: 'error', status: 502 });
    expect((await fetch(showUrl())).status).toBe(502);
  });

  it('slow answers correctly after the delay', async () => {
    replica().setFault('pages', { type: 'slow', delayMs: 300 });
    const started = Date.now();
    const response = await fetch(showUrl());
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Images From Episode 1 &amp; 2');
  });

  it('hang never answers until the client gives up', async () => {
    replica().setFault('ant', { type: 'hang' });
    await expect(fetch(thumbUrl(), { signal: AbortSignal.timeout(300) })).rejects.toThrow();
  });

  it('truncated announces the full length and cuts the body', async () => {
    replica().setFault('pages', { type: 'truncated' });
    const page = await rawGet(showUrl());
    expect(page.aborted).toBe(true);
    expect(page.received).toBeGreaterThan(0);
    expect(page.received).toBeLessThan(page.announced);
    replica().setFault('ant', { type: 'truncated' });
    await expect(fetch(thumbUrl()).then((r) => r.arrayBuffer())).rejects.toThrow();
  });

  it("js-challenge lets a request through only with the script's cookie and the same User-Agent", async () => {
    replica().setFault('pages', { type: 'js-challenge', delayMs: 50 });
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0';
    const before = replica().counts().challenges;
    const page = await fetch(showUrl(), { headers: { 'user-agent': agent } });
    expect(page.status).toBe(403);
    expect(page.headers.get('cf-mitigated')).toBe('challenge');
    const html = await page.text();
    expect(html).toContain('Just a moment');
    expect(html).toContain('navigator.userAgent');
    expect(html).toContain('setTimeout');
    expect(replica().counts().challenges).toBe(before + 1);

    const cookie = clearanceFromPage(html, agent)!;
    const cleared = await fetch(showUrl(), { headers: { 'user-agent': agent, cookie } });
    expect(cleared.status).toBe(200);
    const otherAgent = await fetch(showUrl(), { headers: { 'user-agent': 'curl/8', cookie } });
    expect(otherAgent.status).toBe(403);
    const forged = await fetch(showUrl(), {
      headers: { 'user-agent': agent, cookie: `cf_clearance=${clearanceToken('feedface', agent)}` },
    });
    expect(forged.status).toBe(403);
    expect(replica().counts().challenges).toBe(before + 3);
    // Image hosts are not challenged by a fault on the page host.
    expect((await fetch(thumbUrl())).status).toBe(200);
  });

  it('js-challenge with a CAPTCHA passes nobody a script could compute', async () => {
    replica().setFault('pages', { type: 'js-challenge', captcha: true });
    const html = await (await fetch(showUrl())).text();
    expect(html).toContain('cf-turnstile');
    expect(html).not.toContain('navigator.userAgent');
    expect(clearanceFromPage(html, 'x')).toBeNull();
  });

  it('applies to one host only', async () => {
    replica().setFault('ant', { type: 'error', status: 500 });
    expect((await fetch(thumbUrl())).status).toBe(500);
    expect((await fetch(showUrl())).status).toBe(200);
    expect(
      (
        await fetch(
          thumbUrl().replace(replica().hostOrigins.ant, replica().hostOrigins.animethumbs),
        )
      ).status,
    ).toBe(200);
  });

  it('clears itself after `times` requests', async () => {
    replica().setFault('pages', { type: 'rate-limit', times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(showUrl())).status);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('can be set and cleared over HTTP by another process', async () => {
    const control = replicaControl(replica().pageOrigin);
    await control.setFault('pages', { type: 'error', status: 503, times: 1 });
    const listed = await (await fetch(`${replica().pageOrigin}/_control/faults`)).json();
    expect(listed).toEqual({ pages: { type: 'error', status: 503, times: 1 } });
    expect((await fetch(showUrl())).status).toBe(503);
    expect((await fetch(showUrl())).status).toBe(200);
    await control.setFault('ant', { type: 'rate-limit' });
    await control.clearFaults();
    expect((await fetch(thumbUrl())).status).toBe(200);
  });

  it('rejects malformed faults over HTTP', async () => {
    const post = (body: unknown) =>
      fetch(`${replica().pageOrigin}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ host: 'nope', fault: { type: 'hang' } })).status).toBe(400);
    expect((await post({ host: 'pages', fault: { type: 'error', status: 404 } })).status).toBe(400);
    expect((await post({ host: 'pages', fault: { type: 'explode' } })).status).toBe(400);
    expect(
      (await post({ host: 'pages', fault: { type: 'js-challenge', captcha: 'yes' } })).status,
    ).toBe(400);
    expect(
      (await post({ host: 'pages', fault: { type: 'js-challenge', delayMs: -1 } })).status,
    ).toBe(400);
    expect((await fetch(showUrl())).status).toBe(200);
  });
});

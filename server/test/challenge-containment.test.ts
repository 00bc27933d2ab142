// The solver's browser stays in its box: it reaches only the source's hosts, is killed above its
// memory ceiling, and trusts UPSTREAM_CA_FILE for the source host's own certificate only.
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate, startReplica, testCertificates } from '@capshelf/replica';
import { afterEach, describe, expect, it } from 'vitest';
import type { SolveFailure } from '../src/upstream/challenge';
import { chromiumInstalled, chromiumSolver } from '../src/upstream/challenge';

const haveChromium = chromiumInstalled();
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A stand-in "site" answering every request with a challenge page running `script`. */
async function challengeSite(script: string): Promise<string> {
  const host = await listen(
    createServer((_, res) =>
      res
        .writeHead(403, { 'content-type': 'text/html', 'cf-mitigated': 'challenge' })
        .end(`<!DOCTYPE html><title>Just a moment...</title><script>${script}</script>`),
    ),
  );
  return `http://${host}/`;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as SolveFailure,
  );

describe.skipIf(!haveChromium)('solver containment in Chromium', () => {
  it('aborts every request to a host other than the source (fetch, image, navigation)', async () => {
    const canaryHits: string[] = [];
    const canary = await listen(
      createServer((req, res) => {
        canaryHits.push(req.url ?? '');
        res.end('ok');
      }),
    );
    const url = await challengeSite(
      `fetch('http://${canary}/fetch').catch(function(){});` +
        `new Image().src='http://${canary}/img';` +
        `new WebSocket('ws://${canary}/ws');` +
        `setTimeout(function(){location.href='http://${canary}/navigated'},300);`,
    );
    const source = new URL(url).host;
    const failure = await failureOf(
      chromiumSolver({ timeoutMs: 3000, isSourceHost: (u) => u.host === source }).solve(url),
    );
    expect(failure?.reason).toBe('timeout');
    expect(canaryHits).toEqual([]);
  });

  it('kills a browser that passes its memory ceiling, and says so', async () => {
    const url = await challengeSite(
      'var kept=[];setInterval(function(){var b=new Uint8Array(32<<20);b.fill(7);kept.push(b);},40);',
    );
    const failure = await failureOf(
      chromiumSolver({ timeoutMs: 20_000, memoryCeilingBytes: 600 * 2 ** 20 }).solve(url),
    );
    expect(failure?.reason).toBe('memory');
    expect(failure?.message).toMatch(/ceiling 600 MiB/);
  });

  it('trusts UPSTREAM_CA_FILE for the source host, never a certificate for another name', async () => {
    const { caPem } = testCertificates();
    const requests: string[] = [];
    const evil = selfSignedCertificate('evil.invalid');
    const host = await listen(
      createHttpsServer(evil, (req, res) => {
        requests.push(req.url ?? '');
        res
          .writeHead(200, { 'set-cookie': 'cf_clearance=FROM_MITM; Path=/' })
          .end('<section id="contentbody">planted</section>');
      }),
    );
    const failure = await failureOf(
      chromiumSolver({ timeoutMs: 4000, extraCa: caPem }).solve(`https://${host}/`),
    );
    expect(failure?.reason).toBe('failed');
    expect(failure?.message).toMatch(/certificate not trusted/);
    expect(requests).toEqual([]);

    // The replica's certificate, from that CA for its own name, is trusted: the challenge passes.
    const replica = await startReplica({ tls: true });
    try {
      replica.setFault('pages', { type: 'js-challenge', delayMs: 200 });
      const clearance = await chromiumSolver({ timeoutMs: 15_000, extraCa: caPem }).solve(
        `${replica.pageOrigin}/search.php?q=hanabi`,
      );
      expect(clearance.cookie).toMatch(/cf_clearance=/);
    } finally {
      await replica.close();
    }
  });
});

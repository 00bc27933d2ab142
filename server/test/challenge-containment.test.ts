// The solver's browser stays in its box: it reaches only the source's hosts (every hop of a
// redirect included), runs sandboxed as an unprivileged user, leaves no process or profile behind
// even when the server is killed, is killed above its memory ceiling, and trusts UPSTREAM_CA_FILE
// for the source host's own certificate only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate, startReplica, testCertificates } from '@capshelf/replica';
import { afterEach, describe, expect, it } from 'vitest';
import type { SolveFailure } from '../src/upstream/challenge';
import { chromiumInstalled, chromiumSolver } from '../src/upstream/challenge';
import { sweepProfiles } from '../src/upstream/challenge/browser-process';

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

/** Processes whose command line names `needle`, with their real uid and command line. */
function processesNaming(needle: string): { pid: number; uid: number; cmdline: string }[] {
  const found = [];
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!cmdline.includes(needle)) continue;
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))![1]);
      found.push({ pid: Number(name), uid, cmdline });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

const profilesOf = (pid: number) =>
  readdirSync(os.tmpdir()).filter((name) => name.startsWith(`capshelf-solver-${pid}-`));

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

  it('refuses every hop of a redirect away from the source, for all eight request kinds', async () => {
    const canaryHits: string[] = [];
    const canary = await listen(
      createServer((req, res) => {
        canaryHits.push(req.url ?? '');
        res.writeHead(200, { 'access-control-allow-origin': '*' }).end('ok');
      }),
    );
    const via = (kind: string) => `/redir?to=${encodeURIComponent(`http://${canary}/${kind}`)}`;
    const script = [
      `new Image().src='${via('img')}';`,
      `var f=document.createElement('iframe');f.src='${via('iframe')}';document.body.appendChild(f);`,
      `fetch('${via('fetch-nocors')}',{mode:'no-cors'}).catch(function(){});`,
      `fetch('${via('fetch')}').catch(function(){});`,
      `new EventSource('${via('eventsource')}');`,
      `try{new Worker('${via('worker')}')}catch(e){}`,
      `navigator.sendBeacon('${via('beacon')}','x');`,
      `setTimeout(function(){location.href='${via('navigation')}'},800);`,
    ].join('');
    const site = await listen(
      createServer((req, res) => {
        const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
        if (to) return res.writeHead(302, { location: to }).end();
        res
          .writeHead(403, { 'content-type': 'text/html', 'cf-mitigated': 'challenge' })
          .end(`<!DOCTYPE html><title>Just a moment...</title><body><script>${script}</script>`);
      }),
    );
    const failure = await failureOf(
      chromiumSolver({ timeoutMs: 5000, isSourceHost: (u) => u.host === site }).solve(
        `http://${site}/`,
      ),
    );
    expect(failure?.reason).toBe('timeout');
    expect(canaryHits).toEqual([]);
  });

  it('runs the browser sandboxed, as an unprivileged user when the server is root, and removes its profile', async () => {
    const url = await challengeSite('');
    const source = new URL(url).host;
    const seen: { uid: number; cmdline: string }[] = [];
    const watcher = setInterval(
      () => seen.push(...processesNaming(`capshelf-solver-${process.pid}-`)),
      100,
    );
    await failureOf(
      chromiumSolver({ timeoutMs: 3000, isSourceHost: (u) => u.host === source }).solve(url),
    );
    clearInterval(watcher);
    const browser = seen.filter((p) => p.cmdline.includes('--remote-debugging-port'));
    expect(browser.length).toBeGreaterThan(0);
    for (const p of browser) {
      expect(p.cmdline).not.toContain('--no-sandbox');
      if (process.getuid?.() === 0) expect(p.uid).not.toBe(0);
    }
    expect(profilesOf(process.pid)).toEqual([]);
  });

  it('leaves no browser running when the server is killed mid-solve, and its profile is swept', async () => {
    const url = await challengeSite('');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'support/solve-forever.ts'), url],
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'ignore' },
    );
    const pid = child.pid!;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // The browser is up once its profile exists and a process names it.
    await expect
      .poll(() => processesNaming(`capshelf-solver-${pid}-`).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    await expect
      .poll(() => processesNaming(`capshelf-solver-${pid}-`).length, { timeout: 15_000 })
      .toBe(0);
    // The next start (or the next solve) sweeps what the killed server left.
    expect(profilesOf(pid).length).toBe(1);
    await sweepProfiles();
    expect(profilesOf(pid)).toEqual([]);
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

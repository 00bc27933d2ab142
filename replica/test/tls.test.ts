import { connect as http2Connect } from 'node:http2';
import { request } from 'node:https';
import { DEFAULT_CIPHERS, rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_IDS, replicaControl, showPath, startReplica, showById, type Replica } from '../src';

let replica: Replica;

beforeAll(async () => {
  replica = await startReplica({ tls: true });
});

afterAll(async () => {
  await replica?.close();
});

const trusted = () => [...rootCertificates, replica.ca!.pem];
const showUrl = () => `${replica.pageOrigin}${showPath(showById(KEY_IDS.longShow)!)}`;

/** One GET over HTTP/1.1 with Node's own TLS defaults, as undici sends it. */
function getHttp1(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: trusted() }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One GET over HTTP/2 (ALPN h2), with the given cipher list. */
function getHttp2(url: string, ciphers?: string): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const session = http2Connect(target.origin, { ca: trusted(), ciphers });
  return new Promise((resolve, reject) => {
    session.on('error', reject);
    const stream = session.request({ ':path': target.pathname + target.search });
    let status = 0;
    let body = '';
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, body });
    });
    stream.on('error', reject);
  });
}

/** A browser-like order: TLS 1.3 suites as Chrome lists them, then ECDHE-ECDSA first. */
const BROWSER_ORDER = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
].join(':');

describe('the replica in TLS mode', () => {
  it('refuses Node’s default ClientHello with Cloudflare’s block page', async () => {
    const { status, body } = await getHttp1(showUrl());
    expect(status).toBe(403);
    expect(body).toMatch(/Sorry, you have been blocked/);
  });

  it('refuses a ClientHello with Node’s cipher list even when it offers HTTP/2', async () => {
    const { status } = await getHttp2(showUrl(), DEFAULT_CIPHERS);
    expect(status).toBe(403);
  });

  it('serves a ClientHello with another cipher list that offers HTTP/2', async () => {
    const { status, body } = await getHttp2(showUrl(), BROWSER_ORDER);
    expect(status).toBe(200);
    expect(body).toContain(showById(KEY_IDS.longShow)!.title);
  });

  it('counts refused requests like any other, and keeps its control endpoints open', async () => {
    const control = replicaControl(replica.pageOrigin, { ca: replica.ca!.pem });
    await control.resetCounts();
    await getHttp1(showUrl());
    expect((await control.counts()).hosts.pages).toBe(1);
  });
});

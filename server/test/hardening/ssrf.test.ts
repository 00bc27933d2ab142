import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers';
import { readZip } from '../support/zip';
import { hostileUrls } from './bad-requests';
import { expectContractError, snapshotData } from './checks';
import { startHardeningApp, waitForDownload, type HardeningApp } from './fixture';

/** A server on another local port: any request reaching it is a request the app should not make. */
interface Probe {
  origin: string;
  hits: string[];
  close(): Promise<void>;
}

async function startProbe(): Promise<Probe> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('probe');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let h: HardeningApp;
let probe: Probe;
let hostile: string[];

beforeAll(async () => {
  probe = await startProbe();
  h = await startHardeningApp();
  hostile = hostileUrls(probe.origin);
});
afterAll(async () => {
  await h?.t.close();
  await probe?.close();
});
beforeEach(() => {
  h.t.replica.resetCounts();
});

/** Nothing left the server: neither the stand-in site nor the probe saw a request. */
function expectNoOutboundRequest() {
  expect(h.t.upstreamRequests()).toBe(0);
  expect(probe.hits).toEqual([]);
}

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.t.app.inject({ method, url, payload, headers: h.t.headers });
/** The shared caches' clearing calls are the admin's (a user gets 403 before any URL is read). */
const asAdmin = (method: 'DELETE', url: string) =>
  h.t.app.inject({ method, url, headers: h.adminHeaders });

/** Image URLs in every form the download and favourite calls could be handed. */
function hostileImageUrls(): string[] {
  const { origin } = probe;
  const port = new URL(origin).port;
  const file = '/file/fancaps-animeimages/123.jpg';
  return [
    ...hostile,
    `${origin}${file}`,
    `${origin}/api/images/123.jpg`,
    `http://localhost:${port}/api/images/123.jpg`,
    `http://[::1]:${port}${file}`,
    `http://169.254.169.254${file}`,
    `http://10.1.2.3/api/images/123.jpg`,
    `https://cdni.fancaps.net@evil.com${file}`,
    `https://cdni.fancaps.net:8080${file}`,
    `https://cdni.fancaps.net.evil.com${file}`,
    `http://capshelf.test:8000@evil.com/api/images/123.jpg`,
    'http://evil.com/api/images/123.jpg',
    '//evil.com/api/images/123.jpg',
    '/api/images/..%2f..%2fetc%2fpasswd.jpg',
    '/api/images/%2e%2e%2f123.jpg',
    '/api/images/123.jpg/../../../etc/passwd',
    '/api/images/123%2f..%2f1.jpg',
    '/api/images/123.jpg\\..\\..\\x',
    '/api/images/99999999999999999999.jpg',
    'ftp://cdni.fancaps.net/file/fancaps-animeimages/123.jpg',
    'file:///etc/passwd',
  ];
}

describe(`SSRF (${databaseKind})`, () => {
  it('refuses download URLs off this server and the source site with 400, creating nothing', async () => {
    const before = await snapshotData(h.t);
    for (const url of hostileImageUrls()) {
      const res = await send('POST', '/api/download', { image_urls: [url], filename_prefix: 'x' });
      expectContractError(res, 400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', refused: [url] });
    }
    expect(await snapshotData(h.t)).toEqual(before);
    expectNoOutboundRequest();
  });

  it('refuses show, episode and work URLs naming other places with 400 wherever they go', async () => {
    const before = await snapshotData(h.t);
    const q = encodeURIComponent;
    for (const url of hostile) {
      const calls: [string, ReturnType<typeof send>][] = [
        ['episodes', send('POST', '/api/episodes', { show_url: url })],
        ['images', send('GET', `/api/images/episode/${q(url)}`)],
        ['images fast', send('GET', `/api/images/episode/${q(url)}/fast`)],
        ['record view', send('POST', '/api/images/record-view', { episode_id: url })],
        ['record access', send('POST', `/api/images/record-episode-access?episode_id=${q(url)}`)],
        ['clear episode', asAdmin('DELETE', `/api/images/cache?episode_id=${q(url)}`)],
        ['clear work', asAdmin('DELETE', `/api/images/cache?work_id=${q(url)}`)],
        ['clear files', asAdmin('DELETE', `/api/images/cache/files?episode_id=${q(url)}`)],
        ['favourite work', send('POST', '/api/favorites/work', { title: 'T', original_url: url })],
        [
          'favourite episode',
          send('POST', '/api/favorites/episode', { title: 'T', episode_url: url }),
        ],
        [
          'favourite episode work',
          send('POST', '/api/favorites/episode', {
            title: 'T',
            episode_url: h.samples.episodeUrl,
            work_id: url,
          }),
        ],
      ];
      for (const [what, call] of calls) {
        const res = await call;
        expect(res.statusCode, `${what}: ${url} → ${res.body}`).toBe(400);
        expectContractError(res);
      }
    }
    for (const url of hostileImageUrls()) {
      const res = await send('POST', '/api/favorites/image', { image_id: 123, small_url: url });
      expect(res.statusCode, `favourite image: ${url} → ${res.body}`).toBe(400);
      const previews = await send('POST', '/api/favorites/episode', {
        title: 'T',
        episode_url: h.samples.episodeUrl,
        preview_images: [url],
      });
      expect(previews.statusCode, `preview: ${url} → ${previews.body}`).toBe(400);
    }
    expect(await snapshotData(h.t)).toEqual(before);
    expectNoOutboundRequest();
  });

  it('refuses image ids that are not plain numbers before touching the disk or the network', async () => {
    const files = [
      '..%2f..%2fetc%2fpasswd.jpg',
      '%2e%2e%2f123.jpg',
      '%2e%2e%5c123.jpg',
      '..%5c..%5cx.jpg',
      '123%2f..%2f1.jpg',
      '123%00.jpg',
      '99999999999999999999.jpg',
      '1000000000000.jpg',
      '0.jpg',
      '-1.jpg',
      '1e3.jpg',
      '0x10.jpg',
      '%EF%BC%91.jpg',
      '123.png',
      '123',
      'C:%5Cwindows%5Cwin.ini',
    ];
    for (const file of files) {
      const res = await send('GET', `/api/images/${file}`);
      expectContractError(res, 400);
    }
    for (const query of [
      'kind=..%2f..%2fx',
      'kind=anime%2f..',
      'size=..',
      'size=%2fetc%2fpasswd',
      'cdn=evil',
    ]) {
      expectContractError(await send('GET', `/api/images/123.jpg?${query}`), 400);
    }
    for (const [start, end] of [
      ['1', '99999999999'],
      ['-5', '5'],
      ['1', '..%2f5'],
      ['99999999999999999999', '1'],
    ]) {
      expectContractError(await send('GET', `/api/images/range/${start}/${end}`), 400);
    }
    expectNoOutboundRequest();
  });
});

const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe(`ZIP names (${databaseKind})`, () => {
  it('keeps entry and archive names inside the archive and the archive inside DATA_DIR/downloads', async () => {
    const prefixes = [
      '../../etc/passwd',
      '..\\..\\x',
      '/etc/passwd',
      '/abs/olute',
      'C:\\Windows\\System32\\evil',
      '\\\\server\\share\\x',
      'a\u0000b',
      '\u0000',
      '....//....//x',
      '.',
      '..',
      './.hidden',
      '%2e%2e%2f%2e%2e%2fx',
      'name\r\nContent-Type: text/html',
      '"quoted"; filename=evil.exe',
      '\u202egnp.exe',
      '非 非/biyori: 第1集',
    ];
    const dataDir = h.t.dataDir;
    const before = new Set(filesUnder(dataDir));
    const outside = () =>
      readdirSync(os.tmpdir()).filter((name) => /passwd|evil|hidden|olute/i.test(name));
    const outsideBefore = outside();

    for (const prefix of prefixes) {
      const created = await send('POST', '/api/download', {
        image_urls: [h.samples.ownImageUrl],
        filename_prefix: prefix,
      });
      expect(created.statusCode, prefix).toBe(202);
      const id = created.json<{ download_id: string }>().download_id;
      const status = await waitForDownload(h.t, id);
      expect(status.status, prefix).toBe('completed');
      const file = await send('GET', `/api/download/${id}/file`);
      expect(file.statusCode).toBe(200);
      const disposition = String(file.headers['content-disposition']);
      expect(hasControlCharacter(disposition)).toBe(false);
      expect(disposition).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[^\s"]+$/);

      const names = [
        status.file_name,
        ...(await readZip(file.rawPayload)).map((entry) => entry.name),
      ];
      for (const name of names) {
        expect(name, prefix).not.toMatch(/[/\\]/);
        expect(hasControlCharacter(name), prefix).toBe(false);
        expect(name, prefix).not.toContain('..');
        expect(name, prefix).not.toMatch(/^[.\s]/);
      }
      expect(names[1], prefix).toMatch(new RegExp(`_${h.samples.imageId}\\.jpg$`));
    }

    const added = filesUnder(dataDir).filter((file) => !before.has(file));
    expect(added.length).toBe(prefixes.length);
    for (const file of added) {
      expect(file).toMatch(new RegExp(`^downloads\\${path.sep}[\\w-]+\\.zip$`));
    }
    expect(outside()).toEqual(outsideBefore);
    expectNoOutboundRequest();
  });
});

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { LocalStore } from '../storage';
import { parseRange, sendRangedFile } from './ranged-file';

const run = promisify(execFile);
const SIZE = 3 * 1024 * 1024 + 123;
const DISPOSITION = `attachment; filename="shots.zip"; filename*=UTF-8''shots.zip`;

/** One response the test server gave: how often `onServedToEnd` fired, and when it closed. */
interface Served {
  calls: number;
  closed: Promise<void>;
}

let dir: string;
let source: Buffer;
let sourcePath: string;
let app: FastifyInstance;
let base: string;
const served: Served[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'capshelf-ranged-'));
  source = randomBytes(SIZE);
  sourcePath = path.join(dir, 'source.zip');
  await writeFile(sourcePath, source);
  await writeFile(path.join(dir, 'empty.zip'), Buffer.alloc(0));
  app = Fastify();
  // The app's own error handler, reduced to what matters here: an AppError keeps its status.
  app.setErrorHandler((error, _request, reply) =>
    error instanceof AppError
      ? reply.status(error.status).send({ detail: error.detail, code: error.code })
      : reply.status(500).send({ detail: String(error) }),
  );
  app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
    const record: Served = {
      calls: 0,
      closed: new Promise((resolve) => reply.raw.once('close', () => resolve())),
    };
    served.push(record);
    const file = {
      store: new LocalStore(dir),
      key: request.params.name,
      contentType: 'application/zip',
      disposition: DISPOSITION,
      identity: `task-${request.params.name}`,
    };
    return sendRangedFile(request, reply, file, () => record.calls++);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/files`;
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  served.length = 0;
});

/** Whether the one response of the test reached the end of the file, once the server closed it. */
async function servedToEnd(): Promise<boolean> {
  expect(served).toHaveLength(1);
  const [record] = served as [Served];
  await record.closed;
  expect(record.calls).toBeLessThanOrEqual(1);
  return record.calls === 1;
}

async function get(headers: Record<string, string> = {}, name = 'source.zip') {
  const response = await fetch(`${base}/${name}`, { headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('whole file', () => {
  it('answers 200 with every header and the exact bytes, and reports it served to the end', async () => {
    const { response, body } = await get();
    expect(response.status).toBe(200);
    const h = response.headers;
    expect(h.get('accept-ranges')).toBe('bytes');
    expect(h.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(h.get('last-modified')).toBe(new Date((await stat(sourcePath)).mtimeMs).toUTCString());
    expect(h.get('cache-control')).toBe('private, no-store');
    expect(h.get('content-disposition')).toBe(DISPOSITION);
    expect(h.get('content-type')).toBe('application/zip');
    expect(h.get('content-length')).toBe(String(SIZE));
    expect(h.get('content-range')).toBeNull();
    expect(body.equals(source)).toBe(true);
    expect(await servedToEnd()).toBe(true);
  });

  it('derives the ETag from identity, size and mtime', async () => {
    const { mtime } = await stat(sourcePath);
    const hash = createHash('sha1')
      .update(`task-source.zip:${SIZE}:${mtime.getTime()}`)
      .digest('base64url');
    const { response } = await get();
    expect(response.headers.get('etag')).toBe(`"${hash}"`);
  });

  it('answers HEAD with the headers of the GET, no body, and no report', async () => {
    const response = await fetch(`${base}/source.zip`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect(await servedToEnd()).toBe(false);
  });

  it('ignores Range on HEAD (range handling is defined for GET only)', async () => {
    const response = await fetch(`${base}/source.zip`, {
      method: 'HEAD',
      headers: { range: 'bytes=0-9' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const etag = (await get()).response.headers.get('etag') ?? '';
    served.length = 0;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const { response, body } = await get({ 'if-none-match': tag });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(body.length).toBe(0);
    }
    const { response } = await get({ 'if-none-match': '"stale"' });
    expect(response.status).toBe(200);
  });

  it('serves an empty file whole, and refuses any range of it', async () => {
    const { response, body } = await get({}, 'empty.zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(body.length).toBe(0);
    const ranged = await get({ range: 'bytes=0-' }, 'empty.zip');
    expect(ranged.response.status).toBe(416);
    expect(ranged.response.headers.get('content-range')).toBe('bytes */0');
  });

  it('answers 410 through the app errors for a file that is gone', async () => {
    const { response, body } = await get({}, 'missing.zip');
    expect(response.status).toBe(410);
    expect(JSON.parse(body.toString())).toMatchObject({ code: 'GONE' });
  });
});

describe('one range', () => {
  it.each([
    ['bytes=0-99', 0, 99, false],
    ['bytes=100-', 100, SIZE - 1, true],
    ['bytes=-10', SIZE - 10, SIZE - 1, true],
    ['bytes=1000-1000', 1000, 1000, false],
    ['bytes=5-999999999', 5, SIZE - 1, true],
    [`bytes=-${SIZE + 50}`, 0, SIZE - 1, true],
    ['BYTES = 7 - 8', 7, 8, false],
  ])('%s → 206 with exactly those bytes', async (range, start, end, toEnd) => {
    const { response, body } = await get({ range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(body.equals(source.subarray(start, end + 1))).toBe(true);
    expect(await servedToEnd()).toBe(toEnd);
  });

  it.each([`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0'])(
    '%s → 416 with the size and no body',
    async (range) => {
      const { response, body } = await get({ range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${SIZE}`);
      expect(body.length).toBe(0);
      expect(await servedToEnd()).toBe(false);
    },
  );

  it.each([
    ['several ranges', 'bytes=0-1,5-6'],
    ['no unit', '0-99'],
    ['another unit', 'items=0-99'],
    ['letters', 'bytes=abc-def'],
    ['an end before the start', 'bytes=50-10'],
    ['nothing after the unit', 'bytes='],
    ['a lone dash', 'bytes=-'],
  ])('ignores %s and answers 200 whole', async (_what, range) => {
    const { response, body } = await get({ range });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect(body.equals(source)).toBe(true);
  });
});

describe('If-Range', () => {
  it('applies the range only while the ETag still matches, strongly', async () => {
    const etag = (await get()).response.headers.get('etag') ?? '';
    const fresh = await get({ range: 'bytes=10-19', 'if-range': etag });
    expect(fresh.response.status).toBe(206);
    expect(fresh.body.equals(source.subarray(10, 20))).toBe(true);
    for (const stale of ['"stale"', `W/${etag}`]) {
      const { response, body } = await get({ range: 'bytes=10-19', 'if-range': stale });
      expect(response.status).toBe(200);
      expect(body.equals(source)).toBe(true);
    }
  });

  it('applies the range only for the exact Last-Modified date', async () => {
    const lastModified = (await get()).response.headers.get('last-modified') ?? '';
    const same = await get({ range: 'bytes=0-3', 'if-range': lastModified });
    expect(same.response.status).toBe(206);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const other = await get({ range: 'bytes=0-3', 'if-range': earlier });
    expect(other.response.status).toBe(200);
    const garbage = await get({ range: 'bytes=0-3', 'if-range': 'not a date' });
    expect(garbage.response.status).toBe(200);
  });
});

describe('an interrupted transfer', () => {
  it('is not reported as served when the client aborts midway', async () => {
    // A sparse file larger than every socket buffer between the two ends (tcp_wmem and tcp_rmem
    // top out at a few tens of MB), so the server cannot have written it all before the abort.
    await writeFile(path.join(dir, 'big.zip'), '');
    await truncate(path.join(dir, 'big.zip'), 64 * 1024 * 1024);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/big.zip`, { agent: false }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(await servedToEnd()).toBe(false);
  });

  it('keeps serving a file unlinked after its response started', async () => {
    const name = 'doomed.zip';
    await writeFile(path.join(dir, name), source);
    const body = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/${name}`, { agent: false }, (response) => {
          response.pause();
          unlink(path.join(dir, name)).then(() => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve(Buffer.concat(chunks)));
            response.resume();
          }, reject);
        })
        .on('error', reject);
    });
    expect(sha256(body)).toBe(sha256(source));
    expect(await servedToEnd()).toBe(true);
  });

  it('resumes with curl -C - into a byte-identical copy', async () => {
    const part = path.join(dir, 'part.zip');
    const url = `${base}/source.zip`;
    await run('/usr/bin/curl', ['-sS', '--fail', '-r', '0-1048575', '-o', part, url]);
    expect((await stat(part)).size).toBe(1048576);
    expect(await servedToEnd()).toBe(false);
    served.length = 0;
    await run('/usr/bin/curl', ['-sS', '--fail', '-C', '-', '-o', part, url]);
    expect(sha256(await readFile(part))).toBe(sha256(source));
    expect(await servedToEnd()).toBe(true);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=9-', 10, { start: 9, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=0-1,', 10, { start: 0, end: 1 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-5', 0, 'unsatisfiable'],
    ['bytes=1-2, 4-5', 10, 'ignore'],
    ['bytes=1.5-2', 10, 'ignore'],
    ['bytes=+1-2', 10, 'ignore'],
    ['', 10, 'ignore'],
  ] as const)('%s of %i bytes → %o', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

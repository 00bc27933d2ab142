// One suite for every object store (server/src/storage/object-store.ts): a local folder, s3rver
// behind a fault proxy, and a real S3-compatible endpoint when CAPSHELF_TEST_S3_URL is set:
//
//   CAPSHELF_TEST_S3_URL='http://KEY:SECRET@127.0.0.1:9000/bucket?region=us-east-1'
//
// (https for a hosted service; key and secret URL-encoded; optional `checksums=when_supported` and
// `pathStyle=false`). That run writes under a random prefix of the bucket and removes it after.
// The faults (SlowDown, full, gone) are the proxy's, so they run on s3rver only; a full local disk
// is simulated by failing the file handles' writes with ENOSPC.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  LocalStore,
  StoreFullError,
  StoreSettingError,
  StoreUnavailableError,
  checkStorageEnv,
  storageEnv,
  storageSettingsOf,
  temporaryOf,
  type ObjectStore,
  type S3Settings,
} from '../src/storage';
import { S3Store } from '../src/storage/s3-store';
import { startS3Proxy, type S3Proxy } from './support/s3-faults';
import { startS3Server } from './support/s3-server';

const MiB = 1024 * 1024;
const CREDENTIALS = 'S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY';

interface Harness {
  store: ObjectStore;
  /** The same objects, listed two to a page where the store pages (S3). */
  paged: ObjectStore;
  /** Leaves what a killed writer leaves: a temporary file, or a multipart upload never completed. */
  abandon(key: string): Promise<void>;
  /** How many such leftovers there are under `prefix`. */
  unfinished(prefix: string): Promise<number>;
  /** Stores set up wrong, each with the setting its check must name. */
  misconfigured(): Promise<{ setting: string; store: ObjectStore }[]>;
  /** How far the store's clock may be from ours: a remote endpoint dates its uploads itself. */
  clockSlackMs: number;
  close(): Promise<void>;
}

interface Faults {
  /** Writes fail as on a full disk or bucket; `false`: they work again. */
  full(on: boolean): Promise<void>;
  /** S3 only: the proxy in front of the store, and a store through a proxy that can be closed. */
  proxy?: S3Proxy;
  goneStore?(maxAttempts: number): Promise<{ store: ObjectStore; proxy: S3Proxy }>;
}

const settingsOf = (env: Record<string, string>) =>
  storageSettingsOf(z.object(storageEnv).parse(env), '/unused') as S3Settings;

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every write through a file handle fails with ENOSPC (the local store writes with `writev`). */
async function refuseLocalWrites(root: string) {
  const probe = path.join(root, '.probe');
  const handle = await open(probe, 'w');
  const prototype = Object.getPrototypeOf(handle) as { writev: () => Promise<unknown> };
  await handle.close();
  rmSync(probe);
  const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
  });
  return vi.spyOn(prototype, 'writev').mockRejectedValue(full);
}

async function localHarness(): Promise<Harness & Faults> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'capshelf-store-'));
  const store = new LocalStore(root);
  let refusing: Awaited<ReturnType<typeof refuseLocalWrites>> | null = null;
  const temporaries = (prefix: string) => {
    const dir = path.join(root, prefix);
    if (!existsSync(dir)) return 0;
    return readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.tmp'))
      .length;
  };
  return {
    store,
    paged: store,
    clockSlackMs: 0,
    async abandon(key) {
      const file = store.localPath(key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporaryOf(file), 'half a body');
    },
    unfinished: async (prefix) => temporaries(prefix),
    async misconfigured() {
      const file = path.join(root, 'misconfigured');
      writeFileSync(file, '');
      return [{ setting: 'DATA_DIR', store: new LocalStore(path.join(file, 'data')) }];
    },
    async full(on) {
      refusing?.mockRestore();
      refusing = on ? await refuseLocalWrites(root) : null;
    },
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A client of its own, for what the store never does: leave an upload unfinished, list them. */
function rawClient(settings: S3Settings) {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
}

async function s3Misconfigured(settings: S3Settings, secretChecked: boolean) {
  const wrong = (changes: Partial<S3Settings>) =>
    new S3Store({ ...settings, ...changes }, { maxAttempts: 2 });
  const cases = [
    { setting: 'S3_BUCKET', store: wrong({ bucket: `missing-${randomBytes(4).toString('hex')}` }) },
    { setting: CREDENTIALS, store: wrong({ accessKeyId: 'NOSUCHKEY' }) },
    {
      setting: 'S3_ENDPOINT',
      store: wrong({ endpoint: `http://127.0.0.1:${await closedPort()}` }),
    },
  ];
  // s3rver checks the key id only: a wrong secret passes there.
  if (secretChecked)
    cases.push({ setting: CREDENTIALS, store: wrong({ secretAccessKey: 'wrong' }) });
  return cases;
}

async function s3rverHarness(): Promise<Harness & Faults> {
  const s3 = await startS3Server();
  const settings = settingsOf(s3.env);
  const raw = rawClient(settings);
  const proxies: S3Proxy[] = [];
  return {
    store: new S3Store(settings),
    paged: new S3Store(settings, { pageSize: 2 }),
    clockSlackMs: 0,
    async abandon(key) {
      await raw.send(new CreateMultipartUploadCommand({ Bucket: settings.bucket, Key: key }));
    },
    unfinished: async (prefix) =>
      [...s3.faults.uploads.values()].filter((upload) => upload.key.startsWith(prefix)).length,
    misconfigured: () => s3Misconfigured(settings, false),
    full: async (on) => s3.faults.full(on),
    proxy: s3.faults,
    async goneStore(maxAttempts) {
      const proxy = await startS3Proxy(s3.s3rverEndpoint);
      proxies.push(proxy);
      const store = new S3Store({ ...settings, endpoint: proxy.endpoint }, { maxAttempts });
      return { store, proxy };
    },
    async close() {
      raw.destroy();
      for (const proxy of proxies) await proxy.close().catch(() => {});
      await s3.close();
    },
  };
}

/** `http(s)://KEY:SECRET@host[:port]/bucket[?region=…&checksums=…&pathStyle=…]`, a random prefix. */
async function realHarness(): Promise<Harness> {
  const url = new URL(process.env.CAPSHELF_TEST_S3_URL!);
  const settings = settingsOf({
    STORAGE: 's3',
    S3_ENDPOINT: url.origin,
    S3_BUCKET: url.pathname.replace(/^\/|\/$/g, ''),
    S3_REGION: url.searchParams.get('region') ?? 'us-east-1',
    S3_ACCESS_KEY_ID: decodeURIComponent(url.username),
    S3_SECRET_ACCESS_KEY: decodeURIComponent(url.password),
    S3_FORCE_PATH_STYLE: url.searchParams.get('pathStyle') ?? 'true',
    S3_CHECKSUMS: url.searchParams.get('checksums') ?? 'when_required',
    S3_PREFIX: `capshelf-test-${randomBytes(6).toString('hex')}`,
  });
  const raw = rawClient(settings);
  const store = new S3Store(settings);
  return {
    store,
    paged: new S3Store(settings, { pageSize: 2 }),
    clockSlackMs: 2_000,
    async abandon(key) {
      const Key = settings.prefix + key;
      await raw.send(new CreateMultipartUploadCommand({ Bucket: settings.bucket, Key }));
    },
    async unfinished(prefix) {
      const Prefix = settings.prefix + prefix;
      const page = await raw.send(
        new ListMultipartUploadsCommand({ Bucket: settings.bucket, Prefix }),
      );
      return page.Uploads?.length ?? 0;
    },
    misconfigured: () => s3Misconfigured(settings, true),
    async close() {
      await store.deletePrefix('');
      // Whatever the server's clock says: every upload under the prefix goes.
      await store.removeStale('', -86_400_000);
      raw.destroy();
    },
  };
}

/** `full`: a full store can be simulated; `proxy`: the store is behind the fault proxy. */
const stores: {
  name: string;
  start: () => Promise<Harness & Partial<Faults>>;
  full: boolean;
  proxy: boolean;
}[] = [
  { name: 'local', start: localHarness, full: true, proxy: false },
  { name: 's3 (s3rver)', start: s3rverHarness, full: true, proxy: true },
];
if (process.env.CAPSHELF_TEST_S3_URL) {
  stores.push({ name: 's3 (CAPSHELF_TEST_S3_URL)', start: realHarness, full: false, proxy: false });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream | null): Promise<Buffer> {
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of store.list(prefix)) keys.push(info.key);
  return keys.sort();
}

describe.each(stores)('object store: $name', ({ start, full, proxy }) => {
  let t: Harness & Partial<Faults>;
  let cases = 0;
  /** A folder of its own to each test: the store is shared. */
  const folder = () => `case-${++cases}/`;

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives back what was put, and null for what was not', async () => {
    const dir = folder();
    const body = randomBytes(3000);
    await t.store.put(`${dir}a/b.bin`, body);
    expect(await t.store.get(`${dir}a/b.bin`)).toEqual(body);
    await t.store.put(`${dir}a/b.bin`, Buffer.from('replaced'));
    expect((await t.store.get(`${dir}a/b.bin`))?.toString()).toBe('replaced');
    expect(await t.store.get(`${dir}a/missing.bin`)).toBeNull();
    expect(await t.store.get(`${dir}nowhere/missing.bin`)).toBeNull();
    expect(await t.store.head(`${dir}a/missing.bin`)).toBeNull();
    expect(await t.store.stream(`${dir}a/missing.bin`)).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['', '/abs', 'a//b', 'a/../b', '../b', 'a/./b', 'a\\b', 'a\0b', 'a/']) {
      await expect(t.store.put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toThrow(
        /not a store key/,
      );
    }
  });

  it('streams the whole object or one range of it (ends inclusive)', async () => {
    const key = `${folder()}range.bin`;
    const body = randomBytes(1000);
    await t.store.put(key, body);
    expect(await readAll(await t.store.stream(key))).toEqual(body);
    const range = async (start: number, end: number) =>
      readAll(await t.store.stream(key, { start, end }));
    expect(await range(0, 9)).toEqual(body.subarray(0, 10));
    expect(await range(100, 199)).toEqual(body.subarray(100, 200));
    expect(await range(999, 999)).toEqual(body.subarray(999));
  });

  it('describes an object: its length and when it was written', async () => {
    const key = `${folder()}head.bin`;
    await t.store.put(key, randomBytes(1234));
    const info = await t.store.head(key);
    expect(info).toMatchObject({ key, bytes: 1234 });
    // Another machine's clock (and S3's whole seconds): within a few minutes of ours.
    expect(Math.abs(info!.modified.getTime() - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('lists the objects under a prefix, one ending mid-name too, page by page', async () => {
    const dir = folder();
    const names = ['a/1', 'a/2', 'ab.zip', 'abc/3', 'b/4'];
    for (const name of names) await t.store.put(dir + name, Buffer.from(name));
    await t.abandon(`${dir}a/5`);
    expect(await keysOf(t.paged, dir)).toEqual(names.map((name) => dir + name));
    expect(await keysOf(t.paged, `${dir}a`)).toEqual(
      ['a/1', 'a/2', 'ab.zip', 'abc/3'].map((n) => dir + n),
    );
    expect(await keysOf(t.store, `${dir}a/`)).toEqual([`${dir}a/1`, `${dir}a/2`]);
    expect(await keysOf(t.store, `${dir}zz`)).toEqual([]);
    for await (const info of t.store.list(`${dir}b/`)) {
      expect(info).toMatchObject({ key: `${dir}b/4`, bytes: 3 });
      expect(info.modified).toBeInstanceOf(Date);
    }
    await t.store.removeStale(dir, -60_000);
  });

  it('deletes one object, or every object under a prefix', async () => {
    const dir = folder();
    for (const name of ['x/1', 'x/2', 'x/deep/3', 'xy', 'y/4']) {
      await t.store.put(dir + name, Buffer.from(name));
    }
    await t.store.delete(`${dir}y/4`);
    await t.store.delete(`${dir}y/never-there`);
    expect(await t.store.get(`${dir}y/4`)).toBeNull();
    expect(await t.store.deletePrefix(`${dir}x/`)).toBe(3);
    expect(await keysOf(t.store, dir)).toEqual([`${dir}xy`]);
    expect(await t.store.deletePrefix(`${dir}x/`)).toBe(0);
  });

  it('writes 20 MiB streamed in 1 MiB chunks, read back byte for byte', async () => {
    const key = `${folder()}big.zip`;
    const hash = createHash('sha256');
    const writer = await t.store.writer(key);
    for (let i = 0; i < 20; i++) {
      const chunk = randomBytes(MiB);
      hash.update(chunk);
      await writer.write([chunk.subarray(0, 1000), chunk.subarray(1000)]);
    }
    expect(await t.store.head(key)).toBeNull();
    expect(await writer.commit()).toBe(20 * MiB);
    const back = createHash('sha256');
    for await (const chunk of (await t.store.stream(key))!) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
    expect((await t.store.head(key))?.bytes).toBe(20 * MiB);
  });

  it('writes more parts than it holds buffers, in pieces of any size it does not keep', async () => {
    const key = `${folder()}parts.zip`;
    const hash = createHash('sha256');
    const writer = await t.store.writer(key);
    // 43 MiB and a few bytes: parts (8 MiB on S3) reuse their buffers, pieces cross their ends.
    const sizes = [1, 3 * MiB + 7, 9 * MiB, 100_000, 17 * MiB + 3, 64 * 1024, 13 * MiB];
    for (const size of sizes) {
      const piece = randomBytes(size);
      hash.update(piece);
      await writer.write([piece.subarray(0, size >> 1), piece.subarray(size >> 1)]);
      // Once a write resolves, its memory is the caller's again.
      piece.fill(0);
    }
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(await writer.commit()).toBe(total);
    const back = createHash('sha256');
    for await (const chunk of (await t.store.stream(key))!) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
    expect((await t.store.head(key))?.bytes).toBe(total);
  });

  it('reads an object into the buffer the caller gives, where the store reads into one', async () => {
    const key = `${folder()}into.bin`;
    const body = randomBytes(3000);
    await t.store.put(key, body);
    const given = Buffer.alloc(4096);
    const asked: number[] = [];
    const into = (bytes: number) => (asked.push(bytes), given);
    const got = await t.store.get(key, { into });
    expect(got).toEqual(body);
    // A local file is read as it is; a bucket's answer fills the buffer given.
    if (asked.length > 0) {
      expect(asked).toEqual([3000]);
      expect(got!.buffer).toBe(given.buffer);
    }
    expect(await t.store.get(`${key}.missing`, { into })).toBeNull();
  });

  it('leaves nothing of an aborted write, by abort() or by its signal', async () => {
    const dir = folder();
    const writer = await t.store.writer(`${dir}aborted.zip`);
    // Past the first 8 MiB part: a multipart upload is under way on S3.
    for (let i = 0; i < 9; i++) await writer.write([randomBytes(MiB)]);
    await vi.waitFor(async () => expect(await t.unfinished(dir)).toBe(1));
    await writer.abort();
    expect(await t.unfinished(dir)).toBe(0);
    const controller = new AbortController();
    const signalled = await t.store.writer(`${dir}signalled.zip`, { signal: controller.signal });
    await signalled.write([randomBytes(MiB)]);
    controller.abort();
    await expect(signalled.write([randomBytes(MiB)])).rejects.toThrow(/abort/i);
    await expect(signalled.commit()).rejects.toThrow(/abort/i);
    expect(await keysOf(t.store, dir)).toEqual([]);
    await vi.waitFor(async () => expect(await t.unfinished(dir)).toBe(0), { timeout: 10_000 });
  });

  it('keeps one whole body of eight concurrent writers of one key', async () => {
    const key = `${folder()}contested.bin`;
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
    await Promise.all(
      bodies.map(async (body) => {
        const writer = await t.store.writer(key);
        for (let at = 0; at < body.length; at += 64 * 1024) {
          await writer.write([body.subarray(at, at + 64 * 1024)]);
        }
        await writer.commit();
      }),
    );
    const kept = await t.store.get(key);
    expect(bodies.map(sha256)).toContain(sha256(kept!));
  });

  it('removes what killed writers left once old enough, and nothing else', async () => {
    const dir = folder();
    await t.store.put(`${dir}kept.bin`, Buffer.from('kept'));
    await t.abandon(`${dir}left.bin`);
    await t.abandon(`${dir}sub/left.bin`);
    expect(await t.unfinished(dir)).toBe(2);
    expect(await t.store.removeStale(dir, 3_600_000)).toBe(0);
    await sleep(50 + t.clockSlackMs);
    expect(await t.store.removeStale(`${dir}sub/`, 10)).toBe(1);
    expect(await t.store.removeStale(dir, 10)).toBe(1);
    expect(await t.unfinished(dir)).toBe(0);
    expect(await keysOf(t.store, dir)).toEqual([`${dir}kept.bin`]);
  });

  it('passes its start-up check, and names the setting at fault when set up wrong', async () => {
    await t.store.check();
    for (const { setting, store } of await t.misconfigured()) {
      const error = await store.check().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, setting).toBeInstanceOf(StoreSettingError);
      expect((error as StoreSettingError).setting).toBe(setting);
      expect((error as Error).message).toMatch(new RegExp(`^${setting}: [^\\n]+$`));
      expect((error as Error).message).not.toContain('S3RVER');
    }
  });

  it.runIf(full)('refuses writes to a full store, leaving nothing half written', async () => {
    const dir = folder();
    await t.full!(true);
    try {
      const put = t.store.put(`${dir}small.bin`, randomBytes(1000));
      await expect(put).rejects.toBeInstanceOf(StoreFullError);
      await expect(put).rejects.toMatchObject({ code: 'ENOSPC' });
      const streamed = async () => {
        const writer = await t.store.writer(`${dir}large.zip`);
        for (let i = 0; i < 10; i++) await writer.write([randomBytes(MiB)]);
        return writer.commit();
      };
      await expect(streamed()).rejects.toBeInstanceOf(StoreFullError);
    } finally {
      await t.full!(false);
    }
    expect(await keysOf(t.store, dir)).toEqual([]);
    await vi.waitFor(async () => expect(await t.unfinished(dir)).toBe(0), { timeout: 10_000 });
  });

  it.runIf(proxy)('retries a store that answers 503 SlowDown', async () => {
    const key = `${folder()}busy.bin`;
    const body = randomBytes(2000);
    const before = t.proxy!.requests.length;
    t.proxy!.slowDown(2);
    await t.store.put(key, body);
    const puts = t.proxy!.requests.slice(before).filter((request) => request.startsWith('PUT '));
    expect(puts).toHaveLength(3);
    expect(await t.store.get(key)).toEqual(body);
  });

  it.runIf(proxy)('gives up on a store that is gone, in bounded time', async () => {
    const { store, proxy } = await t.goneStore!(2);
    await store.put('gone/first.bin', Buffer.from('reached'));
    await proxy.close();
    const started = Date.now();
    await expect(store.put('gone/second.bin', Buffer.from('lost'))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.get('gone/first.bin')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('storage settings', () => {
  const parse = (env: Record<string, string>) => z.object(storageEnv).parse(env);

  it('default to DATA_DIR on this machine', () => {
    expect(storageSettingsOf(parse({}), '/data')).toEqual({ kind: 'local', root: '/data' });
    expect(checkStorageEnv(parse({}))).toEqual([]);
  });

  it('read a bucket, its folder and its path style', () => {
    const env = { STORAGE: 's3', S3_BUCKET: 'shelf', S3_PREFIX: '/team/capshelf/' };
    expect(storageSettingsOf(parse(env), '/data')).toEqual({
      kind: 's3',
      bucket: 'shelf',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: 'team/capshelf/',
      checksums: 'WHEN_REQUIRED',
    });
    const minio = { ...env, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_CHECKSUMS: 'when_supported' };
    expect(storageSettingsOf(parse(minio), '/data')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      checksums: 'WHEN_SUPPORTED',
    });
    expect(
      storageSettingsOf(parse({ ...minio, S3_FORCE_PATH_STYLE: 'false' }), '/data'),
    ).toMatchObject({ forcePathStyle: false });
  });

  it('name what is missing or malformed', () => {
    expect(checkStorageEnv(parse({ STORAGE: 's3' }))).toEqual([
      { path: 'S3_BUCKET', message: 'required when STORAGE=s3' },
    ]);
    const halfKeys = parse({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' });
    expect(checkStorageEnv(halfKeys).map((issue) => issue.path)).toEqual(['S3_SECRET_ACCESS_KEY']);
    const wrong = z
      .object(storageEnv)
      .safeParse({ STORAGE: 'ftp', S3_ENDPOINT: 'localhost:9000', S3_PREFIX: 'a/../b' });
    expect(wrong.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'S3_ENDPOINT',
      'S3_PREFIX',
      'STORAGE',
    ]);
  });
});

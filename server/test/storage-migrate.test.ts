// `npm run storage -- migrate` on real stores: a folder and s3rver. No database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LocalStore,
  storageEnv,
  storageSettingsOf,
  type ObjectInfo,
  type ObjectWriter,
  type S3Settings,
} from '../src/storage';
import { migrateObjects, type MigrationProgress } from '../src/storage/migrate';
import { S3Store } from '../src/storage/s3-store';
import { startS3Server, type S3Server } from './support/s3-server';
import { dataDir, removeDataDirs } from './support/script-process';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const KiB = 1024;
const MiB = 1024 * KiB;
const ARCHIVE = 'downloads/0b7e1c2a.zip';

let s3: S3Server;
let buckets = 0;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  removeDataDirs();
});

/** The bucket's settings under a prefix of the test's own: each test sees an empty store. */
function bucketEnv(): Record<string, string> {
  return { ...s3.env, S3_PREFIX: `migrate-${++buckets}` };
}

const bucketOf = (env: Record<string, string>) =>
  new S3Store(storageSettingsOf(z.object(storageEnv).parse(env), '/unused') as S3Settings);

/** A data folder as an install leaves it: images, a multi-MiB archive (multipart on S3), a DB. */
async function installWithFiles() {
  const root = dataDir();
  const store = new LocalStore(root);
  const files = new Map<string, Buffer>();
  for (let id = 1; id <= 5; id++) {
    const key = `images/anime/thumb/00${id}/100${id}.jpg`;
    files.set(key, randomBytes(8 * KiB + id * 512));
  }
  files.set(ARCHIVE, randomBytes(9 * MiB + 123));
  for (const [key, body] of files) await store.put(key, body);
  writeFileSync(path.join(root, 'capshelf.db'), 'not an object');
  return { root, store, files };
}

async function expectHolds(
  store: { get(key: string): Promise<Buffer | null> },
  files: Map<string, Buffer>,
) {
  for (const [key, body] of files) expect((await store.get(key))?.equals(body), key).toBe(true);
}

const totalBytes = (files: Map<string, Buffer>) =>
  [...files.values()].reduce((sum, body) => sum + body.length, 0);

/** A target whose every copy comes out with its first byte changed. */
class CorruptingStore extends LocalStore {
  override async writer(key: string): Promise<ObjectWriter> {
    const writer = await super.writer(key);
    let first = true;
    return {
      write: (chunks) => {
        if (!first) return writer.write(chunks);
        first = false;
        const [head, ...rest] = chunks;
        return writer.write([Buffer.from([head![0]! ^ 0xff]), head!.subarray(1), ...rest]);
      },
      commit: () => writer.commit(),
      abort: () => writer.abort(),
    };
  }
}

/** A source the server evicts from while it is being listed: `victim` goes once listed. */
class EvictingStore extends LocalStore {
  constructor(
    root: string,
    private readonly victim: string,
  ) {
    super(root);
  }

  override async *list(prefix: string): AsyncIterable<ObjectInfo> {
    for await (const info of super.list(prefix)) {
      if (info.key === this.victim) await this.delete(info.key);
      yield info;
    }
  }
}

describe('migrateObjects', () => {
  it('copies local to s3 byte for byte; a rerun copies only what changed', async () => {
    const { store, files } = await installWithFiles();
    const bucket = bucketOf(bucketEnv());
    const seen: MigrationProgress[] = [];
    const first = await migrateObjects({
      from: store,
      to: bucket,
      onProgress: (p) => seen.push(p),
    });
    expect(first).toMatchObject({ seen: 6, copied: 6, skipped: 0, failed: 0, gone: 0 });
    expect(first.bytes).toBe(totalBytes(files));
    await expectHolds(bucket, files);
    expect(await bucket.head('capshelf.db')).toBeNull();
    expect(seen.at(-1)).toMatchObject({ prefix: 'downloads/', copied: 1 });

    const again = await migrateObjects({ from: store, to: bucket });
    expect(again).toMatchObject({ seen: 6, copied: 0, skipped: 6, failed: 0, bytes: 0 });

    // Same size, other bytes: only the checksum tells; and one of another size.
    const [sameSize, otherSize] = [...files.keys()];
    files.set(sameSize!, randomBytes(files.get(sameSize!)!.length));
    files.set(otherSize!, randomBytes(3 * KiB));
    for (const key of [sameSize!, otherSize!]) await store.put(key, files.get(key)!);
    const changed = await migrateObjects({ from: store, to: bucket });
    expect(changed).toMatchObject({ copied: 2, skipped: 4, failed: 0 });
    await expectHolds(bucket, files);
  });

  it('copies s3 back to local: the same files', async () => {
    const { store, files } = await installWithFiles();
    const bucket = bucketOf(bucketEnv());
    await migrateObjects({ from: store, to: bucket });
    const back = new LocalStore(dataDir());
    const result = await migrateObjects({ from: bucket, to: back, concurrency: 2 });
    expect(result).toMatchObject({ copied: 6, failed: 0 });
    await expectHolds(back, files);
  });

  it('skips quietly an object the source loses mid-run', async () => {
    const { root, files } = await installWithFiles();
    const victim = [...files.keys()][2]!;
    const target = new LocalStore(dataDir());
    const result = await migrateObjects({ from: new EvictingStore(root, victim), to: target });
    expect(result).toMatchObject({ seen: 6, copied: 5, gone: 1, failed: 0, failures: [] });
    expect(await target.head(victim)).toBeNull();
  });

  it('with verify, replaces a same-size different object found in the target', async () => {
    const { store, files } = await installWithFiles();
    const bucket = bucketOf(bucketEnv());
    await bucket.put(ARCHIVE, randomBytes(files.get(ARCHIVE)!.length));
    const result = await migrateObjects({ from: store, to: bucket, verify: true });
    expect(result).toMatchObject({ copied: 6, skipped: 0, failed: 0 });
    await expectHolds(bucket, files);
  });

  it('removes a copy that reads back different and counts it failed', async () => {
    const { store, files } = await installWithFiles();
    const target = new CorruptingStore(dataDir());
    const result = await migrateObjects({ from: store, to: target, prefixes: ['downloads/'] });
    expect(result).toMatchObject({ copied: 0, failed: 1 });
    expect(result.failures).toEqual([{ key: ARCHIVE, reason: expect.stringContaining('sha256') }]);
    expect(await target.head(ARCHIVE)).toBeNull();
    await expectHolds(store, new Map([[ARCHIVE, files.get(ARCHIVE)!]]));
  });

  it('counts in a dry run and writes nothing', async () => {
    const { store, files } = await installWithFiles();
    const target = new LocalStore(dataDir());
    await target.put(ARCHIVE, files.get(ARCHIVE)!);
    const result = await migrateObjects({ from: store, to: target, dryRun: true });
    expect(result).toMatchObject({
      copied: 5,
      skipped: 1,
      bytes: totalBytes(files) - files.get(ARCHIVE)!.length,
    });
    expect(await target.head([...files.keys()][0]!)).toBeNull();
  });
});

/** `node --import tsx server/src/cli/storage.ts …` with a clean environment and `env` over it. */
async function storageCommand(args: string[], env: Record<string, string>) {
  const options = {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // The SDK's notice about Node 20 is not the command's output.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
  };
  try {
    const run = await exec(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/storage.ts', ...args],
      options,
    );
    return { code: 0, ...run };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run storage -- migrate', () => {
  it('copies the install into the bucket and says what comes next', async () => {
    const { root, files } = await installWithFiles();
    const env = bucketEnv();
    const run = await storageCommand(['migrate', '--to', 's3'], {
      ...env,
      STORAGE: 'local',
      DATA_DIR: root,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^images\/ 5 copied · 0 already there · 0 failed · /m);
    expect(run.stdout).toMatch(/^downloads\/ 1 copied · 0 already there · 0 failed · 9\.00 MB$/m);
    expect(run.stdout).toContain('Total: 6 copied · 0 already there · 0 failed');
    expect(run.stdout).toContain(
      'Next: stop the server, run this again (it copies only what changed), set STORAGE=s3',
    );
    await expectHolds(bucketOf(env), files);
    // The command starts through tsx, which compiles it first: slow beside other tiers.
  }, 120_000);

  it('refuses to migrate to the store STORAGE already names', async () => {
    const run = await storageCommand(['migrate', '--to', 'local'], {
      STORAGE: 'local',
      DATA_DIR: dataDir(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('STORAGE is already local');
  }, 120_000);
});

// A bucket that is not there, keys it refuses or an endpoint that does not answer stop the real
// server's start with one line naming the setting; a good one starts it on the bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.mjs';
import { startS3Server, type S3Server } from './support/s3-server';
import { spawnServer, startServerProcess } from './support/server-process';

let s3: S3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-storage-start-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server with these settings and waits for it to give up: its exit code and output. */
async function failedStart(name: string, env: Record<string, string>) {
  const server = await spawnServer(path.join(dir, name), env);
  const code =
    server.child.exitCode ??
    (await new Promise<number | null>((resolve) => server.child.once('exit', resolve)));
  return { code, output: server.output() };
}

describe('the storage settings at start', () => {
  it.each([
    [
      'a missing bucket',
      () => ({ S3_BUCKET: 'no-such-bucket' }),
      /^S3_BUCKET: no bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+/,
    ],
    [
      'an unknown key',
      () => ({ S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'secret-value' }),
      /^S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY: /,
    ],
    [
      'an endpoint nobody answers',
      async () => ({ S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }),
      /^S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:\d+/,
    ],
  ] as const)(
    '%s stops it with one line naming the setting',
    async (name, changes, told) => {
      const { code, output } = await failedStart(name.replaceAll(' ', '-'), {
        ...s3.env,
        ...(await changes()),
      });
      expect(code).toBe(1);
      const line = output.split('\n').find((l) => l.startsWith('capshelf failed to start: '));
      expect(line?.slice('capshelf failed to start: '.length)).toMatch(told);
      // No stack, and never the secret.
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain('secret-value');
    },
    30_000,
  );

  it('refuses STORAGE=s3 without a bucket before anything starts', async () => {
    const { code, output } = await failedStart('no-bucket', { STORAGE: 's3' });
    expect(code).toBe(1);
    expect(output).toContain('S3_BUCKET: required when STORAGE=s3');
  });

  it('starts on a bucket that answers, and says so on /api/health', async () => {
    const server = await startServerProcess(path.join(dir, 'good'), s3.env);
    try {
      expect((await server.api('GET', '/api/health')).json()).toMatchObject({ storage: 's3' });
    } finally {
      await server.stop();
    }
  }, 30_000);
});

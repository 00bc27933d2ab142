import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startS3Proxy } from './s3-faults';

/** What the tests use of s3rver (it ships no types). */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rver;

/** The one key pair s3rver knows. It checks the key id, not the signature: any secret passes. */
export const S3RVER_KEY = 'S3RVER';

/**
 * An S3-compatible server in this process (s3rver) on 127.0.0.1, its bucket created, its objects
 * in a fresh temporary folder that `close` removes. `endpoint` is a proxy in front of it that fills
 * in what s3rver lacks (multipart-upload listing, paged listing) and fails on demand (`faults`);
 * `env` is what a capshelf server needs to use it.
 */
export async function startS3Server(bucket = 'capshelf') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'capshelf-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const s3rverEndpoint = `http://127.0.0.1:${port}`;
  const faults = await startS3Proxy(s3rverEndpoint);
  const endpoint = faults.endpoint;
  return {
    endpoint,
    /** s3rver itself, without the proxy: for a proxy of a test's own (one it closes, say). */
    s3rverEndpoint,
    bucket,
    faults,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_REGION: 'us-east-1',
    } as Record<string, string>,
    async close() {
      await faults.close();
      // Kept-alive connections of the clients would hold `close` open until they time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

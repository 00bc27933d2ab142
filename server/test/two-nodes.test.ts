// Two server processes as on two machines: each its own DATA_DIR, one Postgres database and one
// S3 bucket (s3rver) between them. What one node fetched or built, the other serves.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_IDS, episodeById, startReplica, type Replica } from '@capshelf/replica';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKind } from './helpers';
import { startS3Server, type S3Server } from './support/s3-server';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { readZip } from './support/zip';

/** The replica's 830-image episode: each test takes images of its own. */
const { imageIds } = episodeById(KEY_IDS.bigEpisode)!;
/** A node that stops answering hands its task on after this (its heartbeat is older). */
const STALE_AFTER = '3s';

if (databaseKind !== 'postgres') {
  console.log(
    'two nodes: skipped on SQLite (one machine by definition); it runs in the Postgres pass (TEST_POSTGRES_URL).',
  );
}

describe.runIf(databaseKind === 'postgres')(
  'two nodes: own data folders, one database, one bucket',
  () => {
    let replica: Replica;
    let s3: S3Server;
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let env: Record<string, string>;
    const dirs: string[] = [];
    const nodes: ServerProcess[] = [];
    let token: string;

    const startNode = async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-node-'));
      dirs.push(dir);
      const node = await startServerProcess(dir, env);
      nodes.push(node);
      return node;
    };

    beforeAll(async () => {
      replica = await startReplica();
      s3 = await startS3Server();
      database = await createPostgresDatabase();
      env = {
        ...replica.env(),
        ...s3.env,
        DATABASE_URL: database.url,
        DOWNLOAD_STALE_AFTER: STALE_AFTER,
        UPSTREAM_FULL_SPACING: '10ms',
        UPSTREAM_THUMB_SPACING: '10ms',
        UPSTREAM_JITTER: '0ms',
        UPSTREAM_TIMEOUT: '5s',
        UPSTREAM_RETRIES: '0',
      };
      // One after the other: the first start migrates and creates the admin.
      await startNode();
      await startNode();
      token = await nodes[0]!.login();
    }, 60_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await replica?.close();
      await s3?.close();
      await database?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    /** Every file under the node's data folder but the database's own (none: all went to the bucket). */
    const filesOf = (node: ServerProcess) =>
      readdirSync(node.dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);

    const finished = async (node: ServerProcess, id: string, auth = token) => {
      for (let i = 0; i < 600; i++) {
        const status = (await node.api('GET', `/api/download/${id}/status`, { token: auth })).json<{
          status: string;
        }>();
        if (['completed', 'partial', 'failed'].includes(status.status)) return status;
        await sleep(100);
      }
      throw new Error(`task ${id} did not finish`);
    };

    it('serves an image one node fetched from the other, with no request to the source', async () => {
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      const id = imageIds[0]!;
      const url = `/api/images/${id}.jpg?kind=anime&size=large`;
      replica.resetCounts();
      const first = await a.api('GET', url, { token });
      expect(first.status).toBe(200);
      expect(replica.counts().total).toBe(1);
      const second = await b.api('GET', url, { token });
      expect(second.status).toBe(200);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(replica.counts().total).toBe(1);
      // Neither node kept the image on its own disk.
      for (const node of nodes) expect(filesOf(node).filter((n) => n.endsWith('.jpg'))).toEqual([]);
    });

    it('builds an archive on one node that downloads, whole and alike, from both', async () => {
      const ids = imageIds.slice(10, 20);
      const created = await nodes[1]!.api('POST', '/api/download', {
        token,
        body: {
          image_urls: ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
          filename_prefix: 'two_nodes',
        },
      });
      expect(created.status).toBe(202);
      const id = created.json<{ download_id: string }>().download_id;
      expect(await finished(nodes[0]!, id)).toMatchObject({ status: 'completed', done_count: 10 });
      const digests = await Promise.all(
        nodes.map(async (node) => {
          const file = await node.api('GET', `/api/download/${id}/file`, { token });
          expect(file.status).toBe(200);
          expect((await readZip(file.bytes)).map((e) => e.name).sort()).toEqual(
            ids.map((i) => `two_nodes_${i}.jpg`).sort(),
          );
          return createHash('sha256').update(file.bytes).digest('hex');
        }),
      );
      expect(digests[0]).toBe(digests[1]);
      for (const node of nodes) expect(filesOf(node).filter((n) => n.endsWith('.zip'))).toEqual([]);
    });

    it('keeps one user out of another user’s archive on either node', async () => {
      const ids = imageIds.slice(20, 22);
      const created = await nodes[0]!.api('POST', '/api/download', {
        token,
        body: { image_urls: ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=large`) },
      });
      const id = created.json<{ download_id: string }>().download_id;
      await finished(nodes[0]!, id);
      const admin = await nodes[0]!.login();
      const made = await nodes[0]!.api('POST', '/api/admin/users', {
        token: admin,
        body: { email: 'other@example.com', password: 'OtherPass123', role: 'user' },
      });
      expect(made.status).toBeLessThan(300);
      const other = await nodes[1]!.login('other@example.com', 'OtherPass123');
      for (const node of nodes) {
        const file = await node.api('GET', `/api/download/${id}/file`, { token: other });
        expect(file.status).toBe(404);
        expect(file.bytes.includes(Buffer.from('PK'))).toBe(false);
      }
    });

    it('takes over the task of a node that was killed, and the archive is whole', async () => {
      const ids = imageIds.slice(40, 70);
      // Slow images: the task is still running when its node dies.
      replica.setFault('cdni', { type: 'slow', delayMs: 150 });
      const created = await nodes[0]!.api('POST', '/api/download', {
        token,
        body: {
          image_urls: ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
          filename_prefix: 'taken_over',
        },
      });
      const id = created.json<{ download_id: string }>().download_id;
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      let worker = '';
      for (let i = 0; i < 200 && !worker; i++) {
        const { rows } = await db.query<{ worker: string | null; done_count: number }>(
          'SELECT worker, done_count FROM downloads WHERE id = $1',
          [id],
        );
        if (rows[0]?.worker && rows[0].done_count > 0) worker = rows[0].worker;
        else await sleep(50);
      }
      await db.end();
      expect(worker).not.toBe('');
      const running = nodes.find((node) => worker.startsWith(`${node.child.pid}-`))!;
      const survivor = nodes.find((node) => node !== running)!;
      const killedAt = Date.now();
      await running.kill();
      replica.clearFaults();
      const done = await finished(survivor, id);
      expect(done).toMatchObject({ status: 'completed', done_count: 30, failed_count: 0 });
      console.log(
        `two nodes: the task finished ${Date.now() - killedAt} ms after its node was killed`,
      );
      const file = await survivor.api('GET', `/api/download/${id}/file`, { token });
      expect(file.status).toBe(200);
      const entries = await readZip(file.bytes);
      expect(entries).toHaveLength(30);
      nodes.splice(nodes.indexOf(running), 1);
    }, 120_000);
  },
);

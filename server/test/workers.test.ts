// WORKERS=2: the real server as a primary process with two workers on one port, one SQLite
// database and one data directory. Each request below opens its own connection, so Node's
// cluster spreads them over both workers.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_IDS, episodeById, startReplica, type Replica } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { FAST_PACING } from './support/browse';
import { readDatabase, startServerProcess, type ServerProcess } from './support/server-process';

/** The pids of a process's worker children (copies of the server bundle), read from /proc. */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised command name).
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('main.mjs');
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

/** One GET on a connection of its own. */
function getAlone(origin: string, url: string, token: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${origin}${url}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

if (databaseKind !== 'sqlite') {
  console.log(
    'workers: runs in the SQLite pass only (the child process opens its own SQLite file).',
  );
}

describe.runIf(databaseKind === 'sqlite')('WORKERS=2: one port, two worker processes', () => {
  let replica: Replica;
  let dataDir: string;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    replica = await startReplica();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-workers-'));
    server = await startServerProcess(dataDir, {
      ...replica.env(),
      ...FAST_PACING,
      WORKERS: '2',
      LOG_LEVEL: 'info', // each worker logs when it listens
      // A killed worker's task is failed by the other one this long after its last heartbeat.
      DOWNLOAD_STALE_AFTER: '3s',
    });
    token = await server.login();
  });
  afterAll(async () => {
    await server?.stop();
    await replica?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two workers that accept the same session', async () => {
    expect(workersOf(server.child.pid!)).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => getAlone(server.origin, '/api/auth/me', token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  it('walks an episode once when both workers are asked for it at once', async () => {
    replica.resetCounts();
    const id = KEY_IDS.bigEpisode;
    const url = `/api/images/episode/${encodeURIComponent(`${replica.pageOrigin}/anime/episodeimages.php?${id}`)}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => getAlone(server.origin, url, token)),
    );
    const expected = episodeById(id)!.imageIds;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).total).toBe(expected.length);
    }
    expect(replica.counts().total).toBe(Math.ceil(expected.length / 36));
  });

  it('replaces a worker that dies', async () => {
    const [victim, survivor] = workersOf(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    let workers: number[] = [];
    for (let i = 0; i < 100 && !(workers.length === 2 && !workers.includes(victim!)); i++) {
      await sleep(100);
      workers = workersOf(server.child.pid!);
    }
    expect(workers).toContain(survivor);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    // Until the new worker listens, the survivor alone takes the connections. A new worker loads
    // the whole server first, which on a loaded machine took over 10 s: a deadline, not a speed.
    const listening = () => server.output().split('Server listening').length - 1;
    for (let i = 0; i < 400 && listening() < 3; i++) await sleep(100);
    expect(listening()).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => getAlone(server.origin, '/api/auth/me', token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(4).fill(200));
  }, 90_000);

  it('has another worker take up and finish the ZIP task of a worker killed mid-way', async () => {
    const ids = episodeById(KEY_IDS.bigEpisode + 2)!.imageIds.slice(0, 12);
    replica.setFault('ancdn', { type: 'slow', delayMs: 400 });
    const created = await server.api('POST', '/api/download', {
      token,
      body: {
        image_urls: ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=small`),
        filename_prefix: 'killed',
      },
    });
    expect(created.status).toBe(202);
    const task = created.json<{ download_id: string }>().download_id;
    type Status = { status: string; done_count: number; error: string | null };
    const status = async (): Promise<Status> => {
      // A kept-alive connection to the killed worker is reset: ask again on a fresh one.
      for (let attempt = 0; ; attempt++) {
        try {
          return (
            await server.api('GET', `/api/download/${task}/status`, { token })
          ).json<Status>();
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
    };
    let now = await status();
    for (let i = 0; i < 100 && !(now.status === 'running' && now.done_count > 0); i++) {
      await sleep(100);
      now = await status();
    }
    // The kill must land on a task that is running with images fetched, or it proves nothing.
    expect(now).toMatchObject({ status: 'running' });
    expect(now.done_count).toBeGreaterThan(0);
    // Temporary archives are `<id>.zip.<hex>.tmp`, one name per write.
    const partials = () =>
      readdirSync(path.join(dataDir, 'downloads')).filter(
        (name) => name.startsWith(`${task}.zip.`) && name.endsWith('.tmp'),
      );

    const runner = readDatabase(dataDir, (db) =>
      db.prepare('SELECT worker FROM downloads WHERE id = ?').pluck().get(task),
    ) as string;
    process.kill(Number(runner.split('-')[0]), 'SIGKILL');
    replica.clearFaults();
    for (let i = 0; i < 300 && now.status !== 'completed'; i++) {
      await sleep(100);
      now = await status();
    }
    expect(now).toMatchObject({ status: 'completed', done_count: ids.length, error: null });
    const finisher = readDatabase(dataDir, (db) =>
      db.prepare('SELECT worker FROM downloads WHERE id = ?').pluck().get(task),
    );
    expect(finisher).toBeNull();
    expect(partials()).toEqual([]);
    expect(existsSync(path.join(dataDir, 'downloads', `${task}.zip`))).toBe(true);
  });

  it('stops every process on SIGTERM', async () => {
    const workers = workersOf(server.child.pid!);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

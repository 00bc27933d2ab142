import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, migrateToLatest } from '../src/db';
import { databaseKind } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHILD = path.join(import.meta.dirname, 'support/limiter-process.ts');

/** A child process counting attempts; resolves its output once it has said "ready". */
function limiterProcess(file: string, max: number, attempts: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, file, 'login:shared', String(max), String(attempts)],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`limiter process exited (${code}): ${output}`)));
  });
  const allowed = new Promise<number>((resolve, reject) =>
    child.on('exit', (code) => {
      const match = /allowed (\d+)/.exec(output);
      if (code === 0 && match) resolve(Number(match[1]));
      else reject(new Error(`limiter process exited (${code}): ${output}`));
    }),
  );
  return { ready, allowed, go: () => child.stdin.end('go\n') };
}

if (databaseKind !== 'sqlite')
  console.log('limiter-processes: the Postgres pass proves this in auth-abuse.test.ts.');

// In one process better-sqlite3 never interleaves two attempts' statements, so only processes
// sharing the file (WORKERS=2) can show that a limit counts each attempt in one statement.
describe.runIf(databaseKind === 'sqlite')(
  'a limit shared by two processes on one SQLite file',
  () => {
    let dir: string;
    let file: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'capshelf-limits-'));
      file = path.join(dir, 'capshelf.db');
      const db = connectDb({ sqlitePath: file });
      await migrateToLatest(db);
      await db.close();
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('lets exactly its maximum through, however the processes interleave', async () => {
      const max = 300;
      const processes = [limiterProcess(file, max, 400), limiterProcess(file, max, 400)];
      await Promise.all(processes.map((p) => p.ready));
      for (const p of processes) p.go();
      const allowed = await Promise.all(processes.map((p) => p.allowed));
      expect(allowed[0]! + allowed[1]!).toBe(max);
      // Both took part: the attempts really overlapped rather than ran one process after the other.
      expect(allowed.every((n) => n > 0)).toBe(true);
    }, 60_000);
  },
);

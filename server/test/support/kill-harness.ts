import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReplica, type Replica } from '@capshelf/replica';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { FAST_PACING } from './browse';
import { startServerProcess, type ServerProcess } from './server-process';

// The child server opens its own SQLite file; the Postgres pass has nothing to add here.
export const postgresPass = Boolean(process.env.TEST_POSTGRES_URL);
if (postgresPass) console.log('data-safety: SIGKILL suites run on the SQLite pass only');

/** The data-safety test files' replica and child servers; bound by `useKillHarness`. */
export let replica: Replica;
const dataDirs: string[] = [];
export const running = new Set<ServerProcess>();

export function useKillHarness() {
  beforeAll(async () => {
    if (!postgresPass) replica = await startReplica();
  });
  afterAll(async () => {
    await replica?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    replica?.clearFaults();
    for (const server of running) await server.kill();
    running.clear();
  });
}

export function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-kill-'));
  dataDirs.push(dir);
  return dir;
}

/** Every server a test starts is killed after it, even when an assertion fails half way. */
export async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServerProcess(dataDir, { ...replica.env(), ...FAST_PACING, ...env });
  running.add(server);
  return server;
}

export async function killed(server: ServerProcess) {
  await server.kill();
  running.delete(server);
}

export async function stopped(server: ServerProcess) {
  await server.stop();
  running.delete(server);
}

export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  seconds = 10,
) {
  for (let i = 0; i < seconds * 40; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { SERVER_ARGS } from '../../../scripts/lib/server.mjs';
import { ADMIN } from '../helpers';
import { ensureServerBundle } from './server-bundle';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ApiResponse {
  status: number;
  json<T = Record<string, unknown>>(): T;
  bytes: Buffer;
}

export interface ServerProcess {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves once the API answers; rejects when the process exits first. */
  ready(): Promise<void>;
  /** `kill -9`, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), then waits for the process to be gone. */
  stop(): Promise<void>;
  /** A JSON API call; `token` becomes the bearer header. */
  api(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string },
  ): Promise<ApiResponse>;
  login(email?: string, password?: string): Promise<string>;
}

/**
 * The real server as a child process on its own port and `dataDir`, so a test can kill it with
 * SIGKILL the way a crash or an OOM killer would: the bundle `npm start` runs, with its Node flags
 * (`SERVER_ARGS`), rebuilt first when the sources are newer; it starts on half the CPU of the
 * TypeScript loader. SQLite only: the child opens `<dataDir>/capshelf.db`. Returns once it is
 * spawned; await `ready()` for the API.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  await ensureServerBundle();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    // Not the parent's environment: a developer's DATABASE_URL must not leak into the child.
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Request counts are exact: background thumbnail prefetch is off unless a test turns it on.
      THUMBNAIL_PREFETCH: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const api: ServerProcess['api'] = async (method, url, options = {}) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
      bytes,
    };
  };

  const ended = () => child.exitCode !== null || child.signalCode !== null;

  return {
    origin,
    dataDir,
    child,
    output: () => output,
    async ready() {
      for (let i = 0; i < 300; i++) {
        if (ended()) throw new Error(`server exited before answering:\n${output}`);
        try {
          if ((await fetch(`${origin}/api/auth/status`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await sleep(50);
      }
      throw new Error(`server did not answer within 15 s:\n${output}`);
    },
    async kill() {
      if (!ended()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!ended()) child.kill('SIGTERM');
      await exited;
    },
    api,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await api('POST', '/api/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      return res.json<{ access_token: string }>().access_token;
    },
  };
}

/** `spawnServer`, waiting until the API answers. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await spawnServer(dataDir, env);
  try {
    await server.ready();
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'capshelf.db');

/**
 * Waits (polling every millisecond) until a file in the server's data directory holds at least
 * `minBytes`. `capshelf.db` appears when a first start opens the database; `capshelf.db-wal`
 * grows as statements commit (the database runs in WAL mode), so its size tracks progress.
 */
export async function waitForFile(
  server: ServerProcess,
  name: string,
  minBytes = 0,
  timeoutMs = 20_000,
): Promise<void> {
  const file = path.join(server.dataDir, name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const size = statSync(file, { throwIfNoEntry: false })?.size;
    if (size !== undefined && size >= minBytes) return;
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${file} did not reach ${minBytes} bytes:\n${server.output()}`);
    }
    await sleep(1);
  }
}

/**
 * Opens the server's SQLite file read-only (the server must be stopped or killed) and hands it to
 * `read`; the database's own consistency check must pass first.
 */
export function readDatabase<T>(dataDir: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(sqliteFileOf(dataDir), { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity_check: ${String(check)}`);
    return read(db);
  } finally {
    db.close();
  }
}

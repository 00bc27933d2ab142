import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ARGS } from '../scripts/lib/server.mjs';

export const BENCH_ADMIN = { email: 'admin@localhost.localdomain', password: 'BenchPass123' };

export interface BuiltServer {
  child: ChildProcess;
  base: string;
  /** A bearer token for the account (the admin by default). */
  login(account?: { email: string; password: string }): Promise<string>;
  stop(): void;
}

/**
 * Waits until something answers at the URL (a server that is still starting refuses connections),
 * up to a minute: on a loaded shared machine the bundle can take over 10 s to start.
 */
export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not start`);
}

/** The built server, run exactly as `npm start` runs it, on a loopback port and ready for requests. */
export async function startBuiltServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<BuiltServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...options.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: 'ignore',
  });
  await waitFor(`${base}/api/auth/status`);
  return {
    child,
    base,
    async login(account = BENCH_ADMIN) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

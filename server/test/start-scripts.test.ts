// `npm start` and `npm run demo` as a user runs them: a signal to the script alone (not its whole
// terminal group) ends every process it started, and a port in use is one clear line.
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ARGS } from '../../scripts/lib/server.mjs';
import {
  alive,
  dataDir,
  descendants,
  eventually,
  removeDataDirs,
  runScript,
  type ScriptRun,
} from './support/script-process';
import { ensureServerBundle } from './support/server-bundle';

/** The server stops within 8 s of SIGTERM; the script kills what is left after 9 s. */
const GONE_WITHIN_MS = 15_000;
const RUNNING = /capshelf is running at/;
/** Starting (up to 25 s on a busy machine) plus stopping. */
const SCRIPT_TEST_MS = 60_000;

const started: number[] = [];
afterEach(() => {
  // A failed test must not leave its processes behind either.
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  removeDataDirs();
});

beforeAll(ensureServerBundle, 60_000);

/** Starts the script and resolves once the app answers, with every process under the script. */
async function startRunning(
  script: 'demo.mjs' | 'start.mjs',
  env: Record<string, string | undefined> = {},
) {
  const run = await runScript(script, env);
  const up = await eventually(
    () => RUNNING.test(run.output()[0]) || run.child.exitCode !== null,
    25_000,
  );
  expect(up && run.child.exitCode === null, run.output().join('\n')).toBe(true);
  const pids = [run.child.pid!, ...descendants(run.child.pid!)];
  started.push(...pids);
  return { run, pids };
}

async function expectAllGone(run: ScriptRun, pids: number[]) {
  const gone = await eventually(() => !pids.some(alive), GONE_WITHIN_MS);
  expect(gone, `still running: ${pids.filter(alive).join(', ')}`).toBe(true);
  await run.exited;
}

describe.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
  'npm run demo, then %s to the script',
  (signal) => {
    it(
      'ends the replica, the server and the script',
      async () => {
        const { run, pids } = await startRunning('demo.mjs');
        // The replica and the server, each under the script.
        expect(pids.length, run.output().join('\n')).toBeGreaterThanOrEqual(3);
        const res = await fetch(`http://127.0.0.1:${run.port}/api/auth/me`);
        expect(res.status).toBe(401);
        run.child.kill(signal);
        await expectAllGone(run, pids);
        expect(run.output()[0]).toMatch(/shutting down/);
      },
      SCRIPT_TEST_MS,
    );
  },
);

describe.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
  'npm start, then %s to the script',
  (signal) => {
    it(
      'ends the server and the script',
      async () => {
        const { run, pids } = await startRunning('start.mjs');
        expect(pids.length).toBeGreaterThanOrEqual(2);
        run.child.kill(signal);
        await expectAllGone(run, pids);
      },
      SCRIPT_TEST_MS,
    );
  },
);

/** This machine's IPv4 addresses other than loopback (none on a machine without a network). */
const outwardAddresses = () =>
  Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);

/** The status an address answers with, or 'none' when nothing listens there. */
const answer = (url: string) =>
  fetch(url).then(
    (res) => res.status,
    () => 'none',
  );

describe('npm run demo with no HOST set', () => {
  it(
    'listens on 127.0.0.1 alone, and says so: its admin password is public',
    async () => {
      const { run, pids } = await startRunning('demo.mjs', { HOST: undefined });
      expect(await answer(`http://127.0.0.1:${run.port}/api/auth/me`)).toBe(401);
      // Nothing answers at the addresses other machines on the network would use.
      for (const address of outwardAddresses())
        expect(await answer(`http://${address}:${run.port}/api/auth/me`), address).toBe('none');
      expect(run.output()[0]).toContain('Listening on 127.0.0.1 only');
      run.child.kill('SIGTERM');
      await expectAllGone(run, pids);
    },
    SCRIPT_TEST_MS,
  );
});

describe('a script killed with SIGKILL', () => {
  it(
    'leaves no child behind: each notices its parent is gone and stops',
    async () => {
      const { run, pids } = await startRunning('demo.mjs');
      run.child.kill('SIGKILL');
      await expectAllGone(run, pids);
    },
    SCRIPT_TEST_MS,
  );
});

/** Holds a loopback port the way a forgotten earlier run would. */
async function holdPort(): Promise<net.Server & { port: number }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as net.AddressInfo).port });
}

describe('a port in use', () => {
  it.each([
    ['demo.mjs', 'PORT'],
    ['demo.mjs', 'REPLICA_PORT'],
    ['start.mjs', 'PORT'],
  ] as const)(
    '%s with %s taken says so in one line, names the holder and exits non-zero',
    async (script, setting) => {
      const held = await holdPort();
      try {
        const run = await runScript(script, { [setting]: String(held.port) });
        const code = await run.exited;
        const [stdout, stderr] = run.output();
        expect(code).toBe(1);
        const lines = stderr.trim().split('\n');
        expect(lines, stderr).toHaveLength(1);
        expect(lines[0]).toContain(
          `Port ${held.port} (127.0.0.1) is in use: stop what holds it or set ${setting} to another port; it is held by pid ${process.pid} (${process.execPath} `,
        );
        expect(stdout).not.toMatch(/running/);
      } finally {
        held.close();
      }
    },
  );

  it('when taken after the check, the server still says it in one line, without a stack', async () => {
    const held = await holdPort();
    try {
      const server = spawn(process.execPath, SERVER_ARGS, {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir(),
          PORT: String(held.port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => server.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `capshelf failed to start: port ${held.port} (127.0.0.1) is in use; stop what holds it or set PORT to another port.`,
      );
    } finally {
      held.close();
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../scripts/lib/ports.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const dataDirs: string[] = [];

/** A data directory of its own for one run, removed by `removeDataDirs`. */
export function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-script-'));
  dataDirs.push(dir);
  return dir;
}

export function removeDataDirs() {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface ScriptRun {
  child: ChildProcess;
  port: number;
  /** Everything printed so far: [stdout, stderr]. */
  output(): [string, string];
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/**
 * `node scripts/<script> --no-build` on its own port and data directory, with a clean environment
 * (a developer's DATABASE_URL must not reach it); the demo's replica takes ports the OS picks.
 * A setting given as undefined is left unset.
 */
export async function runScript(
  script: 'demo.mjs' | 'start.mjs',
  env: Record<string, string | undefined> = {},
): Promise<ScriptRun> {
  const port = await freePort();
  const child = spawn(process.execPath, [`scripts/${script}`, '--no-build'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      REPLICA_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = ['', ''] as [string, string];
  child.stdout!.on('data', (chunk: Buffer) => (out[0] += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out[1] += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, port, output: () => out, exited };
}

/** Every live process descended from `pid` (Linux /proc). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Whether `pid` still runs (a zombie, exited but not yet reaped, counts as gone). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `check` holds or `limitMs` passes; resolves with whether it held. */
export async function eventually(check: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

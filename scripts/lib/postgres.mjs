import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.mjs';
import { isRoot } from './process.mjs';

/** Finds initdb/pg_ctl on PATH or in Debian's versioned folders (the newest first). */
export function findPostgresBin() {
  const candidates = [];
  try {
    candidates.push(path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim()));
  } catch {
    /* not on PATH */
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, 'bin'));
  }
  return candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

/**
 * Starts a throwaway Postgres cluster on loopback, or returns null when no Postgres binaries exist.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
 * initdb and the start run asynchronously, so `npm test` starts the cluster beside its first tiers.
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = isRoot();
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const argv = (command) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', 'sh', '-c', command]] : ['sh', ['-c', command]];
  const sh = (command) => execFileSync(...argv(command), { stdio: 'pipe' });
  const shAsync = (command) => promisify(execFile)(...argv(command));
  const user = asRoot ? 'postgres' : os.userInfo().username;
  await shAsync(`"${bin}/initdb" -D "${dataDir}" -U ${user} -A trust --no-sync -E UTF8 >/dev/null`);
  await shAsync(
    `"${bin}/pg_ctl" -D "${dataDir}" -l "${dir}/log" -w -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null`,
  );
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        sh(`"${bin}/pg_ctl" -D "${dataDir}" -m immediate stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Another process on a SQLite file that takes the write lock (BEGIN IMMEDIATE) and holds it until
 * `release`, as another worker, `npm run users` or a backup would.
 */
export async function holdWriteLock(sqlitePath: string): Promise<{ release(): Promise<void> }> {
  const other = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(${JSON.stringify(sqlitePath)});
       db.prepare('BEGIN IMMEDIATE').run();
       process.stdout.write('locked');
       process.stdin.once('data', () => { db.prepare('COMMIT').run(); db.close(); process.exit(0); });`,
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(other, 'exit');
  await once(other.stdout!, 'data');
  return {
    async release() {
      if (other.exitCode === null) other.stdin!.write('go\n');
      await exited;
    },
  };
}

import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ARGS } from '../../../scripts/lib/server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = SERVER_ARGS.at(-1)!;

/** What the bundle is built from: the server's and the contract's code, and the build script. */
const SOURCES = ['server/src', 'contract/src'];
const BUILD_FILES = ['scripts/build-server.mjs', 'server/package.json'];

const mtime = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function newestSource(): number {
  const files = SOURCES.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
      path.join(ROOT, dir, file),
    ),
  );
  return Math.max(...[...files, ...BUILD_FILES.map((file) => path.join(ROOT, file))].map(mtime));
}

let ready: Promise<void> | null = null;

/**
 * The server bundle `npm start` runs (`scripts/build-server.mjs`), built when it is missing or
 * older than any of its sources, so a spawned server runs the code under test. A process checks
 * once; two processes building at once is harmless (the build writes each file under a
 * temporary name, then renames it).
 */
export function ensureServerBundle(): Promise<void> {
  ready ??= (async () => {
    if (mtime(BUNDLE) >= newestSource()) return;
    const build = spawn(process.execPath, ['scripts/build-server.mjs'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const code = await new Promise((resolve) => build.once('exit', resolve));
    if (code !== 0) throw new Error('building the server bundle failed');
  })();
  return ready;
}

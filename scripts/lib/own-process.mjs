// Which server test files need a process of their own. The server-side passes run with Vitest's
// `--no-isolate` (a worker loads the server once for all its files instead of once per file, a
// second of CPU each), which a few files cannot share.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './install.mjs';

/**
 * Files that hold process-wide state no later file may inherit: the impersonating transport's
 * trust store (rustls reads SSL_CERT_FILE once per process, so a second test CA is refused).
 */
const PROCESS_STATE = ['src/upstream/transport/transport.test.ts'];

/** Every `*.test.ts` under `dir`, relative to `base`. */
function testFiles(base, dir) {
  return readdirSync(path.join(base, dir), { recursive: true, withFileTypes: false })
    .filter((file) => String(file).endsWith('.test.ts'))
    .map((file) => path.join(dir, String(file)));
}

/**
 * What marks a file that cannot share a worker: mocking a module (`vi.mock` takes no effect on a
 * module an earlier file of the same worker already loaded), or adding an episode to the
 * in-process replica's catalogue (a module-wide list: later files would see the show changed).
 */
const UNSHAREABLE = [/\bvi\.(do)?[mM]ock\(/, /\baddEpisode\(/];

/**
 * Server test files (relative to `server/`) that run in a fresh process: those above, and every
 * file doing what `UNSHAREABLE` names, found by reading the files so that a new one is never
 * forgotten.
 */
export function serverFilesNeedingOwnProcess() {
  const server = path.join(root, 'server');
  const unshareable = [...testFiles(server, 'src'), ...testFiles(server, 'test')].filter((file) => {
    const text = readFileSync(path.join(server, file), 'utf8');
    return UNSHAREABLE.some((pattern) => pattern.test(text));
  });
  return [...new Set([...PROCESS_STATE, ...unshareable])].sort();
}

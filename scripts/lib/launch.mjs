// What `npm start` and `npm run demo` share: installing and building (or reusing what is there)
// and running the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runChild, runNode, spawnChild } from './children.mjs';
import { ensureDependencies, root } from './install.mjs';
import { SERVER_ARGS } from './server.mjs';

const SERVER_BUNDLE = SERVER_ARGS.at(-1);

/**
 * Installs what is missing and builds the page and the server bundle; `--no-build` reuses the
 * installed dependencies and the last build as they are (never an install behind the user's back).
 */
export async function prepare() {
  if (process.argv.includes('--no-build')) {
    if (existsSync(SERVER_BUNDLE)) return;
    throw new Error(
      `there is no earlier build to reuse (${path.relative(root, SERVER_BUNDLE)}); run without --no-build`,
    );
  }
  await ensureDependencies(spawnChild);
  if ((await runChild('npm', ['run', '--silent', 'build'], { cwd: root })) !== 0)
    throw new Error('the build failed');
}

/** Runs the built server in the foreground; resolves with its exit code. */
export const runServer = (env) => runNode(SERVER_ARGS, { cwd: root, env });

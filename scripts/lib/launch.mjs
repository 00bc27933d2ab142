// What `npm start` and `npm run demo` share: the build (or reusing the last one) and the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runChild, runNode } from './children.mjs';
import { root } from './install.mjs';
import { SERVER_ARGS } from './server.mjs';

const SERVER_BUNDLE = SERVER_ARGS.at(-1);

/** Builds the page and the server bundle, unless `--no-build` asks to reuse the last build. */
export async function buildUnlessReused() {
  if (process.argv.includes('--no-build')) {
    if (existsSync(SERVER_BUNDLE)) return;
    throw new Error(
      `there is no earlier build to reuse (${path.relative(root, SERVER_BUNDLE)}); run without --no-build`,
    );
  }
  if ((await runChild('npm', ['run', '--silent', 'build'], { cwd: root })) !== 0)
    throw new Error('the build failed');
}

/** Runs the built server in the foreground; resolves with its exit code. */
export const runServer = (env) => runNode(SERVER_ARGS, { cwd: root, env });

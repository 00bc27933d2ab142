// `npm run demo`: everything offline. Starts the local replica of the source site on ports
// 8100–8110, then the app on http://127.0.0.1:8000 pointed at it, with its own data directory.
// It listens on 127.0.0.1 unless HOST says otherwise: its admin password is public.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './lib/install.mjs';
import { run } from './lib/process.mjs';
import { SERVER_ARGS } from './lib/server.mjs';

const REPLICA = 'http://127.0.0.1:8100';
/** The demo is local and throwaway: one fixed admin, printed on every start. */
const DEMO_ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin123' };

/** Makes the demo admin exist, active, with the demo password, whatever an earlier run changed. */
async function ensureDemoAdmin(env) {
  const users = (...args) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/auth/cli.ts', ...args], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
  const { email, password } = DEMO_ADMIN;
  if ((await users('add', email, '--role', 'admin', '--password', password)) === 0) return;
  for (const args of [
    ['set-password', email, '--password', password],
    ['set-role', email, 'admin'],
    ['enable', email],
  ]) {
    if ((await users(...args)) !== 0)
      throw new Error(`could not prepare the demo admin (${args[0]})`);
  }
}

/** Says where the demo listens, and what opening it to the network means. */
function listeningNote(host) {
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1')
    return `Listening on ${host} only: this machine alone can reach the demo (HOST=0.0.0.0 would open it to the network).`;
  return (
    `WARNING: listening on ${host}, reachable from the network, and anyone who can reach it can ` +
    `sign in as the demo admin with the password above. Use HOST=127.0.0.1 unless you mean it.`
  );
}

async function replicaSettings() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const info = await (await fetch(`${REPLICA}/_control/info`)).json();
      return info.env;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the replica did not start on port 8100');
}

async function main() {
  await ensureDependencies();
  if ((await run('npm', ['run', '--silent', 'build'], { cwd: root })) !== 0)
    throw new Error('building the page failed');
  // Node itself, not npx: stopping npx left the replica running on its ports.
  const replica = spawn(process.execPath, ['--import', 'tsx', 'replica/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => replica.kill('SIGTERM');
  process.on('exit', stop);
  const env = {
    ...process.env,
    ...(await replicaSettings()),
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data', 'demo'),
    // The demo admin's password is printed and in the README: never on the network by default.
    HOST: process.env.HOST || '127.0.0.1',
    // The replica is local and tolerant; keep a little pacing so the demo still shows it.
    UPSTREAM_PAGE_SPACING: process.env.UPSTREAM_PAGE_SPACING ?? '200ms',
  };
  await ensureDemoAdmin(env);
  console.log(
    `Replica of the source site running at ${REPLICA} (search for "hanabi", "lighthouse" or "ladybug").\n` +
      `Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (data in ${env.DATA_DIR})\n` +
      listeningNote(env.HOST),
  );
  const code = await run(process.execPath, SERVER_ARGS, { cwd: root, env });
  stop();
  process.exit(code);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

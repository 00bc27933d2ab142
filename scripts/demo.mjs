// `npm run demo`: everything offline. Starts the local replica of the source site on ports
// 8100–8110, then the app on http://127.0.0.1:8000 pointed at it, with its own data directory.
// It listens on 127.0.0.1 unless HOST says otherwise: its admin password is public.
// `npm run demo -- --no-build` reuses what is installed and built. A signal to the script ends
// every child.
import path from 'node:path';
import {
  exitAfterChildren,
  spawnNode,
  stopChildrenOnSignals,
  stopRequested,
} from './lib/children.mjs';
import { DEMO_ADMIN, DEMO_ADMIN_ENV, ensureDemoAdmin } from './lib/demo-admin.mjs';
import { root } from './lib/install.mjs';
import { checkPorts, PortInUseError, setting } from './lib/port-check.mjs';
import { prepare, runServer } from './lib/launch.mjs';

/** Says where the demo listens, and what opening it to the network means. */
function listeningNote(host) {
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1')
    return `Listening on ${host} only: this machine alone can reach the demo (HOST=0.0.0.0 would open it to the network).`;
  return (
    `WARNING: listening on ${host}, reachable from the network, and anyone who can reach it can ` +
    `sign in as the demo admin with the password above. Use HOST=127.0.0.1 unless you mean it.`
  );
}

/** Starts the replica; resolves with the settings that point the app at it, once it listens. */
function startReplica(port) {
  // Node itself, not npx: stopping npx left the replica running on its ports.
  const replica = spawnNode(['--import', 'tsx', 'replica/src/main.ts'], {
    cwd: root,
    env: { ...process.env, REPLICA_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    replica.once('message', (message) => resolve(message.replicaEnv));
    // The replica said why on stderr (a port in use is one line).
    replica.once('exit', () => reject(new Error('the replica did not start')));
    replica.once('error', reject);
  });
}

async function main() {
  stopChildrenOnSignals();
  const host = process.env.HOST || '127.0.0.1';
  const replicaPort = Number(process.env.REPLICA_PORT ?? 8100);
  await checkPorts([
    { port: Number(setting('PORT') ?? 8000), host, setting: 'PORT' },
    { port: replicaPort, host: '127.0.0.1', setting: 'REPLICA_PORT' },
  ]);
  await prepare();
  const settings = {
    ...process.env,
    ...DEMO_ADMIN_ENV,
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data', 'demo'),
    // The demo admin's password is printed and in the README: never on the network by default.
    HOST: host,
    // The replica is local and tolerant; keep a little pacing so the demo still shows it.
    UPSTREAM_PAGE_SPACING: process.env.UPSTREAM_PAGE_SPACING ?? '200ms',
  };
  // The admin check reads the database alone: it runs while the replica starts.
  const [replicaEnv] = await Promise.all([startReplica(replicaPort), ensureDemoAdmin(settings)]);
  const env = { ...settings, ...replicaEnv };
  console.log(
    `Replica of the source site running at ${replicaEnv.UPSTREAM_BASE_URL} (search for "hanabi", "lighthouse" or "ladybug").\n` +
      `Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (data in ${env.DATA_DIR})\n` +
      listeningNote(env.HOST),
  );
  await exitAfterChildren(await runServer(env));
}

main().catch(async (error) => {
  if (!stopRequested())
    console.error(
      error instanceof PortInUseError
        ? error.message
        : `The demo stopped: ${error instanceof Error ? error.message : error}`,
    );
  await exitAfterChildren(1);
});

// `npm start`: installs what is missing, builds the page and the server bundle, then runs it (which migrates
// the database and prints the admin login on first run) on http://localhost:8000.
// `npm start -- --no-build` reuses the last build. A signal to the script ends every child.
import {
  exitAfterChildren,
  spawnChild,
  stopChildrenOnSignals,
  stopRequested,
} from './lib/children.mjs';
import { ensureDependencies } from './lib/install.mjs';
import { buildUnlessReused, runServer } from './lib/launch.mjs';
import { checkPorts, PortInUseError, setting } from './lib/port-check.mjs';

async function main() {
  stopChildrenOnSignals();
  await checkPorts([
    { port: Number(setting('PORT') ?? 8000), host: setting('HOST') ?? '0.0.0.0', setting: 'PORT' },
  ]);
  await ensureDependencies(spawnChild);
  await buildUnlessReused();
  await exitAfterChildren(await runServer(process.env));
}

main().catch(async (error) => {
  if (!stopRequested())
    console.error(
      error instanceof PortInUseError
        ? error.message
        : `capshelf did not start: ${error instanceof Error ? error.message : error}`,
    );
  await exitAfterChildren(1);
});

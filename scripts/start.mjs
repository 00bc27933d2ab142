// `npm start`: installs what is missing, builds the page and the server bundle, then runs it (which migrates
// the database and prints the admin login on first run) on http://localhost:8000.
// `npm start -- --no-build` reuses what is installed and built. A signal to the script ends every
// child.
import { exitAfterChildren, stopChildrenOnSignals, stopRequested } from './lib/children.mjs';
import { prepare, runServer } from './lib/launch.mjs';
import { checkPorts, PortInUseError, setting } from './lib/port-check.mjs';

async function main() {
  stopChildrenOnSignals();
  await checkPorts([
    { port: Number(setting('PORT') ?? 8000), host: setting('HOST') ?? '0.0.0.0', setting: 'PORT' },
  ]);
  await prepare();
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

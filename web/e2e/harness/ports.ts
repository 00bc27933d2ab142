import { execFileSync } from 'node:child_process';

const PORTS_MODULE = new URL('../../../scripts/lib/ports.mjs', import.meta.url).href;
/** Two free loopback ports below the OS's own range (see `scripts/lib/ports.mjs`). */
const PICK_TWO = `import(${JSON.stringify(PORTS_MODULE)}).then(async ({ freePorts }) =>
  process.stdout.write((await freePorts(2)).join(' ')));`;

/**
 * Loopback ports of the end-to-end stack, picked free once per run so two runs on one machine do
 * not collide. The runner picks them when it loads the config (synchronously: the config loads
 * before any worker starts) and keeps them in its environment, which the web server process and
 * the test workers inherit, so every side reads the same ports.
 */
if (!process.env.CAPSHELF_E2E_PORTS) {
  process.env.CAPSHELF_E2E_PORTS = execFileSync(process.execPath, ['-e', PICK_TWO], {
    encoding: 'utf8',
  });
}
const [appPort, controlPort] = process.env.CAPSHELF_E2E_PORTS.split(' ').map(Number);

export const APP_PORT = appPort;
export const CONTROL_PORT = controlPort;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'AdminPass123' };

import { execFileSync } from 'node:child_process';

/** Two free loopback ports, held together while picked so they differ. */
const PICK_TWO = `const net = require('net');
const a = net.createServer().listen(0, '127.0.0.1', () => {
  const b = net.createServer().listen(0, '127.0.0.1', () => {
    process.stdout.write(a.address().port + ' ' + b.address().port);
    a.close(); b.close();
  });
});`;

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

import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The lowest port the OS hands out by itself (to `listen(0)` and to every outgoing connection).
 * Ports are picked below it: a port the OS picked, once released, can be taken by any outgoing
 * connection (a fetch, a database client) before the caller binds it.
 */
function ephemeralLow() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

const LOWEST = 10_000;

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

/** Binds a random free port below the ephemeral range (or one the OS picks, if none is free). */
async function holdPort() {
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 50 && high > LOWEST; attempt++) {
    const server = net.createServer();
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
    try {
      await listen(server, port);
      return server;
    } catch {
      server.close();
    }
  }
  const server = net.createServer();
  await listen(server, 0);
  return server;
}

/**
 * `count` loopback ports nobody listens on right now, held together while picked so they differ;
 * the caller binds them a moment later. Benchmarks and test stacks use these, never fixed numbers,
 * so two runs on one machine do not collide.
 */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await holdPort());
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

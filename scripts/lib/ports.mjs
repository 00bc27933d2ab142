import net from 'node:net';

/**
 * `count` loopback ports nobody listens on right now, held together while picked so they differ
 * (the OS picks them; the caller binds them a moment later). Benchmarks and test stacks use these,
 * never fixed numbers, so two runs on one machine do not collide.
 */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

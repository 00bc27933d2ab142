import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT: '1s', MAX_CONNECTIONS_PER_ADDRESS: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** A raw connection to the app from `localAddress` (any 127.x address reaches a 127.0.0.1 server). */
async function connect(localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

/** A GET on a new connection and the status line of its answer. */
async function statusLine(localAddress: string): Promise<string> {
  const { socket, closed, received } = await connect(localAddress);
  socket.write('GET /api/auth/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closed;
  return received().split('\r\n')[0] ?? '';
}

describe('slow and greedy clients', () => {
  it('closes a connection whose body trickles in, answering 408', async () => {
    const { socket, closed, received } = await connect();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":"',
    );
    // One byte every 200 ms: always some progress, never the whole body.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
    await closed;
    clearInterval(trickle);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never end', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /api/auth/status HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
    await closed;
    clearInterval(trickle);
    expect(socket.destroyed).toBe(true);
  });

  it('caps open connections per address; other addresses and later connections get through', async () => {
    const held = await Promise.all([connect(), connect(), connect()]);
    const refused = await connect();
    await refused.closed;
    expect(refused.received()).toBe('');
    // Another address is not held up by this one's connections.
    expect(await statusLine('127.0.0.2')).toBe('HTTP/1.1 200 OK');
    // Once one of the held connections ends, the address may connect again.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    expect(await statusLine('127.0.0.1')).toBe('HTTP/1.1 200 OK');
    for (const { socket } of held) socket.destroy();
  });
});

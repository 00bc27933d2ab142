import { Duplex } from 'node:stream';
import type { Server } from 'node:net';
import type { Socket } from 'node:net';
import { connect } from 'node:tls';
import { parseClientHello, type ClientHello } from './client-hello';

/** A ClientHello gives up after this many bytes without being complete (no real one is near). */
const MAX_HELLO_BYTES = 64 * 1024;

/**
 * The cipher list Node's own TLS (and so undici and fetch) offers by default, read from a
 * ClientHello Node writes into a stream that goes nowhere: no table to keep in step with Node.
 */
export function nodeDefaultCiphers(): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let written = Buffer.alloc(0);
    const wire = new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        written = Buffer.concat([written, chunk]);
        const hello = parseClientHello(written);
        if (hello === null) reject(new Error('Node wrote no ClientHello'));
        else if (hello !== 'incomplete') {
          resolve(hello.ciphers);
          // Written from inside connect(): the socket is only there once it returns.
          setImmediate(() => socket.destroy());
        }
        done();
      },
    });
    const socket = connect({ socket: wire, servername: 'localhost' });
    socket.on('error', () => {});
  });
}

/** Whether a bot manager in front of the site would refuse this ClientHello. */
export function refusesHello(hello: ClientHello | null, nodeCiphers: number[]): boolean {
  if (!hello) return true;
  const isNodes =
    hello.ciphers.length === nodeCiphers.length &&
    hello.ciphers.every((cipher, i) => cipher === nodeCiphers[i]);
  return isNodes || !hello.alpn.includes('h2');
}

/** Connections by `address:port` of the client, as both the raw and the TLS socket report it. */
export const connectionKey = (socket: { remoteAddress?: string; remotePort?: number }) =>
  `${socket.remoteAddress ?? ''}:${socket.remotePort ?? ''}`;

/**
 * Reads each connection's ClientHello before the TLS server sees it, records whether it would be
 * refused, then hands the socket on with the bytes put back. The TLS server's own `connection`
 * listeners run only after that, so the handshake itself is untouched.
 */
export function gateConnections(server: Server, refused: Set<string>, nodeCiphers: number[]) {
  const listeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const key = connectionKey(socket);
    let received = Buffer.alloc(0);
    const handOn = (hello: ClientHello | null) => {
      socket.off('data', onData);
      socket.pause();
      socket.unshift(received);
      if (refusesHello(hello, nodeCiphers)) {
        refused.add(key);
        socket.once('close', () => refused.delete(key));
      }
      for (const listener of listeners) listener.call(server, socket);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const hello = parseClientHello(received);
      if (hello === 'incomplete' && received.length < MAX_HELLO_BYTES) return;
      handOn(hello === 'incomplete' ? null : hello);
    };
    socket.on('data', onData);
  });
}

import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../auth/client-address';

/**
 * Caps the open connections per client address (an IPv6 /64 counting as one): past `max`, a new
 * connection is closed before any byte of it is read, so one client cannot hold every file
 * descriptor with connections that never finish. 0: no cap.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

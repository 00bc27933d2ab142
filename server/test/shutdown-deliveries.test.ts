// SIGTERM while an SMTP server and a webhook hang in the middle of deliveries: the server exits
// within 5 s and hands both back to the outbox (pending again), so nothing is lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReplica, type Replica } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, ownUrl } from './support/downloads';
import { readDatabase, startServerProcess } from './support/server-process';

/** Takes connections and never says a word (an SMTP server that hangs before its greeting). */
const silentSmtp = createTcpServer();
const smtpSockets: Socket[] = [];
silentSmtp.on('connection', (socket) => smtpSockets.push(socket));
/** Reads the request and never answers. */
const hangingHook = createHttpServer(() => undefined);
let hookRequests = 0;
hangingHook.on('request', () => hookRequests++);

let replica: Replica;
let dir: string;
const listen = (server: typeof silentSmtp | typeof hangingHook) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  replica = await startReplica();
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-shutdown-'));
});
afterAll(async () => {
  for (const socket of smtpSockets) socket.destroy();
  hangingHook.closeAllConnections();
  await new Promise((resolve) => silentSmtp.close(resolve));
  await new Promise((resolve) => hangingHook.close(resolve));
  await replica?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('stopping with deliveries in flight', () => {
  it('exits within 5 s with a hung SMTP server and webhook, and keeps both notices for later', async () => {
    const [smtpPort, hookPort] = await Promise.all([listen(silentSmtp), listen(hangingHook)]);
    const server = await startServerProcess(dir, {
      ...replica.env(),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    });
    try {
      const token = await server.login();
      const channel = (body: object) =>
        server.api('POST', '/api/notifications/channels', { token, body });
      expect((await channel({ type: 'email' })).status).toBe(201);
      const hook = await channel({
        type: 'webhook',
        format: 'json',
        url: `http://127.0.0.1:${hookPort}/hook`,
      });
      expect(hook.status).toBe(201);
      const task = await server.api('POST', '/api/download', {
        token,
        body: { image_urls: [ownUrl(ids[0]!)] },
      });
      expect(task.status).toBe(202);
      // The finished task's notice is being delivered to both, and neither answers.
      for (let i = 0; i < 200 && (smtpSockets.length === 0 || hookRequests === 0); i++)
        await sleep(50);
      expect(smtpSockets.length).toBeGreaterThan(0);
      expect(hookRequests).toBeGreaterThan(0);
    } catch (error) {
      await server.kill();
      throw error;
    }

    const started = Date.now();
    await server.stop();
    const took = Date.now() - started;
    console.log(`shutdown with hung deliveries: ${took} ms`);
    expect(took).toBeLessThan(5000);
    const rows = readDatabase(dir, (db) =>
      db
        .prepare(
          "SELECT status, attempts FROM notification_outbox WHERE event = 'download_finished'",
        )
        .all(),
    );
    expect(rows).toEqual([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
    ]);
  }, 60_000);
});

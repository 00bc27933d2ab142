// The end-to-end stack in one process: a real SMTP sink, the app on APP_PORT with a fresh data
// directory, and a control port the specs use to create accounts and read received mail.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startReplica } from '@capshelf/replica';
import { loadConfig } from '../../../server/src/config';
import { buildHttpApp } from '../../../server/src/http/app';
import { createServices } from '../../../server/src/services';
import { startMailSink } from '../../../server/test/support/mail-sink';
import { APP_PORT, APP_URL, CONTROL_PORT, E2E_ADMIN } from './ports';

async function main() {
  // Every app's data directory lives in this one, removed when the harness stops (and, under
  // `npm test`, inside the runner's own temporary directory, removed when the run ends).
  const runDir = mkdtempSync(
    path.join(process.env.CAPSHELF_E2E_TMPDIR ?? os.tmpdir(), 'capshelf-e2e-'),
  );
  const dataDir = path.join(runDir, 'app');
  const sink = await startMailSink();
  // Over TLS, with the replica checking ClientHellos as Cloudflare does: the default transport
  // must pass it for any spec to work.
  const replica = await startReplica({ tls: true });
  const settings = {
    ...replica.env(),
    // The replica is local: pacing only slows the suite (the client's tests prove the pacing).
    UPSTREAM_PAGE_SPACING: '10ms',
    UPSTREAM_THUMB_SPACING: '0ms',
    UPSTREAM_FULL_SPACING: '0ms',
    UPSTREAM_JITTER: '0ms',
    // The challenge spec's CAPTCHA makes the browser solver wait this long before giving up; long
    // enough for its Turnstile click on a busy 2-core machine (5 s ran out beside the server passes).
    UPSTREAM_SOLVER_TIMEOUT: '15s',
    // Followed works are checked within seconds of an episode the replica adds (follows spec).
    FOLLOW_CHECK_INTERVAL: '2s',
    // The users' folders on the server, so the download dialogs offer 保存到 (downloads-stay spec).
    LIBRARY_DIR: path.join(runDir, 'library'),
    // The notifications spec's webhook sink listens on loopback, which webhooks may not reach unasked.
    NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: APP_URL,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
  };
  const startApp = async (overrides: Record<string, string>, port = 0) => {
    const services = await createServices(loadConfig({ ...settings, ...overrides }));
    const app = await buildHttpApp(services, {
      webRoot: path.resolve(import.meta.dirname, '../../dist'),
    });
    await app.listen({ port, host: '127.0.0.1' });
    return { services, app };
  };
  const { services, app } = await startApp({ DATA_DIR: dataDir }, APP_PORT);
  /**
   * Further apps behind the same replica with other upstream settings, started on demand by name
   * (e.g. UPSTREAM_TRANSPORT=node, to show what the site's refusal looks like), one user each.
   */
  const extraApps = new Map<string, Promise<Awaited<ReturnType<typeof startApp>>>>();
  const extraUser = { email: 'extra@e2e.test', password: 'UserPass123' };
  const startExtraApp = async (name: string, overrides: Record<string, string>) => {
    const started = await startApp({ ...overrides, DATA_DIR: path.join(runDir, name) });
    await started.services.auth.users.create({ ...extraUser, role: 'user' });
    return started;
  };

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/replica') {
      return reply(200, {
        pageOrigin: replica.pageOrigin,
        hostOrigins: replica.hostOrigins,
        ca: replica.ca?.pem,
      });
    }
    if (req.method === 'POST' && url.pathname === '/extra-app') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const input = JSON.parse(body) as { name: string; env: Record<string, string> };
        if (!/^[a-z-]+$/.test(input.name)) return reply(400, { error: 'bad name' });
        let started = extraApps.get(input.name);
        if (!started) {
          started = startExtraApp(input.name, input.env);
          extraApps.set(input.name, started);
        }
        started
          .then(({ app: extra }) => {
            const { port } = extra.server.address() as AddressInfo;
            reply(201, { url: `http://127.0.0.1:${port}`, user: extraUser });
          })
          .catch((error: unknown) => reply(500, { error: String(error) }));
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to');
      return reply(
        200,
        sink.mails.filter((m) => !to || m.to.includes(to)),
      );
    }
    if (req.method === 'POST' && url.pathname === '/users') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const input = JSON.parse(body) as {
          email: string;
          password: string;
          role?: 'admin' | 'user';
        };
        services.auth.users
          .create({ email: input.email, password: input.password, role: input.role ?? 'user' })
          .then((user) => reply(201, { id: user.id }))
          .catch((error: unknown) => reply(409, { error: String(error) }));
      });
      return;
    }
    reply(404, {});
  });
  control.listen(CONTROL_PORT, '127.0.0.1');

  const close = async () => {
    control.close();
    await app.close();
    await services.close();
    for (const started of extraApps.values()) {
      const { app: extra, services: extraServices } = await started;
      await extra.close();
      await extraServices.close();
    }
    await sink.close();
    await replica.close();
  };
  /**
   * Closes everything (for at most a few seconds: Playwright waits 10 s before it kills the
   * harness), then removes the data directories whatever happened. Playwright signals the whole
   * process group and tsx passes the signal on as well: later signals must not cut this short.
   */
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const giveUp = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
    try {
      await Promise.race([close(), giveUp]);
    } catch (error) {
      console.error(error);
    } finally {
      // Retried: a fetch still finishing may add a file while the tree is being removed.
      rmSync(runDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

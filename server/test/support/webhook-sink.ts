import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for webhook receivers: it keeps every request, and
 * answers each path with the statuses queued for it (then 204); a path in `hang` never answers.
 */
export async function startWebhookSink() {
  const received: ReceivedHook[] = [];
  const answers = new Map<string, number[]>();
  const hang = new Set<string>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (hang.has(path)) {
        open.add(res);
        return;
      }
      const status = answers.get(path)?.shift() ?? 204;
      if (status >= 300 && status < 400) res.setHeader('location', '/redirected');
      res.writeHead(status).end(status === 204 ? undefined : 'answer');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** The next answers to `path`, in order. */
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    hang: (path: string) => hang.add(path),
    /** Drops the connections left hanging (their senders see an error). */
    release() {
      for (const res of open) res.destroy();
      open.clear();
      hang.clear();
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;

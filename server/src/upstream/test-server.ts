import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server for client tests: records every hit (path, headers, arrival time). */
export type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

export interface TestServer {
  origin: string;
  host: string;
  hits: {
    path: string;
    headers: IncomingMessage['headers'];
    rawHeaders: string[];
    at: number;
  }[];
  sockets: number;
  inFlight: number;
  maxInFlight: number;
  handle: Handler;
  close(): Promise<void>;
}

export const PAGE =
  '<!DOCTYPE html><html><body><section id="contentbody">ok</section></body></html>';

export async function startServer(): Promise<TestServer> {
  const state = {
    hits: [],
    sockets: 0,
    inFlight: 0,
    maxInFlight: 0,
    handle: ((_, res) => res.end(PAGE)) as Handler,
  } as Omit<TestServer, 'origin' | 'host' | 'close'>;
  const server = createServer((req, res) => {
    state.hits.push({
      path: req.url ?? '',
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      at: performance.now(),
    });
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    res.on('close', () => (state.inFlight -= 1));
    state.handle(req, res, state.hits.length);
  });
  server.on('connection', () => (state.sockets += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

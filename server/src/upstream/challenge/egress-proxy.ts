import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { CHALLENGE_HOSTS } from './containment';

/** The solver browser's only way out; `refused` lists what it asked for and did not get. */
export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's `--proxy-server`. */
  url: string;
  refused: string[];
  close(): Promise<void>;
}

/** Headers a proxy consumes rather than forwards. */
const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'];

/**
 * A forward proxy in front of the solver's browser, which is started with every connection sent
 * here (loopback included, and no name resolved by the browser itself). Each connection is checked
 * against the source's hosts and Cloudflare's challenge host, each hop of a redirect included,
 * since the browser opens a new connection for it: workers, WebSockets, prefetches, beacons and
 * navigations alike. What page-level interception misses (a redirect's later hops), this sees.
 */
export async function startEgressProxy(isSourceHost: (url: URL) => boolean): Promise<EgressProxy> {
  const refused: string[] = [];
  // Plain HTTP arrives as absolute URLs; TLS and WebSockets as CONNECT host:port.
  const allowed = (url: URL) =>
    (url.protocol === 'https:' && CHALLENGE_HOSTS.has(url.host)) || isSourceHost(url);
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const url = absoluteUrl(req);
    if (!url || url.protocol !== 'http:' || !allowed(url)) {
      refused.push(`${req.method} ${req.url}`);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the solver proxy');
      return;
    }
    forward(req, res, url);
  });

  server.on('connect', (req: IncomingMessage, client: Socket) => {
    const target = connectTarget(req.url ?? '');
    if (!target || !(allowed(target) || allowed(new URL(`http://${target.host}`)))) {
      refused.push(`CONNECT ${req.url}`);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(target.port || 443), target.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  // A WebSocket asked of the proxy in plain HTTP: never opened.
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    refused.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Once a CONNECT detaches it from the HTTP parser, a reset (a refused tunnel the browser drops
    // before our 403 is written, say) would otherwise be an uncaught error.
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function absoluteUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '');
  } catch {
    return null;
  }
}

/** `host:port` of a CONNECT as an https URL (the port is always given), or null. */
function connectTarget(authority: string): URL | null {
  try {
    const url = new URL(`https://${authority}`);
    return url.hostname && !url.pathname.slice(1) ? url : null;
  } catch {
    return null;
  }
}

/** Sends an allowed plain-HTTP request on and its answer back (a redirect as it is). */
function forward(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  // Redirects are answered to the browser as they are: its next hop comes back here.
  const upstream = httpRequest(
    {
      host: url.hostname,
      port: url.port || 80,
      path: url.pathname + url.search,
      method: req.method,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      // A connection reset midway ends this exchange, never the server.
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.on('error', () => upstream.destroy());
  res.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

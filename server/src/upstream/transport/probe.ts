import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PresentedIdentity } from './identity';
import type { Transport } from './types';

const PROBE_MS = 5000;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What a transport really puts on the wire as its browser: one request to a listener on the
 * loopback interface (nothing leaves the machine), its User-Agent and client hints read back.
 */
export async function presentedBy(transport: Transport): Promise<PresentedIdentity> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer((req, res) => {
    seen = req.headers;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await transport.send({
      url: new URL(`http://127.0.0.1:${port}/`),
      accept: 'text/html',
      referer: `http://127.0.0.1:${port}/`,
      signal: AbortSignal.timeout(PROBE_MS),
      timeoutMs: PROBE_MS,
    });
    for await (const chunk of response.body) void chunk;
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return {
    userAgent: first(seen['user-agent']) ?? '',
    secChUa: first(seen['sec-ch-ua']) ?? '',
    platform: first(seen['sec-ch-ua-platform']) ?? '',
  };
}

import http from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One request over a real socket with the request line exactly as given: `target` may be in
 * origin form (`/api/x`) or absolute form (`http://anything/api/x`), which `inject` cannot send.
 */
export function sendRaw(
  port: number,
  request: { method: string; target: string; headers?: Record<string, string>; payload?: unknown },
): Promise<RawAnswer> {
  const body = request.payload === undefined ? undefined : JSON.stringify(request.payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.target,
        agent: false,
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

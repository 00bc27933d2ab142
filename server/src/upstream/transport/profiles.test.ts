// A plain 403 (the fingerprint refused) is retried once as Firefox, which never carries the
// clearance Chrome earned; a challenge is not a refusal and is never retried this way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE, startServer, type TestServer } from '../test-server';
import { impersonateTransport } from './impersonate';
import type { Transport } from './types';

const BLOCKED =
  '<html><title>Attention Required! | Cloudflare</title>Sorry, you have been blocked</html>';

let site: TestServer;
let transport: Transport;
beforeEach(async () => {
  site = await startServer();
  transport = impersonateTransport({});
});
afterEach(() => site.close());

const get = async (path: string) => {
  const response = await transport.send({
    url: new URL(`${site.origin}${path}`),
    accept: 'text/html',
    referer: `${site.origin}/`,
    cookie: 'cf_clearance=earned-by-chrome',
    signal: AbortSignal.timeout(5000),
    timeoutMs: 5000,
  });
  let text = '';
  for await (const chunk of response.body) text += Buffer.from(chunk).toString();
  return { status: response.status, text };
};

describe('impersonation profile fallback', () => {
  it('retries a fingerprint refusal as Firefox without the clearance, and keeps to it', async () => {
    site.handle = (req, res) =>
      /Chrome\//.test(req.headers['user-agent'] ?? '')
        ? res.writeHead(403, { 'content-type': 'text/html' }).end(BLOCKED)
        : res.end(PAGE);
    await expect(get('/a')).resolves.toEqual({ status: 200, text: PAGE });
    const [chrome, firefox] = site.hits;
    expect(chrome!.headers.cookie).toBe('cf_clearance=earned-by-chrome');
    expect(firefox!.headers['user-agent']).toMatch(/Firefox\//);
    expect(firefox!.headers.cookie).toBeUndefined();
    expect(transport.profiles!()).toEqual({ [site.host]: 'firefox144' });
    // Remembered for the host: the next request goes as Firefox at once.
    await get('/b');
    expect(site.hits).toHaveLength(3);
    expect(site.hits[2]!.headers['user-agent']).toMatch(/Firefox\//);
  });

  it('hands a challenge on as it is, and remembers nothing when Firefox is refused too', async () => {
    site.handle = (_, res) =>
      res.writeHead(403, { 'cf-mitigated': 'challenge' }).end('<title>Just a moment...</title>');
    expect((await get('/c')).status).toBe(403);
    expect(site.hits).toHaveLength(1);
    site.handle = (_, res) => res.writeHead(403).end(BLOCKED);
    await expect(get('/d')).resolves.toEqual({ status: 403, text: BLOCKED });
    expect(site.hits).toHaveLength(3);
    expect(transport.profiles!()).toEqual({});
  });
});

import { createRequire } from 'node:module';
import type * as ImpitModule from 'impit';
import { UpstreamTimeoutError } from '../errors';
import { CHROME_IDENTITY } from './identity';
import { installProcessTrust } from './trust';
import type { Transport, TransportRequest, TransportResponse } from './types';

// impit adds its error classes with Object.assign, which Node's ESM import of CommonJS misses.
const { Impit, TimeoutError } = createRequire(import.meta.url)('impit') as typeof ImpitModule;

/** The newest browser impit impersonates: its TLS ClientHello, HTTP/2 settings and headers. */
const BROWSER = CHROME_IDENTITY.impitProfile;
/** What impit sends as that browser (checked against the wire at start-up, see probe.ts). */
export const IMPERSONATED_USER_AGENT = CHROME_IDENTITY.userAgent;

/**
 * A browser's fingerprint on the wire (impit: rustls and hyper patched to present Chrome's
 * ClientHello and HTTP/2 frames). Requests carry exactly the browser's headers in its order, as
 * when a user opens the address directly; impit puts request-specific headers first, so only the
 * clearance cookie is added and `accept`/`referer` are the browser's own.
 */
export function impersonateTransport(options: { extraCa?: string }): Transport {
  if (options.extraCa) installProcessTrust(options.extraCa);
  const impit = new Impit({ browser: BROWSER, followRedirects: false });
  return {
    name: 'impersonate',
    userAgent: IMPERSONATED_USER_AGENT,
    async send(req: TransportRequest): Promise<TransportResponse> {
      try {
        const response = await impit.fetch(req.url.href, {
          method: 'GET',
          headers: {
            ...(req.cookie ? { cookie: req.cookie } : {}),
            // A clearance is only good with the User-Agent it was earned with.
            ...(req.userAgent && req.userAgent !== IMPERSONATED_USER_AGENT
              ? { 'user-agent': req.userAgent }
              : {}),
          },
          signal: req.signal,
          timeout: req.timeoutMs,
          redirect: 'manual',
        });
        return {
          status: response.status,
          header: (name) => response.headers.get(name) ?? '',
          // impit inflates the body itself and leaves the header in place.
          encoding: '',
          body: response.body,
        };
      } catch (error) {
        if (error instanceof TimeoutError) {
          throw new UpstreamTimeoutError(req.timeoutMs, req.url.href);
        }
        throw error;
      }
    },
    close: () => Promise.resolve(),
  };
}

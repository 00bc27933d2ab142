import { createRequire } from 'node:module';
import type * as ImpitModule from 'impit';
import { UpstreamTimeoutError } from '../errors';
import { CHROME_IDENTITY } from './identity';
import {
  FALLBACK_PROFILE,
  fingerprintRefusal,
  HostProfiles,
  PRIMARY_PROFILE,
  type Profile,
} from './profiles';
import { installProcessTrust } from './trust';
import type { Transport, TransportRequest, TransportResponse } from './types';

// impit adds its error classes with Object.assign, which Node's ESM import of CommonJS misses.
const { Impit, TimeoutError } = createRequire(import.meta.url)('impit') as typeof ImpitModule;

/** What impit sends as the primary browser (checked against the wire at start-up, see probe.ts). */
export const IMPERSONATED_USER_AGENT = CHROME_IDENTITY.userAgent;

/**
 * A browser's fingerprint on the wire (impit: rustls and hyper patched to present a browser's
 * ClientHello and HTTP/2 frames). Requests carry exactly the browser's headers in its order, as
 * when a user opens the address directly; impit puts request-specific headers first, so only the
 * clearance cookie is added and `accept`/`referer` are the browser's own. A plain 403 (the
 * fingerprint refused, no challenge) is retried once as another browser family, which then
 * serves that host from then on; it never carries the clearance Chrome earned.
 */
export function impersonateTransport(options: { extraCa?: string }): Transport {
  if (options.extraCa) installProcessTrust(options.extraCa);
  const impits = {
    [PRIMARY_PROFILE]: new Impit({ browser: PRIMARY_PROFILE, followRedirects: false }),
    [FALLBACK_PROFILE]: new Impit({ browser: FALLBACK_PROFILE, followRedirects: false }),
  };
  const profiles = new HostProfiles();

  async function sendAs(profile: Profile, req: TransportRequest): Promise<TransportResponse> {
    // The clearance belongs to the identity that earned it: the primary's only.
    const clearance = profile === PRIMARY_PROFILE;
    try {
      const response = await impits[profile].fetch(req.url.href, {
        method: 'GET',
        headers: {
          ...(clearance && req.cookie ? { cookie: req.cookie } : {}),
          // A clearance is only good with the User-Agent it was earned with.
          ...(clearance && req.userAgent && req.userAgent !== IMPERSONATED_USER_AGENT
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
  }

  return {
    name: 'impersonate',
    userAgent: IMPERSONATED_USER_AGENT,
    async send(req) {
      const host = req.url.host;
      const first = profiles.of(host);
      const { refused, response } = await fingerprintRefusal(await sendAs(first, req));
      if (!refused) return response;
      const other = first === PRIMARY_PROFILE ? FALLBACK_PROFILE : PRIMARY_PROFILE;
      const retried = await sendAs(other, req);
      if (retried.status !== 403) profiles.remember(host, other);
      return retried;
    },
    profiles: () => profiles.snapshot(),
    close: () => Promise.resolve(),
  };
}

import { isBlockPage } from '../parse/page-check';
import type { TransportResponse } from './types';

/** impit's profiles: the identity's Chrome first, another browser family when it is refused. */
export const PRIMARY_PROFILE = 'chrome151';
export const FALLBACK_PROFILE = 'firefox144';
export type Profile = typeof PRIMARY_PROFILE | typeof FALLBACK_PROFILE;

/** A refusal body is read this far to tell it from a challenge. */
const REFUSAL_BYTES = 256 * 1024;

/**
 * A 403 with Cloudflare's block page and no challenge: the site refusing this TLS/HTTP
 * fingerprint, which another browser family may not share (an origin's own "Forbidden" is not). Returns the response to hand on (its body replayed) and whether
 * it is such a refusal.
 */
export async function fingerprintRefusal(
  response: TransportResponse,
): Promise<{ refused: boolean; response: TransportResponse }> {
  if (response.status !== 403 || response.header('cf-mitigated')) {
    return { refused: false, response };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= REFUSAL_BYTES) break;
  }
  const body = Buffer.concat(chunks);
  const replayed = {
    ...response,
    body: (async function* () {
      yield body;
    })(),
  };
  return { refused: isBlockPage(body.toString()), response: replayed };
}

/**
 * The profile each host answers, remembered once another than the primary worked (hosts absent
 * use the primary). One process's memory: a restart tries the primary first again.
 */
export class HostProfiles {
  readonly #byHost = new Map<string, Profile>();

  of(host: string): Profile {
    return this.#byHost.get(host) ?? PRIMARY_PROFILE;
  }

  remember(host: string, profile: Profile): void {
    if (profile === PRIMARY_PROFILE) this.#byHost.delete(host);
    else this.#byHost.set(host, profile);
  }

  /** Hosts answered with another profile than the primary. */
  snapshot(): Record<string, Profile> {
    return Object.fromEntries(this.#byHost);
  }
}

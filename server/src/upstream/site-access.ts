import type { UpstreamConfig } from '../config';
import type { ClearanceGate } from './challenge';

/**
 * The site's own hosts and what only they get: the clearance (its cookie, and the User-Agent it
 * was earned with) and the gate that solves its challenges. Configured stand-in image hosts never
 * see the clearance.
 */
export class SiteAccess {
  readonly #pageHost: string;
  /** The site is reached over https: its clearance never goes over plain http (a redirect there). */
  readonly #secure: boolean;

  constructor(
    private readonly config: UpstreamConfig,
    readonly gate?: ClearanceGate,
  ) {
    const base = new URL(config.baseUrl);
    this.#pageHost = base.host;
    this.#secure = base.protocol === 'https:';
  }

  isSiteHost(url: URL): boolean {
    return url.host === this.#pageHost || /(^|\.)fancaps\.net$/i.test(url.hostname);
  }

  /** The clearance gate, when there is one and the URL is the site's. */
  gateFor(url: URL): ClearanceGate | undefined {
    return this.gate && this.isSiteHost(url) ? this.gate : undefined;
  }

  /** What a request to the URL carries of the clearance (nothing off the site's hosts, or in clear). */
  clearanceFor(url: URL): { cookie?: string; userAgent?: string } {
    if (!this.isSiteHost(url) || (this.#secure && url.protocol !== 'https:')) return {};
    const clearance = this.gate
      ? this.gate.current().clearance
      : this.config.cookie
        ? { cookie: this.config.cookie }
        : null;
    if (!clearance) return {};
    return {
      cookie: clearance.cookie || undefined,
      userAgent: 'userAgent' in clearance ? clearance.userAgent : undefined,
    };
  }
}

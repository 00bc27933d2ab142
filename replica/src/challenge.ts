import { randomBytes } from 'node:crypto';

/** FNV-1a over the text, as the challenge page's script computes it (same code, two languages). */
const HASH_JS = `function(s){var x=0x811c9dc5;for(var i=0;i<s.length;i++){x^=s.charCodeAt(i);x=Math.imul(x,0x01000193)>>>0;}return ('0000000'+x.toString(16)).slice(-8);}`;

function hash(text: string): string {
  let x = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x.toString(16).padStart(8, '0');
}

/** The cf_clearance value a browser with this User-Agent computes for the nonce. */
export function clearanceToken(nonce: string, userAgent: string): string {
  return `${nonce}.${hash(`${nonce}|${userAgent}`)}`;
}

/** Nonces kept (the oldest are forgotten first); enough for any test run. */
const MAX_NONCES = 1000;

/**
 * Cloudflare's JavaScript challenge in miniature: a 403 page whose script, after a short delay,
 * computes a token from a server nonce and navigator.userAgent, stores it as `cf_clearance` and
 * reloads. A request passes only with a token for a nonce this replica issued and the same
 * User-Agent that computed it; a plain HTTP client never runs the script.
 */
export class JsChallenge {
  private readonly nonces = new Set<string>();

  /** A fresh challenge page; `captcha` pages want a human and never set the cookie. */
  page(options: { delayMs?: number; captcha?: boolean }): string {
    const nonce = this.issue();
    const script = options.captcha
      ? '<div class="cf-turnstile" data-sitekey="replica"></div>'
      : `<script>(function(){var h=${HASH_JS};var n=${JSON.stringify(nonce)};setTimeout(function(){document.cookie='cf_clearance='+n+'.'+h(n+'|'+navigator.userAgent)+'; path=/; max-age=3600';location.reload();},${options.delayMs ?? 500});})();</script>`;
    return `<!DOCTYPE html>
<html lang="en-US">
<head><title>Just a moment...</title><meta name="robots" content="noindex,nofollow"></head>
<body>
<h1>fancaps.net</h1>
<h2 id="challenge-running">Checking if the site connection is secure</h2>
<div id="cf-browser-verification"${options.captcha ? '' : ` data-nonce="${nonce}"`}></div>
<noscript>Enable JavaScript and cookies to continue</noscript>
${script}
</body>
</html>
`;
  }

  /** A fresh nonce a clearance can be computed from. */
  issue(): string {
    const nonce = randomBytes(8).toString('hex');
    this.nonces.add(nonce);
    if (this.nonces.size > MAX_NONCES) this.nonces.delete(this.nonces.values().next().value!);
    return nonce;
  }

  knows(nonce: string): boolean {
    return this.nonces.has(nonce);
  }

  /** Whether the request carries a clearance this replica issued, computed for its User-Agent. */
  passes(cookieHeader: string | undefined, userAgent: string | undefined): boolean {
    const value = /(?:^|;\s*)cf_clearance=([^;]+)/.exec(cookieHeader ?? '')?.[1];
    const nonce = value?.split('.')[0];
    if (!value || !nonce || !this.nonces.has(nonce)) return false;
    return value === clearanceToken(nonce, userAgent ?? '');
  }
}

/** What a browser's script would compute from a challenge page (tests that stand in for one). */
export function clearanceFromPage(html: string, userAgent: string): string | null {
  const nonce = /data-nonce="([0-9a-f]+)"/.exec(html)?.[1];
  return nonce ? `cf_clearance=${clearanceToken(nonce, userAgent)}` : null;
}

import type { IncomingHttpHeaders } from 'node:http';

/** Where the managed challenge's widget and its answer live (Cloudflare's own path prefix). */
export const WIDGET_PATH = '/cdn-cgi/challenge-platform/turnstile';
export const VERIFY_PATH = '/cdn-cgi/challenge-platform/verify';

/** What the widget's script reports of the browser that clicked it. */
export interface BrowserReport {
  nonce: string;
  userAgent: string;
  brands: { brand: string; version: string }[] | null;
  fullVersionList: { brand: string; version: string }[] | null;
  platform: string | null;
  /** Pointer moves the widget saw before the click. */
  moves: number;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** The platform a User-Agent names, as `sec-ch-ua-platform` and `userAgentData` spell it. */
function platformOf(userAgent: string): string | null {
  if (/Windows NT/.test(userAgent)) return 'Windows';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Macintosh/.test(userAgent)) return 'macOS';
  if (/Linux|X11/.test(userAgent)) return 'Linux';
  return null;
}

const chromiumVersion = (brands: { brand: string; version: string }[] | null) =>
  brands?.find((b) => b.brand === 'Chromium')?.version ?? null;

/**
 * Why a request's browser identity does not hold together, or null when it does: never
 * `HeadlessChrome`; a Chrome User-Agent comes with `sec-ch-ua` naming the same Chromium major
 * and `sec-ch-ua-platform` naming the same platform, as challenge scripts compare them.
 */
export function headerMismatch(headers: IncomingHttpHeaders): string | null {
  const userAgent = header(headers, 'user-agent');
  if (/HeadlessChrome/.test(userAgent)) return 'headless User-Agent';
  const major = /Chrome\/(\d+)/.exec(userAgent)?.[1];
  if (!major) return null;
  const hints = header(headers, 'sec-ch-ua');
  if (!hints) return 'a Chrome User-Agent without client hints';
  if (/"Chromium";v="(\d+)"/.exec(hints)?.[1] !== major) return 'sec-ch-ua disagrees';
  const platform = header(headers, 'sec-ch-ua-platform').replaceAll('"', '');
  if (platform !== platformOf(userAgent)) return 'sec-ch-ua-platform disagrees';
  return null;
}

/** The same comparison for what the page's script read (navigator.userAgentData). */
export function reportMismatch(report: BrowserReport, headers: IncomingHttpHeaders): string | null {
  const fromHeaders = headerMismatch(headers);
  if (fromHeaders) return fromHeaders;
  if (report.userAgent !== header(headers, 'user-agent')) return 'navigator.userAgent disagrees';
  const major = /Chrome\/(\d+)/.exec(report.userAgent)?.[1];
  if (!major) return 'not a Chromium browser';
  if (chromiumVersion(report.brands) !== major) return 'userAgentData brands disagree';
  if (chromiumVersion(report.fullVersionList)?.split('.')[0] !== major) {
    return 'userAgentData full version list disagrees';
  }
  if (report.platform !== platformOf(report.userAgent)) return 'userAgentData platform disagrees';
  if (report.moves < 1) return 'clicked without moving the pointer';
  return null;
}

/** The managed challenge's page: the Turnstile widget in its iframe, nothing that clears alone. */
export function managedPage(nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head><title>Just a moment...</title><meta name="robots" content="noindex,nofollow"></head>
<body>
<h1>fancaps.net</h1>
<h2 id="challenge-running">Verify you are human by completing the action below.</h2>
<div id="cf-browser-verification"><div class="cf-turnstile">
<iframe title="Widget containing a Cloudflare security challenge" src="${WIDGET_PATH}?n=${nonce}" width="300" height="65" style="border:0"></iframe>
</div></div>
<noscript>Enable JavaScript and cookies to continue</noscript>
</body>
</html>
`;
}

/** How the widget behaves: how long it verifies before its checkbox shows, and how many clicks. */
export interface WidgetOptions {
  checkboxAfterMs?: number;
  clicksNeeded?: number;
}

/**
 * The widget: "Verifying…" for `checkboxAfterMs` (a click meanwhile lands on nothing), then a
 * checkbox whose trusted click (pointer moved there first) sends what the browser says of itself;
 * the answer sets `cf_clearance` and the challenge page reloads. Clicks before the
 * `clicksNeeded`th fail and show the checkbox again, as a widget that stays unsolved does. A
 * scripted `click()` is not trusted and does nothing.
 */
export function widgetPage(nonce: string, options: WidgetOptions = {}): string {
  const after = options.checkboxAfterMs ?? 0;
  const needed = options.clicksNeeded ?? 1;
  return `<!DOCTYPE html>
<html><head><title>Turnstile</title></head>
<body style="margin:0;font:14px sans-serif">
<p id="turnstile-verifying" style="margin:0;padding:18px"${after > 0 ? '' : ' hidden'}>Verifying...</p>
<label id="turnstile-box" style="display:${after > 0 ? 'none' : 'flex'};align-items:center;gap:8px;padding:18px">
<input type="checkbox" id="cf-chl-widget" style="width:24px;height:24px"> Verify you are human
</label>
<p id="turnstile-status"></p>
<script>(function(){var moves=0,clicks=0;document.addEventListener('pointermove',function(){moves++;});
var box=document.getElementById('cf-chl-widget'),status=document.getElementById('turnstile-status');
setTimeout(function(){document.getElementById('turnstile-verifying').hidden=true;document.getElementById('turnstile-box').style.display='flex';},${after});
box.addEventListener('click',function(event){if(!event.isTrusted){event.preventDefault();return;}
clicks++;if(clicks<${needed}){box.checked=false;box.disabled=true;status.textContent='Failed. Try again.';setTimeout(function(){box.disabled=false;},300);return;}
var d=navigator.userAgentData;var hi=d&&d.getHighEntropyValues?d.getHighEntropyValues(['fullVersionList']):Promise.resolve({});
hi.then(function(h){return fetch(${JSON.stringify(VERIFY_PATH)},{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({nonce:${JSON.stringify(nonce)},userAgent:navigator.userAgent,brands:d?d.brands:null,fullVersionList:h.fullVersionList||null,platform:d?d.platform:null,moves:moves})});})
.then(function(r){status.textContent=r.ok?'Success!':'Failed';if(r.ok)window.top.location.reload();});});})();</script>
</body></html>
`;
}

import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { CHROME_IDENTITY, type BrowserIdentity } from '../transport/identity';
import {
  browserUser,
  startBrowser,
  type BrowserProcess,
  type BrowserUser,
} from './browser-process';
import { allowOnly, killTree, watchMemory } from './containment';
import { startEgressProxy } from './egress-proxy';
import { isChallenge, needsHuman } from './detect';
import { pinnedKey } from './pinning';
import { presentAs } from './presenting';
import { SolveFailure, type ChallengeSolver, type Clearance } from './solver';
import { TurnstileClicker } from './turnstile';

/** Debian's Chromium (`apt-get install chromium`); browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The solver browser's processes together may hold this much memory before it is killed. */
export const SOLVER_MEMORY_CEILING = 1024 * 1024 * 1024;

const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--max-old-space-size=256',
  // WebRTC would otherwise reach addresses past the request interception.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];
const POLL_MS = 250;

export function chromiumInstalled(executablePath = CHROMIUM_PATH): boolean {
  return existsSync(executablePath);
}

export interface ChromiumSolverOptions {
  timeoutMs: number;
  executablePath?: string;
  /** The browser the transport presents; the solver's Chromium speaks as exactly it. */
  identity?: BrowserIdentity;
  /** The source site's hosts (the paced client's allow-list); every other request is aborted. */
  isSourceHost?: (url: URL) => boolean;
  /** UPSTREAM_CA_FILE's PEM: trusted for the challenged source host's key only (pinning.ts). */
  extraCa?: string;
  memoryCeilingBytes?: number;
  /** Who the browser runs as; default: `nobody` when the server is root, else the server's user. */
  user?: BrowserUser | null;
}

/**
 * Opens the challenged URL in headless Chromium, kept in its box (containment.ts: source hosts
 * only, its own process group, a memory ceiling, the solver timeout), speaking as the transport's
 * browser; clicks a Turnstile checkbox when one shows; and returns the cookies the browser then
 * holds for the URL with the User-Agent that earned them.
 */
export function chromiumSolver(options: ChromiumSolverOptions): ChallengeSolver {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  const identity = options.identity ?? CHROME_IDENTITY;
  return {
    async solve(url) {
      if (!chromiumInstalled(executablePath)) {
        throw new SolveFailure('no_browser', `${executablePath} not found`);
      }
      const target = new URL(url);
      const isSourceHost = options.isSourceHost ?? ((u: URL) => u.host === target.host);
      const pins =
        options.extraCa && target.protocol === 'https:'
          ? await pinnedKey(target, options.extraCa).catch((error: unknown) => {
              throw new SolveFailure('failed', `certificate not trusted: ${String(error)}`);
            })
          : null;
      const { chromium } = await import('playwright-core');
      // Every connection the browser opens goes through the proxy, which lets the source through.
      const proxy = await startEgressProxy(isSourceHost);
      let browserProcess: BrowserProcess;
      try {
        browserProcess = await startBrowser({
          executablePath,
          user: options.user === undefined ? await browserUser() : options.user,
          timeoutMs: options.timeoutMs,
          args: [
            ...LAUNCH_ARGS,
            `--proxy-server=${proxy.url}`,
            // Loopback too (Chromium otherwise connects to it directly), and no name is resolved
            // by the browser: the proxy resolves what it lets through.
            '--proxy-bypass-list=<-loopback>',
            '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
            `--user-agent=${identity.userAgent}`,
            ...(pins ? [`--ignore-certificate-errors-spki-list=${pins}`] : []),
          ],
        });
      } catch (error) {
        await proxy.close();
        throw new SolveFailure('no_browser', `Chromium would not start: ${String(error)}`);
      }
      const { pid } = browserProcess;
      const ceiling = options.memoryCeilingBytes ?? SOLVER_MEMORY_CEILING;
      // A browser killed over its ceiling ends the solve at once, not at the solve's deadline.
      let killed: (failure: SolveFailure) => void = () => undefined;
      const overCeiling = new Promise<never>((_, reject) => (killed = reject));
      overCeiling.catch(() => undefined);
      const stopWatching = watchMemory(pid, ceiling, (bytes) => {
        killTree(pid);
        killed(
          new SolveFailure(
            'memory',
            `the solver browser used ${Math.round(bytes / 2 ** 20)} MiB (ceiling ${Math.round(ceiling / 2 ** 20)} MiB) and was killed`,
          ),
        );
      });
      try {
        const solving = (async () => {
          const browser = await chromium.connectOverCDP(browserProcess.wsEndpoint);
          return passChallenge(browser, url, { ...options, identity, isSourceHost });
        })();
        // Whatever the killed browser's solve still throws is no longer anyone's concern.
        solving.catch(() => undefined);
        return await Promise.race([solving, overCeiling]);
      } finally {
        stopWatching();
        await browserProcess.close();
        await proxy.close();
      }
    },
  };
}

async function passChallenge(
  browser: Browser,
  url: string,
  options: ChromiumSolverOptions & {
    identity: BrowserIdentity;
    isSourceHost: (url: URL) => boolean;
  },
): Promise<Clearance> {
  const { timeoutMs, identity } = options;
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await allowOnly(context, options.isSourceHost);
  const page = await context.newPage();
  await presentAs(context, page, identity);
  // The challenge's own reload can interrupt the first navigation; the loop below looks anyway.
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs }).catch(() => null);
  // The solve's time counts from the challenge page, not from a browser slow to start.
  const deadline = Date.now() + timeoutMs;
  // The last page seen whole: a reload in progress at the deadline must not hide a CAPTCHA.
  let html = '';
  const clicker = new TurnstileClicker(page);
  while (Date.now() < deadline) {
    html = (await settledContent(page)) || html;
    const challenged = html !== '' && isChallenge('', html);
    // No cookie: the browser never reached the site (an error page is no challenge either).
    const cookies = html && !challenged ? await context.cookies(url) : [];
    if (cookies.length > 0) {
      return {
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        userAgent: identity.userAgent,
      };
    }
    // A page navigating away under the click is looked at again next time.
    if (challenged) await clicker.step().catch(() => false);
    await sleep(POLL_MS);
  }
  if (clicker.clicks === 0 && needsHuman(html)) {
    throw new SolveFailure('captcha', 'the challenge wants a human');
  }
  throw new SolveFailure('timeout', `the challenge did not clear within ${timeoutMs} ms`);
}

/** The page's HTML once it has loaded, or '' while it is navigating. */
async function settledContent(page: Page): Promise<string> {
  try {
    const ready = await page.evaluate<string>('document.readyState');
    return ready === 'complete' ? await page.content() : '';
  } catch {
    return '';
  }
}

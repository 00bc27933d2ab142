import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { isChallenge, needsHuman } from './detect';
import { SolveFailure, type ChallengeSolver, type Clearance } from './solver';

/** Debian's Chromium (`apt-get install chromium`); browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const POLL_MS = 250;

export function chromiumInstalled(executablePath = CHROMIUM_PATH): boolean {
  return existsSync(executablePath);
}

/**
 * Opens the challenged URL in headless Chromium, waits (bounded) until the page is no longer a
 * challenge, and returns the cookies the browser then holds for the URL and its exact
 * User-Agent. Headless Chromium announces itself as "HeadlessChrome"; the context speaks as the
 * plain Chrome it is, so the User-Agent handed on is the one the challenge saw.
 */
export function chromiumSolver(options: {
  timeoutMs: number;
  executablePath?: string;
  /**
   * The User-Agent the paced client's transport sends; the browser speaks as it, so the cookie it
   * earns travels with the same browser identity. Default: the browser's own, as plain Chrome.
   */
  userAgent?: string;
  /**
   * Accept the source's certificate whatever signed it: set when UPSTREAM_CA_FILE names an extra
   * CA (a test CA or an inspecting proxy), which Chromium cannot be handed as a file.
   */
  ignoreHttpsErrors?: boolean;
}): ChallengeSolver {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  return {
    async solve(url) {
      if (!chromiumInstalled(executablePath)) {
        throw new SolveFailure('no_browser', `${executablePath} not found`);
      }
      let browser: Browser;
      try {
        // Loaded on the first challenge only: most servers never meet one.
        const { chromium } = await import('playwright-core');
        browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
      } catch (error) {
        throw new SolveFailure('no_browser', `Chromium would not start: ${String(error)}`);
      }
      try {
        return await passChallenge(browser, url, options);
      } finally {
        await browser.close().catch(() => undefined);
      }
    },
  };
}

async function passChallenge(
  browser: Browser,
  url: string,
  options: { timeoutMs: number; userAgent?: string; ignoreHttpsErrors?: boolean },
): Promise<Clearance> {
  const { timeoutMs } = options;
  const deadline = Date.now() + timeoutMs;
  const userAgent = options.userAgent ?? (await ownUserAgent(browser));
  const context = await browser.newContext({
    userAgent,
    locale: 'en-US',
    ignoreHTTPSErrors: options.ignoreHttpsErrors ?? false,
  });
  const page = await context.newPage();
  // The challenge's own reload can interrupt the first navigation; the loop below looks anyway.
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs }).catch(() => null);
  // The last page seen whole: a reload in progress at the deadline must not hide a CAPTCHA.
  let html = '';
  while (Date.now() < deadline) {
    html = (await settledContent(page)) || html;
    // No cookie: the browser never reached the site (an error page is no challenge either).
    const cookies = html && !isChallenge('', html) ? await context.cookies(url) : [];
    if (cookies.length > 0) {
      return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), userAgent };
    }
    await sleep(POLL_MS);
  }
  if (needsHuman(html)) throw new SolveFailure('captcha', 'the challenge wants a human');
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

/** The browser's own User-Agent, without the "HeadlessChrome" token that gives it away. */
async function ownUserAgent(browser: Browser): Promise<string> {
  const probe = await browser.newPage();
  const userAgent = await probe.evaluate<string>('navigator.userAgent');
  await probe.close();
  return userAgent.replace('HeadlessChrome/', 'Chrome/');
}

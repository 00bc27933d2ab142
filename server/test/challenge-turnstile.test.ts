// The solver in real Chromium against the replica's managed challenge (a Turnstile checkbox that
// only a trusted click clears, from a browser whose User-Agent and client hints agree).
import { startReplica, type Replica } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumInstalled, chromiumSolver, SolveFailure } from '../src/upstream/challenge';
import { presentAs } from '../src/upstream/challenge/presenting';
import { CHROME_IDENTITY, secChUa } from '../src/upstream/transport/identity';

const haveChromium = chromiumInstalled();

// Each solve launches Chromium: a loaded machine may take a while.
describe.skipIf(!haveChromium)('Turnstile in Chromium', { timeout: 60_000 }, () => {
  let replica: Replica;
  let url: string;
  beforeAll(async () => {
    replica = await startReplica();
    url = `${replica.pageOrigin}/search.php?q=hanabi&animeCB=Anime`;
  });
  beforeEach(() => replica.setFault('pages', { type: 'managed-challenge' }));
  afterAll(async () => {
    await replica?.close();
  });

  const asChrome = (cookie: string, hints = secChUa(CHROME_IDENTITY.brands)) => ({
    cookie,
    'user-agent': CHROME_IDENTITY.userAgent,
    'sec-ch-ua': hints,
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': `"${CHROME_IDENTITY.platform}"`,
  });

  it('clicks the checkbox, and the clearance works with the one identity that earned it', async () => {
    const clearance = await chromiumSolver({ timeoutMs: 20_000 }).solve(url);
    expect(clearance.cookie).toMatch(/cf_clearance=/);
    expect(clearance.userAgent).toBe(CHROME_IDENTITY.userAgent);

    expect((await fetch(url, { headers: asChrome(clearance.cookie) })).status).toBe(200);
    // The same cookie with the browser's own (156) client hints, or headless, is refused.
    const other = await fetch(url, {
      headers: asChrome(clearance.cookie, '"Chromium";v="156", "Not-A.Brand";v="24"'),
    });
    expect(other.status).toBe(403);
    const headless = await fetch(url, {
      headers: {
        ...asChrome(clearance.cookie),
        'user-agent': CHROME_IDENTITY.userAgent.replace('Chrome/', 'HeadlessChrome/'),
      },
    });
    expect(headless.status).toBe(403);
  });

  it('waits out the widget\'s "Verifying…" for its checkbox, and clicks again when a click leaves it unsolved', async () => {
    // A click while the widget verifies lands on nothing; the first click on the checkbox fails.
    replica.setFault('pages', {
      type: 'managed-challenge',
      checkboxAfterMs: 2500,
      clicksNeeded: 2,
    });
    const clearance = await chromiumSolver({ timeoutMs: 25_000 }).solve(url);
    expect(clearance.cookie).toMatch(/cf_clearance=/);
    expect((await fetch(url, { headers: asChrome(clearance.cookie) })).status).toBe(200);
  });

  it.each([
    [
      'client hints of another version than the User-Agent',
      {
        brands: CHROME_IDENTITY.brands.map((b) =>
          b.version === '151' ? { ...b, version: '156' } : b,
        ),
        fullVersion: '156.0.0.0',
      },
    ],
    [
      'a HeadlessChrome User-Agent',
      { userAgent: CHROME_IDENTITY.userAgent.replace('Chrome/', 'HeadlessChrome/') },
    ],
  ])('is refused when the browser presents %s', async (_, changes) => {
    const failure = await chromiumSolver({
      timeoutMs: 4000,
      identity: { ...CHROME_IDENTITY, ...changes },
    })
      .solve(url)
      .catch((error: unknown) => error);
    expect((failure as SolveFailure).reason).toBe('timeout');
    expect(replica.counts().challenges).toBeGreaterThan(0);
  });

  it('clears only with a trusted click: a scripted click() earns nothing', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await presentAs(context, page, CHROME_IDENTITY);
      await page.goto(url);
      const widget = page.frameLocator('iframe').locator('#cf-chl-widget');
      await widget.evaluate((box) => (box as { click(): void }).click());
      await page.waitForTimeout(500);
      expect(await context.cookies(url)).toEqual([]);
      await widget.click();
      await expect.poll(async () => (await context.cookies(url)).length).toBe(1);
    } finally {
      await browser.close();
    }
  });

  it('never clears without a click: a page that is only watched times out', async () => {
    replica.setFault('pages', { type: 'js-challenge', captcha: true });
    // Long enough for the page to load on a loaded machine: a page never seen is a plain timeout.
    const failure = await chromiumSolver({ timeoutMs: 8000 })
      .solve(url)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolveFailure);
    expect((failure as SolveFailure).reason).toBe('captcha');
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { episodePath, KEY_IDS, showById, showPath } from '@capshelf/replica';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM } from '../../../scripts/lib/install.mjs';
import { APP_URL } from '../harness/ports';
import { createUser, logInThroughForm, replica, shootPhoneAndDesktop, signIn } from '../support';

const show = showById(KEY_IDS.longShow)!;
const openPath = (query: Record<string, string>) => `/open?${new URLSearchParams(query)}`;

test('a source show address opens its episode list, after signing in', async ({ page }) => {
  const { pageOrigin } = await replica();
  const user = await createUser('open-show');
  await page.goto(openPath({ url: `${pageOrigin}${showPath(show)}` }));
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`/episodes/anime/${show.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
  await expect(page.getByText(`共 ${show.episodes.length} 集`)).toBeVisible();
});

test('an episode address shared inside some text opens its images', async ({ page }) => {
  const { pageOrigin } = await replica();
  const episode = show.episodes[1]!;
  await signIn(page, 'open-share');
  await page.goto(
    openPath({
      title: show.title,
      text: `看这一集 ${pageOrigin}${episodePath(show, episode)} 很好看`,
    }),
  );
  await expect(page).toHaveURL(new RegExp(`/images/anime/${episode.id}$`));
  await expect(
    page.getByRole('button', { name: `图片 ${episode.imageIds[0]}`, exact: true }),
  ).toBeVisible();
});

test('another site’s address gets a page that says so, with a way to search', async ({ page }) => {
  await signIn(page, 'open-foreign');
  await page.goto(openPath({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
  await expect(
    page.getByRole('heading', { level: 1, name: '无法在 capshelf 中打开' }),
  ).toBeVisible();
  await expect(page.getByText('这不是 fancaps 的地址。')).toBeVisible();
  await shootPhoneAndDesktop(page, 'open-not-source');

  await page.getByRole('link', { name: '去搜索' }).click();
  await expect(page).toHaveURL(/\/search$/);
});

test('the bookmarklet, run on a source page, opens that page in capshelf', async ({ browser }) => {
  const { pageOrigin } = await replica();
  // The replica's certificate comes from a CA made for the run, which the browser does not know.
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await signIn(page, 'open-bookmarklet');
  await page.goto('/settings');
  const link = page.getByRole('link', { name: '在 capshelf 中打开' });
  const code = (await link.getAttribute('href'))!;
  expect(code).toBe(
    `javascript:void(location.href='${APP_URL}/open?url='+encodeURIComponent(location.href))`,
  );
  // Clicked in capshelf itself it only says what to do with it.
  await link.click();
  await expect(page.getByText('请把它拖到书签栏，再在 fancaps 的页面上点击它。')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await shootPhoneAndDesktop(page, 'settings-bookmarklet');

  await page.goto(`${pageOrigin}${showPath(show)}`);
  await Promise.all([
    page.waitForURL(/\/episodes\//),
    // What a click on the bookmark runs: its code, on the source's page.
    page.evaluate(code.slice('javascript:'.length)),
  ]);
  await expect(page.getByRole('heading', { level: 1, name: show.title })).toBeVisible();
  await context.close();
});

/** PNG width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the manifest, its icons and theme colours are served', async ({ page, request }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  const manifest = (await answer.json()) as {
    icons: { src: string; sizes: string; purpose: string }[];
    share_target: unknown;
    display: string;
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.share_target).toEqual({
    action: '/open',
    method: 'GET',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  for (const icon of manifest.icons) {
    const bytes = await (await request.get(icon.src)).body();
    expect(pngSize(bytes).join('x'), icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);

  // The browser bar follows the theme shown: the system's here, then the one the page sets.
  const barColours = () =>
    page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect.poll(barColours).toEqual(['#151d2b', '#151d2b']);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await expect.poll(barColours).toEqual(['#ffffff', '#ffffff']);
});

/**
 * What Chromium says stands between the page and its install prompt. Asked of the full browser:
 * the headless shell answers an empty list for any page, one without a manifest too. And in a
 * persistent profile: a context Playwright creates is off the record, which alone is an error
 * ("in-incognito"). A page without a manifest shows the check is live.
 */
test('Chromium finds the page installable', async () => {
  test.skip(!existsSync(CHROMIUM), `${CHROMIUM} is not installed (apt-get install chromium)`);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'capshelf-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${APP_URL}/`);
    await page.waitForLoadState('load');
    const cdp = await context.newCDPSession(page);
    const { errors, url } = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      url: string;
    };
    expect(url).toBe(`${APP_URL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const installabilityErrors = async () =>
      (
        (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        }
      ).installabilityErrors.map((error) => error.errorId);
    expect(await installabilityErrors()).toEqual([]);

    await page.goto(`${APP_URL}/favicon.svg`);
    expect(await installabilityErrors()).toEqual(['no-manifest']);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

import { createServer, type AddressInfo } from 'node:net';
import { KEY_IDS, episodeById, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { extraApp, logInThroughForm, replica, signIn, userMenu } from '../support';

// The whole stack runs against the replica over TLS, which refuses ClientHellos with Node's
// cipher list or without HTTP/2, as Cloudflare's bot management does.

async function logIn(page: Page, app: { url: string; user: { email: string; password: string } }) {
  await page.goto(`${app.url}/login`);
  await logInThroughForm(page, app.user.email, app.user.password);
  await expect(userMenu(page)).toBeVisible();
}

/** Phone and desktop screenshots, to look at. */
async function screenshots(page: Page, name: string) {
  for (const [device, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/${name}-${device}.png` });
  }
}

async function search(page: Page, origin: string, text: string) {
  await page.goto(`${origin}/search`);
  await page.getByLabel('搜索内容').fill(text);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
}

test('the default transport passes the fingerprint check: search and its images', async ({
  page,
}) => {
  const { pageOrigin, control } = await replica();
  expect(pageOrigin).toMatch(/^https:/);
  const show = showById(KEY_IDS.longShow)!;
  await signIn(page, 'transport');
  await control.resetCounts();
  // A query no other spec asks, so the answer cannot come from the search cache.
  await search(page, '', 'lantern festival');
  const link = page.getByRole('link', { name: new RegExp(show.title) });
  await expect(link).toBeVisible();
  // The results' previews came through the app's image route from an image host, over TLS.
  await expect
    .poll(() =>
      page
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const counts = await control.counts();
  // The search itself crossed the fingerprint check (its previews may be cached by earlier specs).
  expect(counts.hosts.pages).toBeGreaterThan(0);
});

test('with UPSTREAM_TRANSPORT=node the site refuses the server and the page says what to do', async ({
  page,
}) => {
  const app = await extraApp('node-transport', { UPSTREAM_TRANSPORT: 'node' });
  await logIn(page, app);
  await search(page, app.url, 'hanabi');
  const panel = page.getByRole('alert').filter({ hasText: '源站拒绝了本服务器的请求' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('UPSTREAM_TRANSPORT');
  await expect(panel.getByRole('link', { name: '查看示例图片' })).toBeVisible();
  await screenshots(page, 'blocked-panel');
});

test('a dead 小图 host is learnt: images come from the original and the settings page says so', async ({
  page,
}) => {
  // A host that accepts connections and drops them at once.
  const dead = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  const deadHost = `127.0.0.1:${(dead.address() as AddressInfo).port}`;
  try {
    const app = await extraApp('dead-small-host', {
      UPSTREAM_SMALL_URL_ANIME: `http://${deadHost}/{id}.jpg`,
      UPSTREAM_RETRIES: '0',
    });
    await logIn(page, app);
    const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
    for (const id of ids.slice(0, 4)) {
      const res = await page.request.get(`${app.url}/api/images/${id}.jpg?kind=anime&size=small`);
      expect(res.status()).toBe(200);
      expect(res.headers()['x-image-size']).toBe('large');
    }
    await page.goto(`${app.url}/settings`);
    const list = page.getByText('暂停使用的图片服务器').locator('..');
    await expect(list).toContainText(deadHost);
    await expect(list).toContainText('连续 3 次失败');
    await screenshots(page, 'down-hosts');
  } finally {
    dead.close();
  }
});

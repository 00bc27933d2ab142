// Regenerates docs/screenshot.png from a running `npm run demo` (needs a CJK font, e.g. Debian's
// fonts-wqy-microhei, for the Chinese interface to render):
//   ADMIN_PASSWORD=<printed password> node scripts/screenshot.mjs
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
await page.goto(`${base}/login`);
await page.getByLabel('邮箱').fill(process.env.ADMIN_EMAIL ?? 'admin@localhost.localdomain');
await page.getByLabel('密码', { exact: true }).fill(process.env.ADMIN_PASSWORD ?? '');
await page.getByRole('button', { name: '登录', exact: true }).click();
await page.getByRole('button', { name: '退出登录' }).waitFor();
await page.goto(`${base}/search?q=hanabi&type=all`);
await page
  .getByRole('link', { name: /Hanabi/ })
  .first()
  .click();
await page.getByText(/共 \d+ 集/).waitFor();
await page.locator('[data-episode-id]').nth(1).click();
await page.waitForURL(/\/images\//);
await page.locator('[data-image-id]').nth(12).waitFor();
await page
  .getByRole('button', { name: /^图片 / })
  .nth(2)
  .click();
await page
  .getByRole('button', { name: /^图片 / })
  .nth(5)
  .click({ modifiers: ['Shift'] });
// Every visible picture loaded, as a returning visitor sees the grid.
await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, {
  timeout: 60_000,
});
await page.screenshot({ path: 'docs/screenshot.png' });
await browser.close();

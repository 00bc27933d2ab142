// Regenerates docs/screenshot.png (desktop) and docs/screenshot-phone.png (390×844) from a running
// `npm run demo`, signed in as the demo admin it prints (needs a CJK font, e.g. Debian's
// fonts-wqy-microhei, for the Chinese interface to render):
//   node scripts/screenshot.mjs        (BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD to override)
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
/** Signs in, opens Hanabi's second episode and selects pictures 3–6 (a SHIFT range). */
async function selectedEpisode(viewport, phone) {
  const context = await browser.newContext({
    viewport,
    locale: 'zh-CN',
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('邮箱').fill(process.env.ADMIN_EMAIL ?? 'admin@demo.local');
  await page.getByLabel('密码', { exact: true }).fill(process.env.ADMIN_PASSWORD ?? 'DemoAdmin123');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  await page.goto(`${base}/search?q=hanabi&type=all`);
  await page
    .getByRole('link', { name: /Hanabi/ })
    .first()
    .click();
  await page.getByText(/共 \d+ 集/).waitFor();
  await page.locator('[data-episode-id]').nth(1).click();
  await page.waitForURL(/\/images\//);
  await page.locator('[data-image-id]').nth(12).waitFor();
  const pictures = page.getByRole('button', { name: /^图片 / });
  if (phone) {
    // A phone selects a range with the range mode: two taps.
    await page.getByRole('button', { name: '范围选择' }).tap();
    await pictures.nth(2).tap();
    await pictures.nth(5).tap();
  } else {
    await pictures.nth(2).click();
    await pictures.nth(5).click({ modifiers: ['Shift'] });
  }
  // Every visible picture loaded, as a returning visitor sees the grid.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, {
    timeout: 60_000,
  });
  return { page, context };
}

const desktop = await selectedEpisode({ width: 1400, height: 900 }, false);
await desktop.page.screenshot({ path: 'docs/screenshot.png' });
await desktop.context.close();

// On a phone, scrolled into the grid: the selection bar stays on top.
const phone = await selectedEpisode({ width: 390, height: 844 }, true);
await phone.page.evaluate(() => window.scrollBy(0, 560));
await phone.page.waitForTimeout(500);
await phone.page.waitForFunction(() => [...document.images].every((img) => img.complete), null, {
  timeout: 60_000,
});
await phone.page.screenshot({ path: 'docs/screenshot-phone.png' });
await phone.context.close();
await browser.close();

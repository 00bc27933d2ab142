import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { createUser, logInThroughForm, replica, userMenu } from '../support';

const show = showById(KEY_IDS.longShow)!;
const episode = show.episodes[2]!;
const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['tablet', { width: 820, height: 1180 }],
  ['phone', { width: 390, height: 844 }],
] as const;

test('shots', async ({ browser }) => {
  test.setTimeout(300_000);
  const user = await createUser('shots', undefined, 'admin');
  const { pageOrigin } = await replica();
  const url = `/images/${encodeURIComponent(`${pageOrigin}/anime/episodeimages.php?${episode.id}`)}?workTitle=${encodeURIComponent(show.title)}`;
  let first = true;
  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of SIZES) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, hasTouch: name !== 'desktop', isMobile: name === 'phone' });
      const page = await context.newPage();
      await page.goto('/login');
      await logInThroughForm(page, user.email, user.password);
      await expect(userMenu(page)).toBeVisible();
      await page.goto(url);
      await expect(page.locator('[data-image-id]').first()).toBeVisible();
      if (first) {
        for (const id of episode.imageIds.slice(0, 3)) {
          const cell = page.locator('[role="gridcell"]').filter({ has: page.locator(`[data-image-id="${id}"]`) });
          await cell.getByRole('button', { name: '收藏', exact: true }).click();
        }
        await page.locator(`[data-image-id="${episode.imageIds[0]}"]`).click();
        for (let i = 0; i < 3; i++) {
          await page.getByRole('button', { name: '下载选中 (1)' }).click();
          await page.waitForTimeout(2500);
        }
        await page.locator(`[data-image-id="${episode.imageIds[0]}"]`).click();
        first = false;
      }
      await page.waitForTimeout(1500);
      const shot = (what: string) => page.screenshot({ path: `/tmp/layout-shots/${what}-${name}-${scheme}.png` });
      await shot('images');
      const tray = page.getByRole('region', { name: '下载任务' }).getByRole('button', { name: /^下载任务/ });
      await tray.click();
      await page.waitForTimeout(500);
      await shot('images-tray-open');
      await page.getByRole('button', { name: '收起下载任务' }).click();
      await page.goto('/favorites?tab=images');
      await page.waitForTimeout(1500);
      await shot('favorites');
      await page.goto('/favorites?tab=works');
      await page.waitForTimeout(800);
      await shot('favorites-works');
      await page.goto('/categorized-library');
      await page.waitForTimeout(1500);
      await shot('categorized');
      await page.goto('/admin/users');
      await page.waitForTimeout(800);
      await shot('users');
      await context.close();
    }
  }
});

import { expect, test, type Locator } from '@playwright/test';
import { signIn } from '../support';
import { longEpisode as episode, openLongEpisode as openEpisode, tile } from '../long-episode';

// A phone: 390×844, touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A finger moving from one point to another over `target`, as touch events. */
async function swipe(target: Locator, from: [number, number], to: [number, number]) {
  const at = ([x, y]: [number, number]) => [{ identifier: 1, clientX: x, clientY: y }];
  await target.dispatchEvent('touchstart', { touches: at(from), changedTouches: at(from) });
  await target.dispatchEvent('touchend', { touches: [], changedTouches: at(to) });
}

test('on a phone the first row of pictures is on the first screen', async ({ page }) => {
  await signIn(page, 'phone-first-row');
  await openEpisode(page);
  const firstRow = page.locator('[role="row"][aria-rowindex="1"]');
  const bottom = await firstRow.evaluate((row) => row.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(844);
  await page.screenshot({ path: test.info().outputPath('phone-first-screen.png') });

  // The controls are one button away.
  const options = page.getByRole('button', { name: '选项' });
  await expect(page.getByLabel('列数')).toBeHidden();
  await options.tap();
  await expect(page.getByLabel('列数')).toBeVisible();
  await expect(page.getByRole('radio', { name: '快速模式(基础)' })).toBeAttached();
  await page.screenshot({ path: test.info().outputPath('phone-options.png') });
  await page.getByRole('button', { name: '收起选项' }).tap();
  await expect(page.getByLabel('列数')).toBeHidden();
});

test('the lightbox turns with a sideways swipe and gives focus back to the last picture', async ({
  page,
}) => {
  await signIn(page, 'phone-swipe');
  await openEpisode(page);
  const ids = episode.imageIds;
  const cell = page.locator('[role="gridcell"]').filter({ has: tile(page, ids[0]!) });
  await cell.getByRole('button', { name: '放大查看' }).tap();
  const lightbox = page.getByRole('dialog');
  const heading = (id: number) => lightbox.getByRole('heading', { name: `图片 ${id}` });
  await expect(heading(ids[0]!)).toBeVisible();
  const picture = lightbox.getByRole('button', { name: '上一张' }).locator('..');

  await swipe(picture, [320, 400], [80, 410]);
  await expect(heading(ids[1]!)).toBeVisible();
  await swipe(picture, [320, 400], [80, 390]);
  await expect(heading(ids[2]!)).toBeVisible();
  await swipe(picture, [80, 400], [320, 400]);
  await expect(heading(ids[1]!)).toBeVisible();
  // Up or down is no swipe.
  await swipe(picture, [200, 200], [220, 600]);
  await expect(heading(ids[1]!)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-lightbox.png') });

  await lightbox.getByRole('button', { name: '关闭' }).tap();
  await expect(lightbox).toHaveCount(0);
  await expect(tile(page, ids[1]!)).toBeFocused();
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { datasetEpisodeFrames, KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { replica, shootPhoneAndDesktop, signIn } from '../support';

const show = showById(KEY_IDS.datasetShow)!;
const frames = show.episodes.flatMap((e, n) =>
  e.imageIds.map((id, i) => ({ id, ...datasetEpisodeFrames(n)[i]! })),
);
const keep = frames.filter((f) => f.truth === 'keep').map((f) => f.id);
/** The second episode's first opening frame: a repeat of the first episode's. */
const repeat = frames.filter((f) => f.scene === 'op1')[1]!.id;
const tray = (page: Page) => page.getByRole('region', { name: '下载任务' });

async function openReview(page: Page, who: string) {
  const { pageOrigin } = await replica();
  await signIn(page, who);
  await page.goto(
    `/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${show.id}`)}?contentType=anime`,
  );
  await page.getByRole('link', { name: '制作数据集' }).click();
  await readAtThumbnails(page);
}

async function readAtThumbnails(page: Page) {
  await expect(page.getByRole('heading', { name: /制作数据集/ })).toBeVisible();
  await page.locator('label').filter({ hasText: '缩略图' }).click();
  await expect(page.getByText('已读取全部图片')).toBeVisible({ timeout: 30_000 });
}

const total = (page: Page, key: string) => page.locator(`[data-total="${key}"] dd`);

test('制作数据集: restore one dropped frame, start the job, and find it in the ZIP', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openReview(page, 'dataset-review');
  await expect(total(page, 'images')).toHaveText(String(frames.length));
  await expect(total(page, 'kept')).toHaveText(String(keep.length));
  await expect(total(page, 'near_duplicate')).toHaveText('15');
  const tile = page.getByRole('button', { name: `图片 ${repeat}`, exact: true });
  await expect(tile).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({
    path: testInfo.outputPath('dataset-review-desktop.png'),
    fullPage: true,
  });

  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(total(page, 'kept')).toHaveText(String(keep.length + 1));
  await expect(total(page, 'near_duplicate')).toHaveText('14');
  await expect(total(page, 'keptByYou')).toHaveText('1');

  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: `开始下载（${keep.length + 1} 张）` }).click();
  await tray(page)
    .getByRole('button', { name: /^下载任务/ })
    .click();
  await expect(tray(page).getByText('已完成')).toBeVisible({ timeout: 60_000 });
  const entries = await readZip(await readFile((await (await saved).path())!));
  const ids = entries.map((e) => Number(path.basename(e.name, '.jpg')));
  expect(ids).toContain(repeat);
  expect(ids).toEqual(frames.map((f) => f.id).filter((id) => id === repeat || keep.includes(id)));
});

test('制作数据集 fits a phone; the grid and lightbox keys work on it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openReview(page, 'dataset-review-phone');
  await page.screenshot({ path: testInfo.outputPath('dataset-review-phone.png'), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.getByText('保留的', { exact: true }).click();
  // Space on a tile drops a kept frame: the counts follow.
  const first = page.getByRole('button', { name: `图片 ${keep[0]}`, exact: true });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(total(page, 'droppedByYou')).toHaveText('1');
  await expect(total(page, 'kept')).toHaveText(String(keep.length - 1));
  await page.getByText('全部', { exact: true }).click();
  await page.getByRole('button', { name: '放大查看' }).first().click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByRole('img')).toHaveAttribute('alt', `图片 ${frames[1]!.id}`);
  await page.screenshot({ path: testInfo.outputPath('dataset-review-phone-lightbox.png') });
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
});

test('制作数据集 keeps the decisions on the server: a reload finds them; 撤销 and Ctrl+Z take one back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openReview(page, 'dataset-review-draft');
  const tile = page.getByRole('button', { name: `图片 ${repeat}`, exact: true });
  const saved = page.getByText('已保存，刷新或换设备打开都会保留');
  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(saved).toBeVisible();

  await page.reload();
  await readAtThumbnails(page);
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(total(page, 'keptByYou')).toHaveText('1');
  await page.getByText('我的数据集草稿（1）').click();
  await expect(page.getByText('（当前作品）')).toBeVisible();
  await shootPhoneAndDesktop(page, 'dataset-review-draft');

  // A new decision, then Ctrl+Z: it is gone again; 撤销 takes back the one from before the reload
  // only where it was made (the stack is the page's), so here the decision stays.
  const first = page.getByRole('button', {
    name: `图片 ${frames.find((f) => f.truth !== 'keep' && f.id !== repeat)!.id}`,
    exact: true,
  });
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(total(page, 'keptByYou')).toHaveText('2');
  await page.keyboard.press('Control+z');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(total(page, 'keptByYou')).toHaveText('1');
  await expect(page.getByRole('button', { name: '撤销' })).toBeDisabled();

  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await tile.click();
  await expect(total(page, 'keptByYou')).toHaveText('0');
  await expect(saved).toBeVisible();
  await page.reload();
  await readAtThumbnails(page);
  await expect(tile).toHaveAttribute('aria-pressed', 'false');
  await expect(total(page, 'keptByYou')).toHaveText('0');
});

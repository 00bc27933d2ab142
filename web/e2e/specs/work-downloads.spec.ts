import { readFile } from 'node:fs/promises';
import { KEY_IDS, renderImage, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { replica, signIn } from '../support';

const robot = showById(10700)!;
const tray = (page: Page) => page.getByRole('region', { name: '下载任务' });

/** Each test's browser starts with the tray closed: a badge that opens it. */
async function openTray(page: Page) {
  await tray(page)
    .getByRole('button', { name: /^下载任务/ })
    .click();
}

test.afterEach(async () => {
  await (await replica()).control.clearFaults();
});

test('下载整部 from the episode list: per-episode progress, then the ZIP is saved', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { pageOrigin, control } = await replica();
  await signIn(page, 'work');
  await page.goto(
    `/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${robot.id}`)}?contentType=anime`,
  );
  await expect(page.getByText(`共 ${robot.episodes.length} 集`)).toBeVisible();
  // Slow thumbnails, so the progress can be watched.
  await control.setFault('ant', { type: 'slow', delayMs: 120 });

  await page.getByRole('button', { name: '下载整部' }).click();
  const dialog = page.getByRole('dialog', { name: /下载整部/ });
  await dialog.locator('label').filter({ hasText: '缩略图' }).click();
  await dialog.getByLabel(/附带元数据/).check();
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: `开始下载（${robot.episodes.length} 集）` }).click();
  await expect(page.getByText(/整部下载任务已创建/)).toBeVisible();

  await openTray(page);
  await tray(page)
    .getByText(/分集进度/)
    .click();
  const episodes = tray(page).getByRole('list', { name: '分集进度' });
  await expect(episodes.getByText(robot.episodes[0]!.label)).toBeVisible();
  await expect(tray(page).getByText('下载中')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('work-progress-desktop.png') });
  const total = robot.episodes.reduce((n, e) => n + e.imageIds.length, 0);
  await expect(tray(page).getByText('已完成')).toBeVisible({ timeout: 60_000 });
  await expect(episodes).toContainText(
    `${robot.episodes[1]!.label}${robot.episodes[1]!.imageIds.length}/${robot.episodes[1]!.imageIds.length}`,
  );

  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^Koi_to_Robot_\(Remake\)_thumb_[a-z2-9]{4}\.zip$/);
  const entries = await readZip(await readFile((await download.path())!));
  const images = entries.filter((e) => e.name.endsWith('.jpg'));
  expect(images).toHaveLength(total);
  expect(images.map((e) => e.name)).toEqual(
    robot.episodes.flatMap((e) =>
      e.imageIds.map((id) => `Koi_to_Robot_(Remake)/${e.label.replace(' ', '_')}/${id}.jpg`),
    ),
  );
  expect(
    images[0]!.data.equals(await renderImage('anime', robot.episodes[0]!.imageIds[0]!, 'thumb')),
  ).toBe(true);
  expect(entries.map((e) => e.name)).toContain('metadata.csv');
});

test('the tray cancels a running ZIP, and a removed task stays removed after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { pageOrigin, control } = await replica();
  await signIn(page, 'cancel');
  const episode = showById(KEY_IDS.bigEpisode - 2)!.episodes[1]!;
  await page.goto(
    `/images/${encodeURIComponent(`${pageOrigin}/anime/episodeimages.php?${episode.id}`)}`,
  );
  const first = page.getByRole('button', { name: `图片 ${episode.imageIds[0]}`, exact: true });
  await expect(first).toBeVisible();
  await control.setFault('cdni', { type: 'slow', delayMs: 400 });
  await page.getByRole('button', { name: '全选', exact: true }).click();
  await page.getByRole('button', { name: /^下载选中/ }).click();
  await expect(page.getByText(/下载任务已创建/)).toBeVisible();

  await openTray(page);
  const row = tray(page).locator('li[data-download-id]').first();
  await expect(row.getByText('下载中')).toBeVisible();
  await expect(row.getByText(/剩余 约/)).toBeVisible({ timeout: 20_000 });
  const id = await row.getAttribute('data-download-id');
  await row.getByRole('button', { name: '取消' }).click();
  await expect(row.getByText('已取消')).toBeVisible();
  const status = await page.request.get(`/api/download/${id}/file`);
  expect(status.status()).toBe(409);

  await row.getByRole('button', { name: /^移除/ }).click();
  await expect(tray(page)).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('button', { name: `图片 ${episode.imageIds[0]}`, exact: true }),
  ).toBeVisible();
  await expect(tray(page)).toHaveCount(0);
});

test('on a phone the tray is a badge, then a bottom sheet of at most half the screen', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { pageOrigin } = await replica();
  await signIn(page, 'sheet');
  const episode = showById(KEY_IDS.tvSeason1)!.episodes[1]!;
  await page.goto(
    `/images/${encodeURIComponent(`${pageOrigin}/tv/episodeimages.php?${episode.id}`)}`,
  );
  await expect(
    page.getByRole('button', { name: `图片 ${episode.imageIds[0]}`, exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: '全选', exact: true }).click();
  await page.getByRole('button', { name: /^下载选中/ }).click();
  await expect(page.getByText(/下载任务已创建/)).toBeVisible();

  const badge = tray(page).getByRole('button', { name: /^下载任务/ });
  await expect(badge).toBeVisible();
  const small = (await tray(page).boundingBox())!;
  expect(small.width).toBeLessThan(200);
  await badge.click();
  await expect(tray(page).getByText('已完成')).toBeVisible();
  const sheet = (await tray(page).boundingBox())!;
  expect(sheet.width).toBe(390);
  expect(sheet.height).toBeLessThanOrEqual(844 / 2);
  expect(Math.round(sheet.y + sheet.height)).toBe(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('tray-phone.png') });

  await tray(page).getByRole('button', { name: '收起下载任务' }).click();
  await page.reload();
  await expect(tray(page).getByRole('button', { name: /^下载任务/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

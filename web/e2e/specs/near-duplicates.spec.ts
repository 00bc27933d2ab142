import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KEY_IDS, nearFrameId, showById } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { replica, signIn } from '../support';

const show = showById(KEY_IDS.nearFramesShow)!;
test('下载整部 with the threshold raised to 7 also leaves out the frame 7 bits away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { pageOrigin } = await replica();
  await signIn(page, 'near-frames');
  await page.goto(
    `/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${show.id}`)}?contentType=anime`,
  );
  await expect(page.getByText(`共 ${show.episodes.length} 集`)).toBeVisible();

  await page.getByRole('button', { name: '下载整部' }).click();
  const dialog = page.getByRole('dialog', { name: /下载整部/ });
  await dialog.locator('label').filter({ hasText: '缩略图' }).click();
  await dialog.getByLabel(/跳过相似帧/).check();
  await dialog.locator('label').filter({ hasText: '自定义' }).click();
  await dialog.getByLabel(/相似度阈值/).fill('7');
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: `开始下载（${show.episodes.length} 集）` }).click();

  // Frames 0, 4, 6 and 7 bits from the first are within 7 (the default, 6, keeps the last of them).
  const entries = await readZip(await readFile((await (await saved).path())!));
  expect(entries.map((e) => path.basename(e.name))).toEqual(
    [nearFrameId('base'), nearFrameId('far')].map((id) => `${id}.jpg`),
  );
});

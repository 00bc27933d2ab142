import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { datasetEpisodeFrames, KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { replica, signIn } from '../support';

const show = showById(KEY_IDS.datasetShow)!;
const keep = show.episodes.flatMap((e, n) =>
  e.imageIds.filter((_, i) => datasetEpisodeFrames(n)[i]!.truth === 'keep'),
);
const tray = (page: Page) => page.getByRole('region', { name: '下载任务' });

async function openDialog(page: Page, who: string) {
  const { pageOrigin } = await replica();
  await signIn(page, who);
  await page.goto(
    `/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${show.id}`)}?contentType=anime`,
  );
  await expect(page.getByText(`共 ${show.episodes.length} 集`)).toBeVisible();
  await page.getByRole('button', { name: '下载整部' }).click();
  return page.getByRole('dialog', { name: /下载整部/ });
}

test('下载整部 as a dataset: openings kept once, bad frames out, reasons counted', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const dialog = await openDialog(page, 'dataset');
  await dialog.locator('label').filter({ hasText: '缩略图' }).click();
  await dialog.getByLabel(/跳过相似帧/).check();
  await expect(dialog.getByLabel('同一镜头')).toBeChecked();
  await expect(dialog.getByLabel(/整部作品/)).toBeChecked();
  for (const filter of ['过暗', '纯色画面', '模糊']) await dialog.getByLabel(filter).check();
  await page.screenshot({ path: testInfo.outputPath('dataset-dialog-desktop.png') });
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: `开始下载（${show.episodes.length} 集）` }).click();

  await tray(page)
    .getByRole('button', { name: /^下载任务/ })
    .click();
  await expect(tray(page).getByText('已完成')).toBeVisible({ timeout: 60_000 });
  // Per episode: the run and its cut back; the later two also repeat the opening and ending.
  await expect(tray(page)).toContainText('跳过相似 15 张，过暗 3 张，纯色 3 张，模糊 3 张');
  await page.screenshot({ path: testInfo.outputPath('dataset-tray-desktop.png') });
  const entries = await readZip(await readFile((await (await saved).path())!));
  expect(entries.map((e) => Number(path.basename(e.name, '.jpg')))).toEqual(keep);
});

test('the dataset options fit a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openDialog(page, 'dataset-phone');
  await dialog.getByLabel(/跳过相似帧/).check();
  await dialog.locator('label').filter({ hasText: '自定义' }).click();
  await expect(dialog.getByLabel(/相似度阈值/)).toHaveValue('7');
  await dialog.getByLabel('模糊').check();
  await dialog.locator('label').filter({ hasText: 'kohya' }).click();
  await expect(dialog.getByLabel('重复次数')).toHaveValue('10');
  await dialog.getByLabel('触发词').scrollIntoViewIfNeeded();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('dataset-dialog-phone.png') });
});

/** An episode's image screen with every image selected and its 数据集筛选 dialog open. */
async function selectionDialog(page: Page, who: string, episode: (typeof show.episodes)[number]) {
  const { pageOrigin } = await replica();
  await signIn(page, who);
  await page.goto(
    `/images/${encodeURIComponent(`${pageOrigin}/anime/episodeimages.php?${episode.id}`)}`,
  );
  await expect(page.getByText(`共 ${episode.imageIds.length} 张`)).toBeVisible();
  await page.getByRole('button', { name: '全选' }).first().click();
  await page.getByRole('button', { name: '数据集筛选（0）' }).click();
  return page.getByRole('dialog', { name: '数据集筛选' });
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a selection download with 数据集筛选 leaves out repeats and bad frames (${device})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const dialog = await selectionDialog(page, `selection-dataset-${device}`, show.episodes[0]!);
    await dialog.getByLabel(/跳过相似帧/).check();
    for (const filter of ['过暗', '纯色画面', '模糊']) await dialog.getByLabel(filter).check();
    await page.screenshot({ path: testInfo.outputPath(`selection-dataset-${device}.png`) });
    await dialog.getByRole('button', { name: '完成' }).click();
    await page.screenshot({ path: testInfo.outputPath(`selection-bar-${device}.png`) });
    await page.getByRole('button', { name: /^下载选中/ }).click();
    await tray(page)
      .getByRole('button', { name: /^下载任务/ })
      .click();
    // Within the episode: the run and the cut back repeat; one frame each is dark, blank, blurry.
    await expect(tray(page)).toContainText('跳过相似 3 张，过暗 1 张，纯色 1 张，模糊 1 张', {
      timeout: 30_000,
    });
  });

  test(`a selection downloaded in kohya's layout, with its captions (${device})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const episode = show.episodes[1]!;
    const dialog = await selectionDialog(page, `selection-kohya-${device}`, episode);
    await dialog.locator('label').filter({ hasText: 'kohya' }).click();
    // A dataset layout turns the filters on; this archive keeps every frame to check each caption.
    for (const filter of [/跳过相似帧/, '过暗', '纯色画面', '模糊']) {
      await expect(dialog.getByLabel(filter)).toBeChecked();
      await dialog.getByLabel(filter).uncheck();
    }
    await dialog.getByLabel('重复次数').fill('3');
    await dialog.getByLabel('触发词').fill('sel_style');
    await dialog.getByLabel('触发词').scrollIntoViewIfNeeded();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: testInfo.outputPath(`selection-export-${device}.png`) });
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(page.getByRole('button', { name: '数据集筛选（1）' })).toBeVisible();
    const saved = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: /^下载选中/ }).click();
    await tray(page)
      .getByRole('button', { name: /^下载任务/ })
      .click();
    const entries = await readZip(await readFile((await (await saved).path())!));
    // kohya's rule: `<repeats>_<concept>/`, a caption of the same stem beside each image.
    const images = entries.filter((e) => e.name.endsWith('.jpg'));
    expect(images).toHaveLength(episode.imageIds.length);
    for (const image of images) {
      expect(image.name).toMatch(/^3_[^/]+\/[^/]+\.jpg$/);
      const caption = entries.find((e) => e.name === image.name.replace(/\.jpg$/, '.txt'));
      expect(caption?.data.toString('utf8')).toBe('sel_style\n');
    }
  });
}

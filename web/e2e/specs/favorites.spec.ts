import { readFile } from 'node:fs/promises';
import { KEY_IDS, renderImage, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { createUser, logInThroughForm, signIn, signOut, userMenu } from '../support';
import { searchResult } from '../long-episode';

const show = showById(KEY_IDS.longShow)!;
const episode = show.episodes[2]!;
const [firstImage, secondImage] = episode.imageIds;

const heartOf = (page: Page, container: ReturnType<Page['locator']>) =>
  container.getByRole('button', { name: '收藏', exact: true });

test('favourite a work, an episode and images, then manage them on the favourites screen', async ({
  page,
}) => {
  await signIn(page, 'fav');

  // A work from the search results.
  const result = await searchResult(page, 'hanabi', show.title);
  await heartOf(page, result).click();
  await expect(result.getByRole('button', { name: '取消收藏' })).toBeVisible();

  // An episode from its show's list.
  await result.getByRole('link').first().click();
  const episodeCard = page.locator(`[data-episode-id="${episode.id}"]`).locator('..');
  await heartOf(page, episodeCard).click();
  await expect(episodeCard.getByRole('button', { name: '取消收藏' })).toBeVisible();

  // Two images from the episode's grid.
  await page.locator(`[data-episode-id="${episode.id}"]`).click();
  for (const id of [firstImage!, secondImage!]) {
    const card = page.locator(`[data-image-id="${id}"]`).locator('..');
    await heartOf(page, card).click();
    await expect(card.getByRole('button', { name: '取消收藏' })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /我的收藏/ })).toContainText('4');

  await page.getByRole('link', { name: /我的收藏/ }).click();
  await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '作品 (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '剧集 (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '图片 (2)' })).toBeVisible();

  // Search is case-insensitive over titles.
  await page.getByLabel('搜索收藏').fill(show.title.toUpperCase().slice(0, 6));
  await expect(page.getByRole('tab', { name: '作品 (1)' })).toBeVisible();
  await page.getByLabel('搜索收藏').fill('no such title');
  await expect(page.getByRole('tab', { name: '作品 (0)' })).toBeVisible();
  await page.getByLabel('搜索收藏').fill('');

  // Export, to import later into another account.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const exportFile = await (await exported).path();
  expect((await exported).suggestedFilename()).toMatch(
    /^fancaps-favorites-\d{4}-\d{2}-\d{2}\.json$/,
  );
  const data = JSON.parse(await readFile(exportFile!, 'utf8'));
  expect(data).toMatchObject({ version: 1 });
  expect(data.images).toHaveLength(2);

  // Download the selected favourite images as one ZIP.
  await page.getByRole('tab', { name: '图片 (2)' }).click();
  await page.getByRole('button', { name: `图片 ${firstImage}`, exact: true }).click();
  await page.getByRole('button', { name: `图片 ${secondImage}`, exact: true }).click();
  const bar = page.getByRole('region', { name: '已选择的收藏' });
  const saved = page.waitForEvent('download');
  await bar.getByRole('button', { name: /下载选中/ }).click();
  const zip = await saved;
  // The small-CDN preference (the default) picks 压缩图 where a compressed host exists, and the
  // name says so.
  expect(zip.suggestedFilename()).toMatch(/^fancaps_favorites_compressed_2img_[a-z2-9]{4}\.zip$/);
  const entries = await readZip(await readFile((await zip.path())!));
  expect(entries.map((e) => e.name).sort()).toEqual(
    [firstImage!, secondImage!].map((id) => `fancaps_favorites_${id}.jpg`).sort(),
  );
  for (const entry of entries) {
    const id = Number(/_(\d+)\.jpg$/.exec(entry.name)![1]);
    // 压缩图 is the compressed host's picture.
    expect(entry.data.equals(await renderImage('anime', id, 'small'))).toBe(true);
  }

  // Batch delete with confirmation clears the selection.
  await bar.getByRole('button', { name: '删除选中' }).click();
  await page
    .getByRole('alertdialog', { name: '确认删除' })
    .getByRole('button', { name: '删除', exact: true })
    .click();
  await expect(page.getByRole('tab', { name: '图片 (0)' })).toBeVisible();

  // Single delete with confirmation.
  await page.getByRole('tab', { name: '作品 (1)' }).click();
  await page.getByRole('button', { name: `删除 ${show.title}` }).click();
  await page
    .getByRole('alertdialog', { name: '确认删除' })
    .getByRole('button', { name: '删除', exact: true })
    .click();
  await expect(page.getByRole('tab', { name: '作品 (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '剧集 (1)' })).toBeVisible();

  // Another account imports the exported file and gets the same favourites.
  await signOut(page);
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  const other = await createUser('fav-import');
  await page.goto('/login');
  await logInThroughForm(page, other.email, other.password);
  await expect(userMenu(page)).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByText('还没有收藏任何内容')).toBeVisible();
  await page.getByLabel('导入收藏文件').setInputFiles(exportFile!);
  await expect(page.getByRole('tab', { name: '图片 (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '作品 (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '剧集 (1)' })).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import { KEY_IDS, renderImage, showById } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { readZip } from '../../../server/test/support/zip';
import { replica, signIn } from '../support';

test('selected images arrive in the browser as one ZIP with the right entries', async ({
  page,
}) => {
  const { pageOrigin } = await replica();
  await signIn(page, 'zip');
  const episode = showById(KEY_IDS.tvSeason1)!.episodes[0]!;
  await page.goto(
    `/images/${encodeURIComponent(`${pageOrigin}/tv/episodeimages.php?${episode.id}`)}`,
  );
  const ids = episode.imageIds;
  const card = (id: number) => page.getByRole('button', { name: `图片 ${id}`, exact: true });
  await expect(card(ids[0]!)).toBeVisible();

  await page.getByRole('button', { name: /^下载选中/ }).click();
  await expect(page.getByText('请先选择要下载的图片')).toBeVisible();

  await card(ids[1]!).click();
  await card(ids[4]!).click({ modifiers: ['Shift'] });
  await page.getByRole('radio', { name: '压缩图' }).locator('..').click();
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载选中 (4)' }).click();
  await expect(page.getByText(/下载任务已创建/)).toBeVisible();

  // The tray starts as a badge; it opens on demand.
  const tray = page.getByRole('region', { name: '下载任务' });
  await tray.getByRole('button', { name: /^下载任务/ }).click();
  await expect(tray.getByText('已完成')).toBeVisible();
  await expect(tray.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
  await expect(tray.getByRole('link', { name: '保存文件' })).toHaveAttribute(
    'href',
    /\/api\/download\/[\w-]+\/file$/,
  );

  const download = await saved;
  // Named by what it holds, how many, and a tag that tells two ZIPs of one episode apart.
  expect(download.suggestedFilename()).toMatch(/_compressed_4img_[a-z2-9]{4}\.zip$/);
  const entries = await readZip(await readFile((await download.path())!));
  const prefix = download.suggestedFilename().replace(/_compressed_4img_[a-z2-9]{4}\.zip$/, '');
  expect(entries.map((e) => e.name)).toEqual(ids.slice(1, 5).map((id) => `${prefix}_${id}.jpg`));
  for (const [i, entry] of entries.entries()) {
    expect(entry.data.equals(await renderImage('tv', ids[i + 1]!, 'small'))).toBe(true);
  }

  // The tray survives a reload, open as it was left.
  await page.reload();
  await expect(page.getByRole('region', { name: '下载任务' }).getByText('已完成')).toBeVisible();
});

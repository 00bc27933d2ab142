import { expect, test } from '@playwright/test';
import { browseEpisode, kettleEpisode as episode, kettleShow as show } from '../browse-episode';
import { signIn } from '../support';

test('a browsed episode shows in the history library by work and by episode, and can be deleted', async ({
  page,
}) => {
  await signIn(page, 'history');
  await browseEpisode(page);

  await page.goto('/search-based-library');
  await expect(page.locator(`li[data-show-name="${show.title}"]`)).toBeVisible();
  await page.getByRole('radio', { name: '按剧集' }).locator('..').click();
  const row = page.locator('li[data-history-id]').filter({ hasText: episode.label });
  await expect(row).toBeVisible();
  await expect(row).toContainText('kettle');

  await row.getByRole('button', { name: `删除 ${episode.label}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '确认删除' });
  await expect(dialog).toContainText('不会删除图片缓存');
  await dialog.getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.locator('li[data-history-id]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '开始搜索' })).toBeVisible();

  // The same screen answers at /history.
  await page.goto('/history');
  await expect(page.getByRole('link', { name: '开始搜索' })).toBeVisible();
});

test('the categorized library walks down to images and back up, and the local library sorts', async ({
  page,
}) => {
  await signIn(page, 'library');
  await browseEpisode(page);

  await page.goto('/categorized-library');
  await expect(page.getByRole('heading', { name: '分类图库' })).toBeVisible();
  const work = page.locator(`li[data-category="anime:${show.id}"]`);
  await work.getByRole('link').click();
  await expect(page.getByRole('heading', { name: show.title })).toBeVisible();
  await page.locator(`li[data-episode-key="${episode.id}"]`).getByRole('link').click();
  await expect(
    page.getByRole('heading', { name: `${show.title} - ${episode.label}` }),
  ).toBeVisible();
  await expect(page.locator(`[data-image-id="${episode.imageIds[0]}"]`)).toBeVisible();

  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByRole('heading', { name: show.title })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByRole('heading', { name: '分类图库' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/local-library');
  const firstCard = page.locator('[data-image-id]').first();
  await expect(firstCard).toBeVisible();
  await page.getByLabel('排序').selectOption({ label: '按ID 升序' });
  await expect(page).toHaveURL(/sort=id_asc/);
  // Read once the grid shows the new order: its first card is then the smallest id on screen
  // (the newest image, first before, may well be the largest id of the user's own library).
  const shownIds = () =>
    page
      .locator('[data-image-id]')
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-image-id'))));
  await expect
    .poll(async () => (await shownIds())[0] === Math.min(...(await shownIds())))
    .toBe(true);
  const ascending = Number(await firstCard.getAttribute('data-image-id'));
  await page.getByLabel('排序').selectOption({ label: '按ID 降序' });
  await expect(page).toHaveURL(/sort=id_desc/);
  await expect
    .poll(async () => Number(await firstCard.getAttribute('data-image-id')))
    .toBeGreaterThan(ascending);
});

test('the operation log test page shows the user and records what the buttons fire', async ({
  page,
}) => {
  const user = await signIn(page, 'logger');
  await page.goto('/operation-log-test');
  await expect(
    page.getByText(new RegExp(`当前用户：${user.email.replace(/[.]/g, '\\.')}（ID：\\d+）`)),
  ).toBeVisible();
  await page.getByRole('button', { name: '基础日志' }).click();
  await page.getByRole('button', { name: 'API 调用' }).click();
  await page.getByRole('button', { name: '显示统计' }).click();
  await expect(page.getByRole('region', { name: '日志统计' })).toBeVisible();
  const latest = page.getByRole('list', { name: '最新日志' });
  await expect(latest.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: '清空历史' }).click();
  await expect(latest.getByRole('listitem')).toHaveCount(0);
});

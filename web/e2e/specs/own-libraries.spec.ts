import { expect, test } from '@playwright/test';
import { browseEpisode, kettleEpisode as episode, kettleShow as show } from '../browse-episode';
import { shootPhoneAndDesktop as shoot, signIn, signOut } from '../support';

const LEGACY_KEY = 'fancaps-search-history';

test('a second account on the same browser sees empty libraries and none of the first one’s searches', async ({
  page,
}) => {
  await signIn(page, 'first-owner');
  await browseEpisode(page);
  await page.goto('/categorized-library');
  await expect(page.locator(`li[data-category="anime:${show.id}"]`)).toBeVisible();
  await page.goto('/search');
  const recent = page.getByRole('region', { name: '最近搜索' });
  await expect(recent.getByRole('button', { name: 'kettle' })).toBeVisible();
  await shoot(page, 'search-recent');
  await signOut(page);

  // What an older page kept in this browser is dropped at the next sign-in, unseen.
  await page.evaluate(
    ([key]) =>
      localStorage.setItem(
        key!,
        JSON.stringify([{ query: 'kettle', timestamp: 1, results_count: 1 }]),
      ),
    [LEGACY_KEY],
  );
  await signIn(page, 'second-owner');
  expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_KEY)).toBeNull();

  await page.goto('/');
  await expect(page.getByText('已缓存 0 张图片 · 占用 0 B')).toBeVisible();
  await expect(page.getByText('作品 0 部 · 图片 0 张')).toBeVisible();
  await shoot(page, 'home-new-user');

  await page.goto('/categorized-library');
  await expect(page.getByText('分类图库还是空的')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '开始搜索' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '全部用户' })).toHaveCount(0);
  await shoot(page, 'categorized-new-user');

  await page.goto('/local-library');
  await expect(page.getByText('本地图库还是空的')).toBeVisible();
  await expect(page.locator('[data-image-id]')).toHaveCount(0);
  await shoot(page, 'local-new-user');

  await page.goto('/search');
  await expect(page.getByRole('heading', { name: '搜索' })).toBeVisible();
  await page.getByLabel('搜索内容').fill('ke');
  // Past the suggestions' debounce: nothing of the first account is offered.
  await page.waitForTimeout(600);
  await expect(page.getByRole('list', { name: '搜索建议' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '最近搜索' })).toHaveCount(0);
  await signOut(page);

  // An admin on the same browser may look at every user's images, and only on asking.
  await signIn(page, 'librarian', 'admin');
  await page.goto('/categorized-library');
  await expect(page.getByText('分类图库还是空的')).toBeVisible();
  await page.getByRole('radio', { name: '全部用户' }).locator('..').click();
  await expect(page).toHaveURL(/scope=all/);
  await expect(page.locator(`li[data-category="anime:${show.id}"]`)).toBeVisible();
  await shoot(page, 'categorized-admin-all');
  // Down to the first account's episode, 全部用户 all the way: its pictures are there.
  await page.locator(`li[data-category="anime:${show.id}"]`).getByRole('link').click();
  await page.locator(`li[data-episode-key="${episode.id}"]`).getByRole('link').click();
  await expect(page.locator(`[data-image-id="${episode.imageIds[0]}"]`)).toBeVisible();
  // The flat list holds every user's images, the other specs' too, newest first: where this
  // episode's land in it depends on what ran before, so it is only seen to be full.
  await page.goto('/local-library?scope=all');
  await expect(page.locator('[data-image-id]').first()).toBeVisible();
  await shoot(page, 'local-admin-all');
});

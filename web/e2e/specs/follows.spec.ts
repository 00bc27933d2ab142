import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { replica, shootPhoneAndDesktop, signIn } from '../support';

const shoot = (page: Page, name: string) =>
  shootPhoneAndDesktop(page, name, { width: 1280, height: 800 });

const show = showById(KEY_IDS.tvSeason2)!;

test('follow a show from its episode list; a new episode the source adds shows on 首页 until seen', async ({
  page,
}) => {
  await signIn(page, 'follow');
  await page.goto('/search?q=lighthouse');
  await page.getByLabel('搜索内容').fill('lighthouse');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  await expect(page).toHaveURL(/\/episodes\//);
  await expect(page.getByRole('heading', { name: show.title, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
  await shoot(page, 'episodes-following');

  const added = await (await replica()).control.addEpisode(KEY_IDS.tvSeason2, 12);
  const badge = page.getByTestId('new-episodes-badge');
  // The check runs within the interval (2 s here); the page reads the follows again on load.
  await expect(async () => {
    await page.goto('/');
    await expect(badge).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  const section = page.locator('section').filter({
    has: page.getByRole('heading', { name: '新剧集' }),
  });
  await expect(section.getByRole('link', { name: added.label })).toBeVisible();
  await expect(section.getByRole('link', { name: show.title }).first()).toBeVisible();
  await shoot(page, 'home-new-episodes');

  await section.getByRole('button', { name: '标记为已看' }).click();
  await expect(section.getByText('关注的作品暂无新剧集')).toBeVisible();
  await expect(badge).toHaveCount(0);

  // The list of followed works still holds it, with its toggle, the next check and 立即检查.
  await section.locator('summary').click();
  await expect(section.getByRole('button', { name: '已关注' })).toBeVisible();
  await expect(section.getByText(/^下次检查：|^即将检查$/)).toBeVisible();
  const checkNow = section.getByRole('button', { name: `立即检查 ${show.title}` });
  await checkNow.click();
  await expect(section.getByText(/^已检查：/)).toBeVisible();
  await shoot(page, 'home-followed-checked');
  // Once a minute per work: a second check at once is refused with the wait.
  await checkNow.click();
  await expect(section.getByText(/^请在 \d+ 秒后再检查这部作品$/)).toBeVisible();

  // The search results show the work as followed; a movie has no toggle.
  await page.goto('/search?q=lighthouse');
  await page.getByLabel('搜索内容').fill('lighthouse');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(show.title) }) });
  await expect(card.getByRole('button', { name: '已关注' })).toBeVisible();
  await shoot(page, 'search-following');

  // Unfollowed, the work leaves the server's schedule, so no later spec meets its checks.
  await card.getByRole('button', { name: '已关注' }).click();
  await expect(card.getByRole('button', { name: '关注', exact: true })).toBeVisible();
});

test('a token made on the profile reads favourites from a script, and cannot start a download', async ({
  page,
  request,
}) => {
  const user = await signIn(page, 'token');
  await page.goto('/profile');
  const panel = page.locator('section').filter({
    has: page.getByRole('heading', { name: '访问令牌' }),
  });
  await panel.getByLabel('名称').fill('nightly script');
  await panel.getByLabel('当前密码').fill(user.password);
  await panel.getByRole('button', { name: '创建令牌' }).click();
  const token = (await panel.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^csp_/);
  await expect(panel.getByText('从未使用')).toBeVisible();
  await shoot(page, 'profile-tokens');

  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/favorites', { headers })).status()).toBe(200);
  const work = await request.post('/api/download/work', {
    headers,
    data: {
      work_url: `${(await replica()).pageOrigin}/tv/showimages.php?${KEY_IDS.tvSeason1}`,
      size: 'thumb',
    },
  });
  expect(work.status()).toBe(403);
});

import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import {
  createUser,
  logInThroughForm,
  openFromUserMenu,
  shootPhoneAndDesktop,
  signIn,
  userMenu,
} from '../support';

test.use({ viewport: { width: 1366, height: 900 } });

const show = showById(KEY_IDS.longShow)!;
/** "Episode 6": no other spec opens it. */
const episode = show.episodes[4]!;

const tile = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });

test('the user menu reaches every screen, the admin ones for admins only', async ({ page }) => {
  await signIn(page, 'menu-admin', 'admin');
  const entries: [entry: string, path: string, heading: string][] = [
    ['个人资料', '/profile', '个人信息'],
    ['设置', '/settings', '设置'],
    ['本地图库', '/local-library', '本地图库'],
    ['分类图库', '/categorized-library', '分类图库'],
    ['搜索历史图库', '/search-based-library', '搜索历史图库'],
    ['用户管理', '/admin/users', '用户管理'],
    ['站点状态', '/site-health', '站点状态'],
    ['操作日志测试', '/operation-log-test', '操作日志测试'],
  ];
  for (const [entry, path, heading] of entries) {
    await openFromUserMenu(page, entry);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${heading === '个人信息' ? '个人资料' : heading} · capshelf`);
  }
  // The header's own entries.
  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: '搜索' })
    .click();
  await expect(page).toHaveTitle('搜索 · capshelf');
  await page.getByRole('link', { name: /我的收藏/ }).click();
  await expect(page).toHaveTitle('我的收藏 · capshelf');
  // A favicon is served.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await page.request.get(icon!)).headers()['content-type']).toContain('image/svg+xml');

  // A plain user has no admin entries, and the admin page refuses them.
  await openFromUserMenu(page, '退出登录');
  await signIn(page, 'menu-user');
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: '设置' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '用户管理' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: '操作日志测试' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: '站点状态' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await expect(page.getByText('只有管理员可以管理用户。')).toBeVisible();
});

test('the images screen says where it is, leads back, and keeps the selection bar in view', async ({
  page,
}) => {
  await signIn(page, 'breadcrumb');
  await page.goto('/search?q=hanabi');
  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  // "Episode 1 & 2" has its number badge and sorts by its first number.
  await expect(page.locator(`[data-episode-id="${show.episodes[0]!.id}"]`)).toContainText(
    '第 1 集',
  );
  await page.getByLabel('排序').selectOption('number');
  await expect(page.locator('[data-episode-id]').first()).toHaveAttribute(
    'data-episode-id',
    String(show.episodes[0]!.id),
  );
  await page.locator(`[data-episode-id="${episode.id}"]`).click();
  await expect(tile(page, episode.imageIds[0]!)).toBeVisible();

  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs.getByRole('link', { name: '搜索“hanabi”' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: show.title })).toBeVisible();
  await expect(crumbs.getByText('第 6 集')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(`第 6 集 · ${show.title} · capshelf`);

  // A long grid scrolls under the selection bar.
  await tile(page, episode.imageIds[0]!).click();
  await tile(page, episode.imageIds[3]!).click({ modifiers: ['Shift'] });
  // The grid grows as the crawl's pages arrive: scroll again until the page is long enough.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 2000);
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(500);
  const bar = page.getByRole('toolbar', { name: '选择操作' });
  await expect(bar.getByText('已选择 4 张')).toBeInViewport();
  await expect(bar.getByRole('button', { name: '全选', exact: true })).toBeInViewport();
  await expect(bar.getByRole('button', { name: '取消全选' })).toBeInViewport();
  await expect(bar.getByRole('button', { name: '下载选中 (4)' })).toBeInViewport();
  await bar.getByRole('button', { name: '取消全选' }).click();
  await expect(bar.getByText('已选择 0 张')).toBeVisible();

  // 清除缓存 asks first, saying what happens: for a user, the list is read again and the shared
  // files stay (cache.spec.ts shows the admin's deletion); cancelling keeps everything.
  await page.getByRole('button', { name: '清除缓存' }).click();
  const dialog = page.getByRole('alertdialog', { name: '清除本集缓存' });
  await expect(dialog).toContainText(`${episode.imageIds.length} 张图片`);
  await expect(dialog).toContainText('由所有用户共享，不会被删除');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: '返回剧集列表' }).click();
  // The way back keeps the search it came from, in a short address.
  await expect(page).toHaveURL(new RegExp(`/episodes/anime/${show.id}\\?q=hanabi$`));
  await expect(page.getByRole('heading', { name: show.title })).toBeVisible();
  await expect(page).toHaveTitle(`${show.title} · capshelf`);
});

test('the history library records the search term of a movie and shows the newest view first', async ({
  page,
}) => {
  const movie = movieById(KEY_IDS.onePageMovie)!;
  await signIn(page, 'movie-history');
  await page.goto('/search?q=paper&type=movies');
  await page.getByRole('link', { name: new RegExp('Paper Moon') }).click();
  await expect(page.getByText(`共 ${movie.imageIds.length} 张`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('搜索“paper”');

  // Everything below moves inside the page, so what the page holds must not go stale.
  const historyByEpisode = async () => {
    await openFromUserMenu(page, '搜索历史图库');
    await page.locator('label').filter({ hasText: '按剧集' }).click();
    return page.getByRole('list', { name: '剧集' }).locator('[data-history-id]');
  };
  const cards = await historyByEpisode();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('搜索词：paper');
  await expect(page.getByText('直接访问')).toHaveCount(0);

  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: '搜索' })
    .click();
  await page.getByLabel('搜索内容').fill('hanabi');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  await page.locator(`[data-episode-id="${show.episodes[5]!.id}"]`).click();
  await expect(tile(page, show.episodes[5]!.imageIds[0]!)).toBeVisible();
  // A view is recorded once the listing is complete (its final count shows), not at page 1.
  await expect(page.getByText(`共 ${show.episodes[5]!.imageIds.length} 张`)).toBeVisible();

  const after = await historyByEpisode();
  await expect(after).toHaveCount(2);
  await expect(after.first()).toContainText(show.title);
  await expect(after.first()).toContainText('搜索词：hanabi');
  await expect(after.nth(1)).toContainText('Paper Moon');
});

test('an admin adds, resets, promotes and disables an account; the disabled user is sent to login', async ({
  page,
  browser,
}) => {
  const admin = await signIn(page, 'users-admin', 'admin');
  await page.goto('/admin/users');
  const email = `added-${Date.now()}@e2e.test`;
  await page.getByLabel('邮箱').fill(email);
  await page.getByRole('button', { name: '添加用户' }).click();
  const notice = page.getByRole('status').filter({ hasText: '仅显示这一次' });
  await expect(notice).toContainText(email);
  const password = (await notice.locator('code').textContent())!.trim();
  const row = page.locator(`[data-user-email="${email}"]`);
  await expect(row).toContainText('正常');
  // Their own row: their role and their account are another admin's to change.
  const own = page.locator('[data-user-email]').filter({ hasText: '（我）' });
  await expect(own.getByLabel('角色')).toBeDisabled();
  await expect(own.getByRole('button', { name: '禁用' })).toBeDisabled();

  // The new user signs in with it, in their own browser.
  const theirs = await (
    await browser.newContext({ viewport: { width: 1366, height: 900 } })
  ).newPage();
  await theirs.goto('/login');
  await expect(theirs.getByText('账号由管理员创建')).toBeVisible();
  await logInThroughForm(theirs, email, password);
  await expect(userMenu(theirs)).toBeVisible();
  await theirs.goto('/settings');
  await expect(theirs.getByRole('heading', { name: '设置' })).toBeVisible();

  await row.getByLabel('角色').selectOption('admin');
  await expect(page.getByText(`${email} 现在是管理员`)).toBeVisible();

  // Disabling asks first and ends their session: their next call lands on the login page.
  await row.getByRole('button', { name: '禁用' }).click();
  await page
    .getByRole('alertdialog', { name: '禁用用户' })
    .getByRole('button', { name: '禁用' })
    .click();
  await expect(row).toContainText('已禁用');
  await theirs.goto('/favorites?tab=images');
  await expect(theirs.getByText('登录已过期，请重新登录')).toBeVisible();
  await logInThroughForm(theirs, email, password);
  await expect(theirs.getByRole('alert')).toContainText('邮箱或密码错误');

  // Enabled again with a reset password: the old one stops working, the new one returns them.
  await row.getByRole('button', { name: '启用' }).click();
  await expect(row).toContainText('正常');
  await row.getByRole('button', { name: '重置密码' }).click();
  // The admin confirms it is them (a session alone resets nobody's password).
  const asked = page.getByRole('alertdialog', { name: '重置密码' });
  await expect(asked.getByRole('button', { name: '重置密码' })).toBeDisabled();
  await asked.getByLabel('你的密码（确认是你本人）').fill(admin.password);
  await shootPhoneAndDesktop(page, 'reset-password-dialog');
  await asked.getByRole('button', { name: '重置密码' }).click();
  const reset = page.getByRole('status').filter({ hasText: '已重置' });
  const fresh = (await reset.locator('code').textContent())!.trim();
  expect(fresh).not.toBe(password);
  await logInThroughForm(theirs, email, fresh);
  await expect(theirs).toHaveURL(/\/favorites\?tab=images$/);
  await theirs.context().close();
});

test('an expired session returns to the login page with a notice, then to where the user was', async ({
  page,
}) => {
  const user = await createUser('expiry');
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  const url = `/images/anime/${episode.id}`;
  await page.goto(url);
  await expect(tile(page, episode.imageIds[0]!)).toBeVisible();

  // The server forgets the session (as at its expiry): the next call is refused.
  await page.evaluate(() => localStorage.setItem('capshelf.token', 'expired-token'));
  await page.getByRole('button', { name: '刷新' }).click();
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  await expect(tile(page, episode.imageIds[0]!)).toBeVisible();
});

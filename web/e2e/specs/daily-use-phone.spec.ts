import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support';
import {
  longEpisode as episode,
  longShow as show,
  openLongEpisode as openEpisode,
  tile,
} from '../long-episode';

// A phone: 390×844, touch, so taps are real taps and the tiles take their phone layout.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectNoHorizontalScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

test('the grid takes 3 columns on a phone, remembers another choice, and a tap selects', async ({
  page,
}) => {
  await signIn(page, 'phone-grid');
  await openEpisode(page);
  const grid = page.locator('[data-columns]');
  await expect(grid).toHaveAttribute('data-columns', '3');

  // The tile's buttons sit under the picture: the whole picture is the tap target.
  const first = tile(page, episode.imageIds[0]!);
  const picture = await box(first);
  const cell = first.locator('xpath=../..');
  for (const name of ['放大查看', '在新标签页打开', '收藏']) {
    const button = cell.getByRole(name === '在新标签页打开' ? 'link' : 'button', {
      name: new RegExp(name),
    });
    await expect(button).toBeVisible();
    expect(overlaps(await box(button), picture), `${name} covers the picture`).toBe(false);
  }

  await first.tap();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('已选择 1 张')).toBeVisible();
  await first.tap();
  await expect(first).toHaveAttribute('aria-pressed', 'false');

  // The toolbar's controls fold behind 选项 on a phone.
  await page.getByRole('button', { name: '选项', exact: true }).tap();
  await page.getByLabel('列数').selectOption('2');
  await expect(grid).toHaveAttribute('data-columns', '2');
  await page.reload();
  await expect(page.locator('[data-columns]')).toHaveAttribute('data-columns', '2');
  await page.getByRole('button', { name: '选项', exact: true }).tap();
  await page.getByLabel('列数').selectOption('auto');
  await expect(page.locator('[data-columns]')).toHaveAttribute('data-columns', '3');
});

test('range mode selects from one tap to another, and the selection bar stays on screen', async ({
  page,
}) => {
  await signIn(page, 'phone-range');
  await openEpisode(page);
  const ids = episode.imageIds;

  await page.getByRole('button', { name: '范围选择' }).tap();
  await expect(page.getByText('范围选择：请点选起始图片')).toBeVisible();
  await tile(page, ids[1]!).tap();
  await tile(page, ids[7]!).tap();
  await expect(page.getByText('已选择 7 张')).toBeVisible();
  for (const id of ids.slice(1, 8)) {
    await expect(tile(page, id)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(tile(page, ids[8]!)).toHaveAttribute('aria-pressed', 'false');

  // Far down a long grid the count and the download button are still in view.
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  const bar = page.getByRole('toolbar', { name: '选择操作' });
  const download = bar.getByRole('button', { name: '下载选中 (7)' });
  await expect(download).toBeInViewport();
  await expect(bar.getByText('已选择 7 张')).toBeInViewport();
  const barBox = await box(bar);
  expect(barBox.y).toBeGreaterThanOrEqual(0);
  expect(barBox.y + barBox.height).toBeLessThan(844);
  await expectNoHorizontalScroll(page, 'the images screen');
});

test('no screen scrolls sideways on a phone', async ({ page }) => {
  // Signed out first: the public screens.
  for (const path of ['/', '/login', '/forgot-password', '/reset-password?token=x']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await expectNoHorizontalScroll(page, path);
  }

  await signIn(page, 'phone-screens', 'admin');
  const screens: [path: string, ready: RegExp | string][] = [
    ['/', 'capshelf 截图书架'],
    ['/search?q=hanabi', show.title],
    [`/episodes/anime/${show.id}`, '共 '],
    [`/images/anime/${episode.id}`, '已选择 0 张'],
    [`/images-range/${episode.imageIds[0]}/${episode.imageIds[20]}?kind=anime`, '已选择 0 张'],
    ['/sample-images', '示例图片'],
    ['/favorites', '我的收藏'],
    ['/settings', '设置'],
    ['/profile', '个人信息'],
    ['/local-library', '本地图库'],
    ['/categorized-library', '分类图库'],
    ['/search-based-library', '搜索历史图库'],
    ['/search-based-library?view=episode', '搜索历史图库'],
    ['/admin/users', '用户管理'],
    ['/site-health', '站点状态'],
    ['/operation-log-test', '操作日志测试'],
    ['/no-such-page', '页面未找到'],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoHorizontalScroll(page, path);
  }

  // The user menu opens inside the screen too.
  await page.getByRole('button', { name: '用户菜单' }).tap();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '用户管理' })).toBeVisible();
  const menuBox = await box(menu);
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);
  await expectNoHorizontalScroll(page, 'the open user menu');
});

import { KEY_IDS, showById } from '@capshelf/replica';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Theme } from '@capshelf/contract';
import { userMenu } from './support';

/**
 * The main screens, in the state a user sees them, for the theme and accessibility specs: each
 * is reached through the page and handed to `visit` once it has settled.
 */
export type ScreenVisit = (name: string) => Promise<void>;

const show = showById(KEY_IDS.longShow)!;
const episode = show.episodes[2]!;
const tile = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });

/** Waits for every <img> on the page to have loaded or failed (no half-painted grid). */
export async function imagesSettled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete)))
    .toBe(true);
}

/**
 * Tours the signed-in screens (as an admin, so the admin screens are included); the login page
 * is its own visit (see `visitLogin`).
 */
export async function tourSignedIn(page: Page, visit: ScreenVisit) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit('home');
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: '设置' })).toBeVisible();
  await visit('user-menu');
  await page.keyboard.press('Escape');

  await page.goto('/search?q=hanabi');
  const result = page.locator('article, li').filter({ hasText: show.title }).first();
  await expect(page.getByRole('link', { name: new RegExp(show.title) })).toBeVisible();
  // A favourite, so the favourites screen has a card to show.
  await result.getByRole('button', { name: '收藏', exact: true }).click();
  await expect(result.getByRole('button', { name: '取消收藏' })).toBeVisible();
  await imagesSettled(page);
  await visit('search');

  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  await expect(page.locator(`[data-episode-id="${episode.id}"]`)).toBeVisible();
  await imagesSettled(page);
  await visit('episodes');
  await page.getByRole('button', { name: '下载整部' }).click();
  const workDialog = page.getByRole('dialog');
  await expect(workDialog).toBeVisible();
  await visit('work-download-dialog');
  await page.keyboard.press('Escape');
  await expect(workDialog).toHaveCount(0);

  await page.locator(`[data-episode-id="${episode.id}"]`).click();
  await expect(tile(page, episode.imageIds[0]!)).toBeVisible();
  await tile(page, episode.imageIds[0]!).click();
  await tile(page, episode.imageIds[2]!).click({ modifiers: ['Shift'] });
  await expect(page.getByRole('toolbar', { name: '选择操作' })).toContainText('已选择 3 张');
  await imagesSettled(page);
  await visit('images');

  await page.getByRole('button', { name: '放大查看' }).first().click();
  const lightbox = page.getByRole('dialog', { name: `图片 ${episode.imageIds[0]}` });
  await expect(lightbox.getByRole('img')).toBeVisible();
  await imagesSettled(page);
  await visit('lightbox');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  // On a phone the toolbar's controls fold behind 选项.
  const options = page.getByRole('button', { name: '选项', exact: true });
  if (await options.isVisible()) await options.click();
  await page.getByRole('button', { name: '清除缓存' }).click();
  const confirm = page.getByRole('alertdialog', { name: '清除本集缓存' });
  await expect(confirm).toContainText('张图片');
  await visit('confirm-dialog');
  await confirm.getByRole('button', { name: '取消' }).click();

  await page.getByRole('button', { name: '下载选中 (3)' }).click();
  const toast = page.getByRole('status').filter({ hasText: /下载任务已创建/ });
  // Once its entrance animation is over, so its colours are its own.
  await expect(toast.locator('..')).toHaveCSS('opacity', '1');
  await visit('toast');
  const tray = page.getByRole('region', { name: '下载任务' });
  await tray.getByRole('button', { name: /^下载任务/ }).click();
  await expect(tray.getByText('已完成')).toBeVisible();
  // The toast leaves on its own; caught mid-fade, its text reads at a contrast near 1:1.
  await expect(toast).toHaveCount(0);
  await visit('downloads');
  await tray.getByRole('button', { name: '收起下载任务' }).click();

  const screens: [name: string, path: string, heading: string][] = [
    ['favorites', '/favorites', '我的收藏'],
    ['local-library', '/local-library', '本地图库'],
    ['categorized-library', '/categorized-library', '分类图库'],
    ['history-library', '/search-based-library', '搜索历史图库'],
    ['settings', '/settings', '设置'],
    ['profile', '/profile', '个人信息'],
    ['admin-users', '/admin/users', '用户管理'],
    ['site-health', '/site-health', '站点状态'],
    ['operation-log', '/operation-log-test', '操作日志测试'],
  ];
  for (const [name, path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // Wait for the screen's own data (no spinner left).
    await expect(page.getByRole('status').filter({ hasText: /正在|加载中/ })).toHaveCount(0);
    await imagesSettled(page);
    await visit(name);
  }
}

export async function visitLogin(page: Page, visit: ScreenVisit) {
  await page.goto('/login');
  await expect(page.getByLabel('邮箱')).toBeVisible();
  await visit('login');
}

/** Chooses a theme in 设置 → 外观 and waits for the page to be painted in it. */
export async function chooseTheme(page: Page, theme: Theme) {
  const names: Record<Theme, string> = { light: '浅色', dark: '深色', system: '跟随系统' };
  await page.goto('/settings');
  const radio = page.getByRole('radio', { name: names[theme] });
  await radio.locator('..').click();
  await expect(radio).toBeChecked();
}

export const documentTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme);

/** Rows of an image grid after its first two (the first child is its hidden hint). */
const REPEATED_TILES = '[role="grid"] > [role="row"]:nth-child(n+4)';

/** axe's findings on the page as one readable line each (rule, element, why). */
export async function axeFindings(
  page: Page,
  configure: (builder: AxeBuilder) => AxeBuilder,
  keep: (violation: { id: string; impact?: string | null }) => boolean = () => true,
): Promise<string[]> {
  // A colour caught mid-transition (a button turning primary as its data arrives) reads at a
  // contrast the settled screen never shows: wait for transitions, not for endless spinners.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge the
  // results of frames, which this app has none of (a new renderer each time: a third of the walk).
  // The grid's tiles after its first two rows are the same markup again.
  const axe = new AxeBuilder({ page }).setLegacyMode().exclude(REPEATED_TILES);
  const results = await configure(axe).analyze();
  return results.violations
    .filter(keep)
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}

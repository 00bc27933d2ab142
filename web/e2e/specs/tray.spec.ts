import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createUser, logInThroughForm, userMenu } from '../support';
import { longEpisode as episode, openLongEpisode as openEpisode, tile } from '../long-episode';

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['tablet', { width: 820, height: 1180 }],
  ['phone', { width: 390, height: 844 }],
] as const;
type SizeName = (typeof SIZES)[number][0];

const trayButton = (page: Page) =>
  page.getByRole('region', { name: '下载任务' }).getByRole('button', { name: /^下载任务/ });

/** A page of its own at one screen size, touch on the phone and tablet, signed in as `user`. */
async function pageAt(browser: Browser, size: SizeName, user: { email: string; password: string }) {
  const viewport = SIZES.find(([name]) => name === size)![1];
  const touch = size !== 'desktop';
  const context = await browser.newContext({
    viewport,
    hasTouch: touch,
    isMobile: size === 'phone',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  return page;
}

/** Whether a click at the button's centre reaches the button (or something inside it). */
async function expectReachable(button: Locator, what: string) {
  await button.scrollIntoViewIfNeeded();
  const reached = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(reached, `${what} is covered`).toBe(true);
}

test('with 6 download tasks the tray covers no action at 1366×900, 820×1180 or 390×844', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser('tray', undefined, 'admin');
  const setup = await pageAt(browser, 'desktop', user);
  await openEpisode(setup);
  // Two favourite images, for the favourites screen's buttons.
  for (const id of episode.imageIds.slice(0, 2)) {
    const cell = setup.locator('[role="gridcell"]').filter({ has: tile(setup, id) });
    await cell.getByRole('button', { name: '收藏', exact: true }).click();
    await expect(cell.getByRole('button', { name: '取消收藏' })).toBeVisible();
  }
  await tile(setup, episode.imageIds[0]!).click();
  for (let count = 1; count <= 6; count++) {
    await setup.getByRole('button', { name: '下载选中 (1)' }).click();
    await expect(trayButton(setup)).toHaveAccessibleName(new RegExp(`^下载任务 \\(${count}\\)`));
    // One at a time: a user runs at most three.
    await expect(trayButton(setup)).not.toHaveAccessibleName(/进行中/, { timeout: 30_000 });
  }
  await setup.context().close();

  for (const [size] of SIZES) {
    const page = await pageAt(browser, size, user);
    await openEpisode(page);
    if (size === 'desktop') {
      // Docked: open beside the page, which narrows for it.
      await trayButton(page).click();
      await expect(page.getByRole('button', { name: '收起下载任务' })).toBeVisible();
      await expect(page.locator('#download-task-list > li')).toHaveCount(6);
    } else {
      // A sheet: over the page while open, gone when closed.
      await trayButton(page).click();
      await expect(page.locator('#download-task-list > li')).toHaveCount(6);
      await page.keyboard.press('Escape');
      await expect(page.locator('#download-task-list')).toHaveCount(0);
    }
    await page.screenshot({ path: test.info().outputPath(`tray-images-${size}.png`) });
    for (const name of [/^下载选中/, /^全选$/, /^取消全选$/, /^范围选择$/]) {
      await expectReachable(page.getByRole('button', { name }), `${size}: ${name}`);
    }
    // The phone's tiles keep their icons clear.
    const cell = page.locator('[role="gridcell"]').nth(2);
    await expectReachable(cell.getByRole('button', { name: '放大查看' }), `${size}: zoom`);

    await page.goto('/favorites?tab=images');
    const bar = page.getByRole('region', { name: '已选择的收藏' });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`tray-favorites-${size}.png`) });
    await expectReachable(bar.getByRole('radio', { name: '原图' }).locator('..'), `${size}: 原图`);
    await expectReachable(bar.getByRole('button', { name: /^下载选中/ }), `${size}: 下载选中`);
    await expectReachable(bar.getByRole('button', { name: '删除选中' }), `${size}: 删除选中`);

    await page.goto('/admin/users');
    const add = page.getByRole('button', { name: '添加用户', exact: true });
    await expect(add).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`tray-users-${size}.png`) });
    await expectReachable(add, `${size}: 添加用户`);
    await page.context().close();
  }
});

test('a toast stays clear of the selection bar', async ({ browser }) => {
  const user = await createUser('toast');
  for (const size of ['desktop', 'phone'] as const) {
    const page = await pageAt(browser, size, user);
    await openEpisode(page);
    await tile(page, episode.imageIds[0]!).click();
    await page.getByRole('button', { name: '下载选中 (1)' }).click();
    const toast = page.getByRole('status').filter({ hasText: /下载任务已创建/ });
    await expect(toast).toBeVisible();
    const bar = await page.getByRole('toolbar', { name: '选择操作' }).boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y > bar!.y + bar!.height || box!.y + box!.height < bar!.y, size).toBe(true);
    await page.context().close();
  }
});

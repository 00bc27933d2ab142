import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support';

const show = showById(KEY_IDS.longShow)!;
/** "Episode 7": no other spec opens it. */
const episode = show.episodes[5]!;

async function openEpisode(page: Page) {
  await page.goto('/search?q=hanabi');
  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  await page.locator(`[data-episode-id="${episode.id}"]`).click();
  await expect(
    page.getByRole('button', { name: `图片 ${episode.imageIds[0]}`, exact: true }),
  ).toBeVisible();
  // The whole list read: a dialog opened while the toolbar still changes may close with it.
  await expect(page.getByText(`共 ${episode.imageIds.length} 张`)).toBeVisible();
  // On a phone the toolbar's controls (清除缓存 among them) fold behind 选项.
  if (page.viewportSize()!.width < 640) {
    await page.getByRole('button', { name: '选项', exact: true }).click();
  }
}

for (const [name, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`the shared image cache, ${name}`, () => {
    test.use({ viewport });

    test('the admin sees what 清除缓存 deletes, and the cache panel on the site-health page', async ({
      page,
    }) => {
      await signIn(page, `cache-admin-${name}`, 'admin');
      await openEpisode(page);
      await page.getByRole('button', { name: '清除缓存' }).click();
      const dialog = page.getByRole('alertdialog', { name: '清除本集缓存' });
      await expect(dialog).toContainText(/已缓存的 \d+ 个图片文件（[\d.]+ (B|KB|MB)）/);
      await page.screenshot({ path: test.info().outputPath(`clear-admin-${name}.png`) });
      await dialog.getByRole('button', { name: '取消' }).click();

      await page.goto('/site-health');
      const panel = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: '图片缓存' }) });
      await expect(panel).toContainText(/张图片，\d+ 个文件/);
      await expect(panel).toContainText('不限');
      await expect(panel).toContainText('2.00 GB');
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`cache-panel-${name}.png`) });
      // No cap and room on the disk: the limits ask for nothing, and nothing goes.
      // Asked first, and the answer stays on the card.
      await panel.getByRole('button', { name: '立即淘汰' }).click();
      const confirm = page.getByRole('alertdialog', { name: '立即淘汰缓存的图片？' });
      await expect(confirm).toContainText('不会删除任何文件');
      await page.screenshot({ path: test.info().outputPath(`cache-evict-confirm-${name}.png`) });
      await confirm.getByRole('button', { name: '立即淘汰' }).click();
      await expect(panel.getByRole('status')).toContainText('没有需要淘汰的文件');
      await expect(panel.getByRole('button', { name: '立即淘汰' })).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath(`cache-evicted-${name}.png`) });
    });

    test('a user’s 清除缓存 re-reads the list and leaves the shared files', async ({ page }) => {
      await signIn(page, `cache-user-${name}`);
      await openEpisode(page);
      await page.getByRole('button', { name: '清除缓存' }).click();
      const dialog = page.getByRole('alertdialog', { name: '清除本集缓存' });
      await expect(dialog).toContainText('由所有用户共享，不会被删除');
      await page.screenshot({ path: test.info().outputPath(`clear-user-${name}.png`) });
      await dialog.getByRole('button', { name: '重新读取列表' }).click();
      await expect(page.getByText('已从源站重新读取本集的图片列表')).toBeVisible();
      await expect(page.getByText(`共 ${episode.imageIds.length} 张`)).toBeVisible();
    });
  });
}

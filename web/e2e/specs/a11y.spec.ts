import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { replica, signIn } from '../support';
import { imagesSettled } from '../screens';

// The axe walk over every main screen runs inside the theme tours (theme.spec.ts), once per
// theme and viewport.

test.describe('dialogs', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  const show = showById(KEY_IDS.longShow)!;
  const episode = show.episodes[7]!;

  /** Tab cycles stay inside `dialog` (radix's focus trap), however often Tab is pressed. */
  async function expectFocusTrapped(page: Page, dialog: ReturnType<Page['locator']>) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
  }

  test('the lightbox, the confirm and 下载整部 dialogs trap focus and hand it back to their opener', async ({
    page,
  }) => {
    const { pageOrigin } = await replica();
    await signIn(page, 'focus');
    await page.goto(
      `/images/${encodeURIComponent(`${pageOrigin}/anime/episodeimages.php?${episode.id}`)}`,
    );
    const zoom = page.getByRole('button', { name: '放大查看' }).nth(1);
    await expect(zoom).toBeVisible();
    await imagesSettled(page);

    // The lightbox, opened from the keyboard.
    await zoom.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: `图片 ${episode.imageIds[1]}` });
    await expect(lightbox).toBeVisible();
    await expectFocusTrapped(page, lightbox);
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    await expect(zoom).toBeFocused();

    // Closed with its own button, too.
    await zoom.click();
    await lightbox.getByRole('button', { name: '关闭' }).click();
    await expect(zoom).toBeFocused();

    // A confirm dialog (清除缓存).
    const clear = page.getByRole('button', { name: '清除缓存' });
    await clear.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: '清除本集缓存' });
    await expect(confirm).toBeVisible();
    await expectFocusTrapped(page, confirm);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(clear).toBeFocused();

    // 下载整部 on the work's episode list.
    await page.goto(
      `/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${show.id}`)}?contentType=anime`,
    );
    const whole = page.getByRole('button', { name: '下载整部' });
    await expect(page.getByText(`共 ${show.episodes.length} 集`)).toBeVisible();
    await expect(whole).toBeEnabled();
    await whole.focus();
    await page.keyboard.press('Enter');
    const workDialog = page.getByRole('dialog', { name: /下载整部/ });
    await expect(workDialog).toBeVisible();
    await expectFocusTrapped(page, workDialog);
    await page.keyboard.press('Escape');
    await expect(workDialog).toHaveCount(0);
    await expect(whole).toBeFocused();
  });
});

import { KEY_IDS, SCENE_FRAMES, showById } from '@capshelf/replica';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { replica, signIn, userMenu } from '../support';

const show = showById(KEY_IDS.longShow)!;
/** Episodes no other spec opens. */
const desktopEpisode = show.episodes[7]!;
const phoneEpisode = show.episodes[8]!;

const tile = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });
const count = (page: Page, n: number) =>
  expect(page.getByRole('toolbar', { name: '选择操作' }).getByText(`已选择 ${n} 张`)).toBeVisible();

async function openEpisode(page: Page, kind: 'anime', episodeId: number, total: number) {
  const { pageOrigin } = await replica();
  const url = `${pageOrigin}/${kind}/episodeimages.php?${episodeId}`;
  await page.goto(`/images/${encodeURIComponent(url)}`);
  // The whole list, so the shortcuts act on every image.
  await expect(page.getByText(`共 ${total} 张`)).toBeVisible();
}

/** The signed-in user's image favourites, asked of the server with the page's own token. */
const favoriteImageIds = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('capshelf.token');
    const res = await fetch('/api/favorites', { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { images: { image_id: number }[] } };
    return body.data.images.map((image) => image.image_id);
  });

/** axe-core's serious and critical findings inside `selector` (which must be there). */
async function seriousViolations(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(result.passes.length).toBeGreaterThan(0);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('every shortcut on an episode grid, in the lightbox, and the global ones', async ({
    page,
  }) => {
    // Some forty key presses, each awaited: beside the server passes it outlasted 60 s.
    test.setTimeout(150_000);
    await signIn(page, 'keys');
    const ids = desktopEpisode.imageIds;
    await openEpisode(page, 'anime', desktopEpisode.id, ids.length);

    // `?` lists every shortcut in a dialog that keeps focus inside and gives it back.
    const download = page.getByRole('button', { name: /^下载选中/ });
    await download.focus();
    await page.keyboard.press('Shift+Slash');
    const list = page.getByRole('dialog', { name: '键盘快捷键' });
    await expect(list).toBeVisible();
    for (const group of ['全局', '图片网格', '大图查看']) {
      await expect(list.getByRole('heading', { name: group })).toBeVisible();
    }
    await expect(list.getByText('收藏或取消收藏当前图片')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await list.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(download).toBeFocused();

    // The grid is one Tab stop after the selection bar; the focused tile shows a ring.
    await page.keyboard.press('Tab');
    const first = tile(page, ids[0]!);
    await expect(first).toBeFocused();
    const ring = await first.evaluate(
      (el) => getComputedStyle(el.closest('[role="gridcell"]')!).outlineStyle,
    );
    expect(ring).toBe('solid');
    const grid = page.getByRole('grid', { name: '图片网格' });
    const columns = Number(await grid.getAttribute('data-columns'));
    expect(columns).toBeGreaterThan(2);
    // The grid's roles and states hold together (rows of cells, names, selection).
    expect(await seriousViolations(page, '[role="grid"]')).toEqual([]);

    // Arrows: one sideways, a row up and down.
    await page.keyboard.press('ArrowRight');
    await expect(tile(page, ids[1]!)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(tile(page, ids[1 + columns]!)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect(first).toBeFocused();

    // Space toggles the focused tile; Shift+Space selects from it to the focused one.
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await count(page, 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    await count(page, columns + 3);
    await expect(tile(page, ids[columns + 1]!)).toHaveAttribute('aria-pressed', 'true');
    await expect(tile(page, ids[columns + 3]!)).toHaveAttribute('aria-pressed', 'false');
    // The page did not scroll for the Space.
    await expect(first).toBeInViewport();

    // Far down the virtual grid and back: the focused tile is scrolled into view.
    await page.keyboard.press('End');
    const last = tile(page, ids.at(-1)!);
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    const above = tile(page, ids[ids.length - 1 - 3 * columns]!);
    await expect(above).toBeFocused();
    await expect(above).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();

    // Enter opens the lightbox; ←/→ move, `f` saves the favourite, page keys wait, Esc closes.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: `图片 ${ids[1]}` });
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: `图片 ${ids[2]}` })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('f');
    await expect(lightbox.getByRole('button', { name: '取消收藏' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => favoriteImageIds(page)).toContain(ids[1]);
    await page.keyboard.press('a');
    await page.keyboard.press('d');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    // The page's keys waited, and that Escape closed the lightbox only: the selection stays.
    await count(page, columns + 3);
    await expect(page.getByText(/下载任务已创建/)).toHaveCount(0);
    await expect(tile(page, ids[1]!)).toBeFocused();
    // And back again: `f` removes it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('f');
    await expect(lightbox.getByRole('button', { name: '收藏', exact: true })).toBeVisible();
    await expect.poll(() => favoriteImageIds(page)).not.toContain(ids[1]);
    await page.keyboard.press('Escape');

    // `a` selects every image shown, Escape clears.
    await page.keyboard.press('a');
    await count(page, ids.length);
    await page.keyboard.press('Escape');
    await count(page, 0);
    // Ctrl+A stays the browser's.
    await page.keyboard.press('Control+a');
    await count(page, 0);

    // Typing `a` in a field types it.
    const filter = page.getByLabel('按ID筛选');
    await filter.click();
    await page.keyboard.type('a');
    await expect(filter).toHaveValue('a');
    await count(page, 0);
    await filter.fill('');
    await page.locator('h1').click();

    // `d` downloads the selection as the bar's button does: a toast, then the ZIP arrives.
    await page.keyboard.press('d');
    await expect(page.getByText('请先选择要下载的图片')).toBeVisible();
    await tile(page, ids[0]!).click();
    await tile(page, ids[2]!).click({ modifiers: ['Shift'] });
    await count(page, 3);
    const saved = page.waitForEvent('download');
    await page.keyboard.press('d');
    await expect(page.getByText(/下载任务已创建/)).toBeVisible();
    expect((await saved).suggestedFilename()).toMatch(/\.zip$/);

    // `/` goes to the search page and into its field; there `a` is typed, `/` is not.
    await page.keyboard.press('/');
    await expect(page).toHaveURL(/\/search$/);
    const search = page.getByLabel('搜索内容');
    await expect(search).toBeFocused();
    await page.keyboard.type('a');
    await expect(search).toHaveValue('a');
    await page.getByRole('heading', { name: '搜索', level: 1 }).click();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('a');
  });

  test('the user menu opens the shortcut list and focus returns to the menu button', async ({
    page,
  }) => {
    await signIn(page, 'keys-menu');
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '键盘快捷键' }).click();
    const list = page.getByRole('dialog', { name: '键盘快捷键' });
    await expect(list).toBeVisible();
    await list.getByRole('button', { name: '关闭' }).click();
    await expect(list).toHaveCount(0);
    await expect(userMenu(page)).toBeFocused();
  });

  test('the shortcut list reads in the dark theme too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, 'keys-dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Shift+Slash');
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  test('`a` selects only the frames shown when similar frames are hidden', async ({ page }) => {
    await signIn(page, 'keys-similar');
    const scene = showById(KEY_IDS.sceneShow)!.episodes[1]!;
    await openEpisode(page, 'anime', scene.id, scene.imageIds.length);
    await page.getByLabel('隐藏相似帧').check();
    const note = page.getByText(/已隐藏 \d+ 张/);
    await expect(note).toBeVisible();
    const hidden = Number(/已隐藏 (\d+) 张/.exec((await note.textContent())!)![1]);
    // Scenes of SCENE_FRAMES near-identical frames: all but one of each hidden.
    expect(hidden).toBe(scene.imageIds.length - scene.imageIds.length / SCENE_FRAMES);
    await page.locator('h1').click();
    await page.keyboard.press('a');
    await count(page, scene.imageIds.length - hidden);
  });
});

test.describe('phone with a keyboard', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('taps still select, and the keys work beside them', async ({ page }) => {
    await signIn(page, 'keys-phone');
    const ids = phoneEpisode.imageIds;
    await openEpisode(page, 'anime', phoneEpisode.id, ids.length);
    const first = tile(page, ids[0]!);

    await first.tap();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await tile(page, ids[1]!).tap();
    await count(page, 2);
    await first.tap();
    await count(page, 1);

    // From the tapped tile the arrows go on; Space and Shift+Space as on a desktop.
    await page.keyboard.press('ArrowRight');
    await expect(tile(page, ids[1]!)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tile(page, ids[2]!)).toBeFocused();
    await page.keyboard.press('Space');
    await count(page, 2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    await expect(tile(page, ids[5]!)).toHaveAttribute('aria-pressed', 'true');
    await count(page, 5);

    await page.keyboard.press('Escape');
    await count(page, 0);
    // Range mode's two taps still make a range after the keyboard was used.
    await page.getByRole('button', { name: '范围选择' }).tap();
    await tile(page, ids[3]!).tap();
    await tile(page, ids[6]!).tap();
    await count(page, 4);
    await page.keyboard.press('a');
    await count(page, ids.length);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support';
import { longEpisode as episode, longShow as show, searchResult, tile } from '../long-episode';

const ids = episode.imageIds;

const heart = (container: Locator) => container.getByRole('button', { name: '收藏', exact: true });
/**
 * A card is a real link (what a middle click, Ctrl+click or 在新标签页打开 follows) whose address
 * alone, in a new page with none of this page's state, shows `heading`. The address is opened by
 * hand: Debian's Chromium 150 sometimes opens no tab for a middle click, and keeps one it opens in
 * the background "navigating" for Playwright.
 */
async function opensInNewPage(page: Page, link: Locator, heading: string | RegExp) {
  const address = await link.getAttribute('href');
  expect(address).toMatch(/^\//);
  const opened = await page.context().newPage();
  await opened.goto(address!);
  await expect(opened.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await opened.close();
}

/** Favourites a work (search result), an episode (its card) and 4 images (grid tiles). */
async function favourite(page: Page) {
  const result = await searchResult(page, 'hanabi', show.title);
  await heart(result).click();
  await expect(result.getByRole('button', { name: '取消收藏' })).toBeVisible();
  await result.getByRole('link').first().click();

  const card = page.locator(`[data-episode-id="${episode.id}"]`);
  await heart(card.locator('..')).click();
  await expect(card.locator('..').getByRole('button', { name: '取消收藏' })).toBeVisible();
  await card.click();
  for (const id of ids.slice(0, 4)) {
    const cell = page.locator('[role="gridcell"]').filter({ has: tile(page, id) });
    await heart(cell).click();
    await expect(cell.getByRole('button', { name: '取消收藏' })).toBeVisible();
  }
}

test('every navigable card is a link that opens its screen in a new page', async ({ page }) => {
  await signIn(page, 'card-links');
  await favourite(page);
  const episodeHeading = `${show.title} - ${episode.label}`;

  // The episode list's card.
  await page.getByRole('link', { name: '返回剧集列表' }).click();
  await opensInNewPage(page, page.locator(`a[data-episode-id="${episode.id}"]`), episodeHeading);

  // The categorized library's work and episode cards.
  await page.goto('/categorized-library');
  const work = page.locator(`li[data-category="anime:${show.id}"]`);
  await opensInNewPage(page, work.getByRole('link'), show.title);
  await work.getByRole('link').click();
  const libraryEpisode = page.locator(`li[data-episode-key="${episode.id}"]`).getByRole('link');
  await opensInNewPage(page, libraryEpisode, episodeHeading);

  // The favourites' work and episode cards.
  await page.goto('/favorites');
  await opensInNewPage(page, page.getByRole('link', { name: show.title, exact: true }), show.title);
  await page.getByRole('tab', { name: /^剧集/ }).click();
  await opensInNewPage(
    page,
    page.getByRole('link', { name: new RegExp(episode.label) }),
    episodeHeading,
  );
});

test('favourites: the images tab is the image grid, and each tab keeps its own selection', async ({
  page,
}) => {
  await signIn(page, 'fav-grid');
  await favourite(page);
  await page.goto('/favorites?tab=images');
  const bar = page.getByRole('region', { name: '已选择的收藏' });
  await page.getByRole('radio', { name: '直接显示' }).locator('..').click();

  const order = await page
    .locator('[role="grid"] [data-image-id]')
    .evaluateAll((tiles) => tiles.map((element) => Number(element.getAttribute('data-image-id'))));
  expect([...order].sort()).toEqual(ids.slice(0, 4).sort());
  const [first, second, third, fourth] = order as [number, number, number, number];
  await tile(page, first).click();
  await tile(page, third).click({ modifiers: ['Shift'] });
  await expect(bar.getByText('已选择 3 项')).toBeVisible();
  await expect(tile(page, second)).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, fourth)).toHaveAttribute('aria-pressed', 'false');

  // Keys and the lightbox, as on the image screen; closing it focuses the picture viewed last.
  await tile(page, first).focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog');
  await expect(lightbox.getByRole('heading', { name: `图片 ${first}` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByRole('heading', { name: `图片 ${second}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(tile(page, second)).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('favorites-grid.png') });

  // Another tab: its own (empty) selection, nothing to delete.
  await page.getByRole('tab', { name: /^作品/ }).click();
  await expect(bar.getByText('已选择 0 项')).toBeVisible();
  await expect(bar.getByRole('button', { name: '删除选中' })).toBeDisabled();
  await page.getByRole('tab', { name: /^图片/ }).click();
  await expect(bar.getByText('已选择 3 项')).toBeVisible();
});

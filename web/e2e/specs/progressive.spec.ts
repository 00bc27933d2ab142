import {
  IMAGES_PER_PAGE,
  KEY_IDS,
  episodeById,
  movieById,
  pageCount,
  showById,
} from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { replica, signIn } from '../support';

// Listings no other spec opens: the harness (and its stores) is shared by every spec.
const big = episodeById(KEY_IDS.bigEpisode)!;
const movie = movieById(KEY_IDS.multiPageMovie)!;
const tvSeason2 = showById(KEY_IDS.tvSeason2)!;
/** Pages slow enough to watch a 24-page crawl (the harness paces pages 10 ms apart). */
const SLOW_PAGE_MS = 350;

const card = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });
const progress = (page: Page) => page.getByTestId('crawl-progress');

async function openListing(page: Page, url: string, movieListing = false) {
  await page.goto(`/images/${encodeURIComponent(url)}${movieListing ? '?isMovie=true' : ''}`);
}

/** Image requests the page has open at most at one time. */
function watchImageRequests(page: Page) {
  const state = { open: 0, max: 0, started: 0 };
  const isImage = (url: string) => /\/api\/images\/\d+\.jpg/.test(url);
  page.on('request', (request) => {
    if (!isImage(request.url())) return;
    state.started += 1;
    state.open += 1;
    state.max = Math.max(state.max, state.open);
  });
  const finished = (request: { url(): string }) => {
    if (isImage(request.url())) state.open -= 1;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return state;
}

test.afterEach(async () => {
  await (await replica()).control.clearFaults();
});

test('an episode shows its first images before its crawl ends, with progress, and a revisit is complete at no cost', async ({
  page,
}) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'progressive');
  const images = watchImageRequests(page);
  await control.setFault('pages', { type: 'slow', delayMs: SLOW_PAGE_MS });
  const url = `${pageOrigin}/anime/episodeimages.php?${big.id}`;
  await openListing(page, url);

  // Page 1's images while later pages are still being read.
  await expect(card(page, big.imageIds[0]!)).toBeVisible();
  // Pages and images read so far; no promised total (no "2/5+").
  await expect(progress(page)).toContainText(/^正在读取 · 已读 \d+ 页，\d+ 张$/);
  await expect(page.getByText(/^已读取 \d+ 张$/)).toBeVisible();
  // A long episode offers fast mode while it is read.
  await expect(page.getByRole('button', { name: '改用快速模式' })).toBeVisible();
  await expect(progress(page)).toContainText(/已读 [3-9] 页/);
  // The grid grows as pages arrive, then the final count replaces the progress.
  await expect(page.getByText(`共 ${big.imageIds.length} 张`)).toBeVisible({ timeout: 30_000 });
  await expect(progress(page)).toHaveCount(0);
  // Read on this visit: fresh, not 缓存数据.
  await expect(page.getByText('缓存数据')).toHaveCount(0);
  // Never more than a few image requests at once: the API keeps free connections.
  expect(images.max).toBeLessThanOrEqual(3);

  // Leave before anything else happens and come back: complete, no new page requested.
  await page.goto('/');
  await control.resetCounts();
  await openListing(page, url);
  await expect(page.getByText(`共 ${big.imageIds.length} 张`)).toBeVisible();
  await expect(progress(page)).toHaveCount(0);
  expect((await control.counts()).hosts.pages).toBe(0);
});

test('a crawl left midway goes on without the page; the listing is complete on return', async ({
  page,
}) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'progressive-leave');
  // Read here first (browse.spec opens episodes 0 and 1; the tests below open this one after).
  const episode = tvSeason2.episodes[2]!;
  const lastPage = pageCount(episode.imageIds.length, IMAGES_PER_PAGE);
  expect(lastPage).toBeGreaterThan(1);
  await control.setFault('pages', { type: 'slow', delayMs: 600 });
  await control.resetCounts();
  const url = `${pageOrigin}/tv/episodeimages.php?${episode.id}`;
  await openListing(page, url);
  await expect(card(page, episode.imageIds[0]!)).toBeVisible();
  await page.goto('/');
  // The server reads on meanwhile, up to the listing's last page (counted from this visit on, so
  // a listing read before cannot pass); on return the whole list is there.
  const asksForLastPage = new RegExp(`[?&]page=${lastPage}(&|$)`);
  await expect
    .poll(async () => Object.keys((await control.counts()).targets.pages), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(asksForLastPage));
  await control.resetCounts();
  await openListing(page, url);
  await expect(page.getByText(`共 ${episode.imageIds.length} 张`)).toBeVisible();
  expect((await control.counts()).hosts.pages).toBe(0);
});

test('a crawl that fails midway shows what it read and resumes from there', async ({ page }) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'progressive-fail');
  await control.setFault('pages', { type: 'slow', delayMs: 500 });
  const url = `${pageOrigin}/movies/MovieImages.php?movieid=${movie.id}`;
  await openListing(page, url, true);
  await expect(progress(page)).toContainText(/已读 [1-9]\d* 页/);
  await control.setFault('pages', { type: 'error', status: 503 });

  const failure = page.getByRole('alert').filter({ hasText: '读取在第' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('源站暂时无法访问');
  await expect(card(page, movie.imageIds[0]!)).toBeVisible();
  const shown = await page.locator('[data-image-id]').count();
  expect(shown).toBeGreaterThan(0);

  await control.clearFaults();
  await control.resetCounts();
  await failure.getByRole('button', { name: '继续读取' }).click();
  await expect(page.getByText(`共 ${movie.imageIds.length} 张`)).toBeVisible({ timeout: 20_000 });
  await expect(failure).toHaveCount(0);
  // Page 1 was not read again (other pages of the stack, e.g. followed works' checks, aside).
  const asked = Object.keys((await control.counts()).targets.pages).filter((target) =>
    target.includes(`movieid=${movie.id}`),
  );
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((target) => !/[?&]page=\d+/.test(target))).toEqual([]);
});

test('a ♥ clicked while thumbnails load slowly is saved before it shows saved, and stays after a reload', async ({
  page,
}) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'progressive-heart');
  const episode = tvSeason2.episodes[1]!;
  // Every thumbnail takes seconds: the grid is busy loading the whole time.
  await control.setFault('tvt', { type: 'slow', delayMs: 4000 });
  await openListing(page, `${pageOrigin}/tv/episodeimages.php?${episode.id}`);
  const target = page.locator(`[data-image-id="${episode.imageIds[1]}"]`).locator('..');
  await expect(target).toBeVisible();

  // The server's answer is held back on its way to the page until the heart has been looked at.
  let serverAnswered!: (status: number) => void;
  const answered = new Promise<number>((resolve) => (serverAnswered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/favorites/image', async (route) => {
    const response = await route.fetch();
    serverAnswered(response.status());
    await released;
    await route.fulfill({ response });
  });
  await target.getByRole('button', { name: '收藏', exact: true }).click();
  expect(await answered).toBe(201);
  // Saved on the server, but the page has not heard so: not shown as saved yet.
  await expect(target.getByRole('button', { name: '取消收藏' })).toHaveCount(0);
  release();
  await expect(target.getByRole('button', { name: '取消收藏' })).toBeVisible();
  await page.unroute('**/api/favorites/image');

  await page.reload();
  const again = page.locator(`[data-image-id="${episode.imageIds[1]}"]`).locator('..');
  await expect(again.getByRole('button', { name: '取消收藏' })).toBeVisible();
});

test('a ♥ clicked just before the page closes is still saved', async ({ page, context }) => {
  const { pageOrigin } = await replica();
  await signIn(page, 'progressive-close');
  const episode = tvSeason2.episodes[2]!;
  await openListing(page, `${pageOrigin}/tv/episodeimages.php?${episode.id}`);
  const target = page.locator(`[data-image-id="${episode.imageIds[0]}"]`).locator('..');
  await expect(target.getByRole('button', { name: '收藏', exact: true })).toBeEnabled();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/favorites/image'));
  await target.getByRole('button', { name: '收藏', exact: true }).click();
  await sent;
  await page.close({ runBeforeUnload: true });

  const later = await context.newPage();
  await later.goto('/favorites');
  await later.getByRole('tab', { name: /图片/ }).click();
  await expect(later.locator(`[data-image-id="${episode.imageIds[0]}"]`)).toBeVisible();
});

test('the episodes page asks for previews of the cards on screen only', async ({ page }) => {
  await signIn(page, 'progressive-previews');
  const images = watchImageRequests(page);
  const show = showById(KEY_IDS.longShow)!;
  await page.goto(
    `/episodes/${encodeURIComponent(`${(await replica()).pageOrigin}/anime/showimages.php?${show.id}`)}`,
  );
  await expect(page.locator('[data-episode-id]').first()).toBeVisible();
  await page.waitForTimeout(1500);
  const onScreen = await page.locator('[data-episode-id]').evaluateAll(
    (cards) =>
      cards.filter((c) => {
        const box = c.getBoundingClientRect();
        return box.bottom > -150 && box.top < window.innerHeight + 150;
      }).length,
  );
  expect(images.started).toBeGreaterThan(0);
  expect(images.started).toBeLessThanOrEqual(onScreen * 4);
  expect(images.max).toBeLessThanOrEqual(3);
  // Scrolling down asks for the cards that come into view.
  const before = images.started;
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => images.started).toBeGreaterThan(before);
});

test('the chosen mode is remembered per user', async ({ page, browser }) => {
  const { pageOrigin } = await replica();
  await signIn(page, 'progressive-mode');
  const episode = tvSeason2.episodes[2]!;
  const url = `${pageOrigin}/tv/episodeimages.php?${episode.id}`;
  await openListing(page, url);
  await expect(page.getByRole('radio', { name: '智能模式(完整)' })).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/images/mode-preference') && r.request().method() === 'PUT',
  );
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '快速模式(基础)' }) })
    .click();
  await expect(page.getByRole('radio', { name: '快速模式(基础)' })).toBeChecked();
  await saved;
  await page.reload();
  await expect(page.getByRole('radio', { name: '快速模式(基础)' })).toBeChecked();

  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'progressive-mode-other');
  await openListing(other, url);
  await expect(other.getByRole('radio', { name: '智能模式(完整)' })).toBeChecked();
  await other.context().close();
});

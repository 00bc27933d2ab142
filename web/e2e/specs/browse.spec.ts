import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { replica, signIn } from '../support';

const show = showById(KEY_IDS.longShow)!;
const episode = show.episodes[1]!;

async function search(page: Page, text: string, type = '全部') {
  await page.goto('/search');
  await page.getByLabel('搜索内容').fill(text);
  // The radios are drawn as a segmented control: a user clicks the label.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: type }) })
    .click();
  await expect(page.getByRole('radio', { name: type })).toBeChecked();
  await page.getByRole('button', { name: '搜索', exact: true }).click();
}

const card = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });

test('search, open a show and an episode, filter, select a range and change columns', async ({
  page,
}) => {
  await signIn(page, 'browse');
  await search(page, 'hanabi');
  await page.getByRole('link', { name: new RegExp(show.title) }).click();
  await expect(page.getByText(`共 ${show.episodes.length} 集`)).toBeVisible();
  await expect(page.locator('[data-episode-id]')).toHaveCount(20);

  await expect(page).toHaveURL(new RegExp(`/episodes/anime/${show.id}\\?q=hanabi$`));
  await page.locator(`[data-episode-id="${episode.id}"]`).click();
  // A short address: the kind and the source's id, and the search it came from.
  await expect(page).toHaveURL(new RegExp(`/images/anime/${episode.id}\\?q=hanabi$`));
  const ids = episode.imageIds;
  await expect(card(page, ids[0]!)).toBeVisible();

  await page.getByLabel('按ID筛选').fill(String(ids[7]));
  await expect(page.locator('[data-image-id]')).toHaveCount(1);
  await page.getByLabel('按ID筛选').fill('');

  await card(page, ids[2]!).click();
  await card(page, ids[6]!).click({ modifiers: ['Shift'] });
  await expect(page.getByText('已选择 5 张')).toBeVisible();
  for (const id of ids.slice(2, 7))
    await expect(card(page, id)).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, ids[7]!)).toHaveAttribute('aria-pressed', 'false');

  const before = (await card(page, ids[0]!).boundingBox())!.width;
  await page.getByLabel('列数').selectOption('3');
  await expect
    .poll(async () => (await card(page, ids[0]!).boundingBox())!.width)
    .toBeGreaterThan(before * 1.6);
});

test('a movie from search opens its images directly', async ({ page }) => {
  const movie = movieById(KEY_IDS.ampersandMovie)!;
  await signIn(page, 'movie');
  await search(page, 'ladybug', '电影');
  await page.getByRole('link', { name: new RegExp('Ladybug') }).click();
  await expect(page).toHaveURL(new RegExp(`/images/movie/${movie.id}\\?q=ladybug$`));
  await expect(card(page, movie.imageIds[0]!)).toBeVisible();
});

test('the CDN setting decides which host serves large images', async ({ page }) => {
  const { control } = await replica();
  await signIn(page, 'cdn');
  const [first, second] = showById(KEY_IDS.tvSeason2)!.episodes;
  const openEpisode = async (id: number, firstImage: number) => {
    await page.goto(`/images/tv/${id}`);
    await expect(card(page, firstImage)).toBeVisible();
    // The grid shows thumbnails; the lightbox shows the chosen size: 压缩图 by default under the
    // small-CDN preference (the compressed host), 原图 under the large one.
    await card(page, firstImage).locator('..').getByRole('button', { name: '放大查看' }).click();
    const large = page.getByRole('dialog').locator('img[src*="/api/images/"]');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  };

  // The small CDN is the recommended default: large images come from the compressed host.
  await page.goto('/settings');
  await expect(page.getByTestId('current-cdn')).toHaveText('小图CDN');
  await control.resetCounts();
  await openEpisode(first!.id, first!.imageIds[0]!);
  let counts = await control.counts();
  expect(counts.hosts.cdni).toBe(0);
  expect(counts.hosts.tvcdn).toBeGreaterThan(0);

  await page.goto('/settings');
  await page.getByRole('button', { name: '大图CDN' }).click();
  await expect(page.getByTestId('current-cdn')).toHaveText('大图CDN');
  await control.resetCounts();
  await openEpisode(second!.id, second!.imageIds[0]!);
  counts = await control.counts();
  expect(counts.hosts.cdni).toBeGreaterThan(0);
});

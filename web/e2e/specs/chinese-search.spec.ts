import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { shootPhoneAndDesktop, signIn } from '../support';

const movie = movieById(KEY_IDS.englishTitleMovie)!;
const show = showById(KEY_IDS.romajiShow)!;

test('a Chinese name typed into the search box is suggested, found through its English title, and shown beside it', async ({
  page,
}) => {
  await signIn(page, 'chinese-search');
  await page.goto('/search');
  // Typed as a person types it: the suggestions come from the server's title table.
  await page.getByLabel('搜索内容').pressSequentially('声之形', { delay: 50 });
  const suggestions = page.getByRole('list', { name: '搜索建议' });
  const work = suggestions.getByRole('button', { name: /声之形/ }).first();
  await expect(work).toContainText('2016 · 剧场版');
  await shootPhoneAndDesktop(page, 'chinese-suggestions');
  await work.click();

  const card = page.getByRole('listitem').filter({ hasText: movie.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('声之形');
  await shootPhoneAndDesktop(page, 'chinese-results');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/images\//);

  // A name the source does not carry under any title the table gives: the names tried, as links.
  await page.goto('/search');
  await page.getByLabel('搜索内容').fill('孤独摇滚');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByText(/按中文名找到了下面的作品/)).toBeVisible();
  // The series and its recap films are each listed with the names tried for them.
  await expect(page.getByText('已试：').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'BOCCHI THE ROCK!' })).toBeVisible();
  await shootPhoneAndDesktop(page, 'chinese-names-tried');
});

test('a work opened from its Chinese name keeps that name, on its episode list and in an English search', async ({
  page,
}) => {
  await signIn(page, 'chinese-names-kept');
  await page.goto('/search');
  await page.getByLabel('搜索内容').fill('元气囝仔');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const card = page.getByRole('listitem').filter({ hasText: show.title });
  await expect(card).toContainText('元气囝仔');
  await card.getByRole('link').click();

  // The episode list says the Chinese name under the source's title once the server took it.
  await expect(page.getByRole('heading', { name: show.title })).toBeVisible();
  await expect(page.locator('[data-chinese-title]')).toHaveText(/元气囝仔/);
  await shootPhoneAndDesktop(page, 'chinese-title-episodes');

  // The name is the server's now: an English search shows it beside the title too.
  await page.goto(`/search?${new URLSearchParams({ q: 'barakamon' })}`);
  await expect(page.getByRole('listitem').filter({ hasText: show.title })).toContainText(
    '元气囝仔',
  );
});

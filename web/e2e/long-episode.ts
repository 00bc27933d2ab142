import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, type Page } from '@playwright/test';
import { replica } from './support';

/** The replica's long show and its 107-image episode: a grid longer than any screen. */
export const longShow = showById(KEY_IDS.longShow)!;
export const longEpisode = longShow.episodes[2]!;

/** A grid tile, by image id. */
export const tile = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });

/** Opens the long episode's images, as from its show, until the first tile shows. */
export async function openLongEpisode(page: Page) {
  const { pageOrigin } = await replica();
  const url = `${pageOrigin}/anime/episodeimages.php?${longEpisode.id}`;
  await page.goto(
    `/images/${encodeURIComponent(url)}?workTitle=${encodeURIComponent(longShow.title)}`,
  );
  await expect(tile(page, longEpisode.imageIds[0]!)).toBeVisible();
}

/** Searches all types for `query` and returns the result card titled `title`. */
export async function searchResult(page: Page, query: string, title: string) {
  await page.goto(`/search?q=${encodeURIComponent(query)}&type=all`);
  await page.getByLabel('搜索内容').fill(query);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(title) }) });
}

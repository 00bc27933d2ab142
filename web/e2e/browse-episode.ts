import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, type Page } from '@playwright/test';

/** The replica's "kettle" show and its first episode: what the library specs browse. */
export const kettleShow = showById(KEY_IDS.oldThumbShow)!;
export const kettleEpisode = kettleShow.episodes[0]!;

/**
 * Searches "kettle" and opens the first episode's grid as a user would, until its first six
 * thumbnails have loaded (so they are in the shared image cache and the visit is recorded).
 */
export async function browseEpisode(page: Page) {
  await page.goto('/search?q=kettle&type=all');
  await page.getByLabel('搜索内容').fill('kettle');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(kettleShow.title) }).click();
  await page.locator(`[data-episode-id="${kettleEpisode.id}"]`).click();
  for (const id of kettleEpisode.imageIds.slice(0, 6)) {
    await expect
      .poll(() =>
        page
          .locator(`[data-image-id="${id}"] img`)
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  }
}

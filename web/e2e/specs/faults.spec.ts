import { KEY_IDS, episodeById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { replica, signIn } from '../support';

// Anime episodes no other spec opens: the harness (and its stores) is shared by every spec.
const openedBefore = episodeById(KEY_IDS.interleavedEpisode)!;
const rateLimited = episodeById(KEY_IDS.interleavedEpisode + 1)!;
const failing = episodeById(KEY_IDS.bigEpisode + 1)!;
/** Short, so the cool-down it starts can be waited out (the harness's own cool-down is 10 min). */
const RETRY_AFTER_S = 2;

const card = (page: Page, id: number) =>
  page.getByRole('button', { name: `图片 ${id}`, exact: true });

async function openEpisode(page: Page, pageOrigin: string, episodeId: number) {
  await page.goto(
    `/images/${encodeURIComponent(`${pageOrigin}/anime/episodeimages.php?${episodeId}`)}`,
  );
}

test.afterEach(async () => {
  await (await replica()).control.clearFaults();
});

test('a rate limit shows the rate-limit panel, stored episodes still open, and it loads by itself once it ends', async ({
  page,
}) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'rate-limit');
  await openEpisode(page, pageOrigin, openedBefore.id);
  await expect(card(page, openedBefore.imageIds[0]!)).toBeVisible();

  await control.setFault('pages', { type: 'rate-limit', retryAfter: RETRY_AFTER_S });
  await openEpisode(page, pageOrigin, rateLimited.id);
  const panel = page.getByRole('alert').filter({ hasText: '检测到访问频率限制' });
  await expect(panel).toBeVisible();
  // The cool-down began when the 429 arrived, before the panel showed.
  const shownAt = Date.now();
  // The wait is the server's (its cool-down from Retry-After), counted down to a clock time; on a
  // loaded machine the few seconds may already be over when the panel is read.
  await expect(panel).toContainText(
    /暂停到 \d{1,2}:\d{2}:\d{2}，还剩 \d+ 秒，到时自动重试|暂停已结束，正在重试…/,
  );
  await expect(panel.getByRole('link', { name: '查看示例图片' })).toHaveAttribute(
    'href',
    '/sample-images',
  );
  await expect(card(page, rateLimited.imageIds[0]!)).toHaveCount(0);

  // Meanwhile, an episode opened before the limit loads from the store.
  const other = await page.context().newPage();
  await openEpisode(other, pageOrigin, openedBefore.id);
  await expect(card(other, openedBefore.imageIds[0]!)).toBeVisible();
  await expect(other.getByText('缓存数据')).toBeVisible();
  await other.close();

  // The limit lifts and its cool-down (Retry-After) passes: the panel tries again by itself (a
  // try while the fault still held counts a new wait down and tries again after it).
  await control.clearFaults();
  await page.waitForTimeout(Math.max(0, shownAt + RETRY_AFTER_S * 1000 + 300 - Date.now()));
  await expect(card(page, rateLimited.imageIds[0]!)).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(`共 ${rateLimited.imageIds.length} 张`)).toBeVisible();
});

test('a failing source site shows the failure box with retry, not the rate-limit panel', async ({
  page,
}) => {
  const { control, pageOrigin } = await replica();
  await signIn(page, 'source-error');
  await control.setFault('pages', { type: 'error', status: 503 });
  await openEpisode(page, pageOrigin, failing.id);
  // The server's message (else '加载失败') with a retry button.
  const box = page.getByRole('alert').filter({ hasText: '源站暂时无法访问' });
  await expect(box).toBeVisible();
  await expect(page.getByText('检测到访问频率限制')).toHaveCount(0);

  await control.clearFaults();
  await box.getByRole('button', { name: '重试' }).click();
  await expect(card(page, failing.imageIds[0]!)).toBeVisible();
  await expect(box).toHaveCount(0);
});

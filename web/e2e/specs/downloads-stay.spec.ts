import { expect, test, type Browser, type Page } from '@playwright/test';
import type { DownloadList } from '@capshelf/contract';
import { APP_URL } from '../harness/ports';
import { createUser, logInThroughForm, replica, userMenu } from '../support';
import { longShow, tile } from '../long-episode';

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

async function pageAt(
  browser: Browser,
  size: (typeof SIZES)[number],
  user: { email: string; password: string },
) {
  const [name, viewport] = size;
  const context = await browser.newContext({
    viewport,
    hasTouch: name === 'phone',
    isMobile: name === 'phone',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  return page;
}

/** Waits, with no page open, until the user's latest task has ended (asked over the API). */
async function untilFinished(user: { email: string; password: string }) {
  const login = await fetch(`${APP_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  await expect
    .poll(
      async () => {
        const res = await fetch(`${APP_URL}/api/download`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as DownloadList).downloads[0]?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
}

const tray = (page: Page) => page.getByRole('region', { name: '下载任务' });

/** Opens the tray (a badge until then). */
async function openTray(page: Page) {
  const badge = tray(page).getByRole('button', { name: /^下载任务/ });
  const list = page.locator('#download-task-list');
  await expect(badge.or(list).first()).toBeVisible();
  if (await badge.isVisible()) await badge.click();
  await expect(list).toBeVisible();
}

/**
 * Episodes of the long show no other spec downloads at the compressed size: each test here takes
 * one of its own, so its images are not in the cache yet.
 */
const EPISODES = {
  desktop: longShow.episodes[10]!,
  phone: longShow.episodes[11]!,
  kept: longShow.episodes[12]!,
};
type EpisodeName = keyof typeof EPISODES;

async function openEpisode(page: Page, name: EpisodeName) {
  const { pageOrigin } = await replica();
  const episode = EPISODES[name];
  const url = `${pageOrigin}/anime/episodeimages.php?${episode.id}`;
  await page.goto(
    `/images/${encodeURIComponent(url)}?workTitle=${encodeURIComponent(longShow.title)}`,
  );
  await expect(tile(page, episode.imageIds[0]!)).toBeVisible();
}

/** Selects the episode's first `count` images (a tap, then a shift-tap) at the compressed size. */
async function selectImages(page: Page, name: EpisodeName, count: number, from = 0) {
  const ids = EPISODES[name].imageIds;
  await tile(page, ids[from]!).click();
  // The selection bar's answer first: a tap while the page still moves under it can miss its tile.
  const bar = page.getByRole('toolbar', { name: '选择操作' });
  await expect(bar.getByText('已选择 1 张')).toBeVisible();
  if (count > 1) await tile(page, ids[from + count - 1]!).click({ modifiers: ['Shift'] });
  const size = page.getByRole('radio', { name: '压缩图' });
  if (!(await size.isVisible())) await page.getByRole('button', { name: /^选项/ }).click();
  await page.getByRole('radio', { name: '压缩图' }).locator('..').click();
}

for (const size of SIZES) {
  test(`pause and resume a download from the tray (${size[0]})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { control } = await replica();
    const user = await createUser(`pause-${size[0]}`);
    const page = await pageAt(browser, size, user);
    await openEpisode(page, size[0]);
    // Slow image hosts (2.5 s an image, a few at a time), so there is time to pause mid-way.
    await control.setFault('ancdn', { type: 'slow', delayMs: 2500 });
    try {
      await selectImages(page, size[0], 20);
      await page.getByRole('button', { name: '下载选中 (20)' }).click();
      await openTray(page);
      const row = page.locator('#download-task-list > li').first();
      await expect(row.getByText(/20 张所选图片 · 压缩图/)).toBeVisible();
      await expect(row.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0', {
        timeout: 20_000,
      });
      await row.getByRole('button', { name: '暂停' }).click();
      await expect(row.getByText('已暂停', { exact: true })).toBeVisible();
      await expect(row.getByText(/已暂停，点“继续”接着下载/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`paused-${size[0]}.png`) });
      // Paused: once what was already handed to the paced client is out (the few images read
      // ahead, each 2.5 s here), the source hears nothing from this task.
      await page.waitForTimeout(3500);
      const asked = (await control.counts()).hosts.ancdn;
      await page.waitForTimeout(1500);
      expect((await control.counts()).hosts.ancdn).toBe(asked);
      const done = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
      expect(done).toBeLessThan(20);

      await control.clearFaults();
      const saved = page.waitForEvent('download');
      await row.getByRole('button', { name: '继续' }).click();
      await expect(row.getByText('已完成', { exact: true })).toBeVisible({ timeout: 30_000 });
      await saved;
      // It went on where it stopped: the images fetched before the pause were not asked for again.
      expect((await control.counts()).hosts.ancdn).toBeLessThanOrEqual(asked + 20 - done + 1);
      await page.screenshot({ path: test.info().outputPath(`resumed-${size[0]}.png`) });
    } finally {
      await control.clearFaults();
      await page.context().close();
    }
  });
}

test('an archive made while nobody watched is kept, and the destination choice sends a task to the server library', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await createUser('kept');
  const first = await pageAt(browser, SIZES[0], user);
  await openEpisode(first, 'kept');
  await selectImages(first, 'kept', 3);
  // Slow enough that the user has left before it ends.
  const { control } = await replica();
  await control.setFault('ancdn', { type: 'slow', delayMs: 1500 });
  try {
    await first.getByRole('button', { name: '下载选中 (3)' }).click();
    await expect(first.getByText(/下载任务已创建/)).toBeVisible();
    await first.context().close();
  } finally {
    await control.clearFaults();
  }
  // Nobody has a page open while it ends.
  await untilFinished(user);

  for (const size of SIZES) {
    const page = await pageAt(browser, size, user);
    await openEpisode(page, 'kept');
    await openTray(page);
    const row = page.locator('#download-task-list > li').first();
    await expect(row.getByText('已完成', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('保留至下载')).toBeVisible();
    await expect(tray(page).getByText(/^保留 1 个压缩包 · 已用 .+ \/ 20\.0 GB/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`kept-${size[0]}.png`) });
    await page.context().close();
  }

  // 保存到 服务器图库文件夹, in the selection's dataset dialog.
  const page = await pageAt(browser, SIZES[0], user);
  await openEpisode(page, 'kept');
  await selectImages(page, 'kept', 1, 5);
  await page.getByRole('button', { name: /^数据集筛选/ }).click();
  const dialog = page.getByRole('dialog', { name: '数据集筛选' });
  await expect(dialog.getByRole('group', { name: '保存到' })).toBeVisible();
  await dialog.getByRole('radio', { name: '服务器图库文件夹' }).locator('..').click();
  await dialog.getByRole('button', { name: '完成' }).click();
  await page.getByRole('button', { name: '下载选中 (1)' }).click();
  await openTray(page);
  const row = page.locator('#download-task-list > li').first();
  await expect(row.getByText(/存入服务器图库/)).toBeVisible();
  await expect(row.getByText(/^已写入服务器图库：/)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('link', { name: '保存文件' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('library-desktop.png') });
  await page.context().close();
});

import { KEY_IDS, episodeById } from '@capshelf/replica';
import { expect, test, type Browser } from '@playwright/test';
import { shootPhoneAndDesktop, signIn } from '../support';

const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds.slice(40, 46);

/** A visitor with no account, whose browser speaks `locale`. */
async function visitor(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test('a share link shows favourites to a visitor without an account, behind its password, until revoked', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'sharer');
  const token = await page.evaluate(() => localStorage.getItem('capshelf.token'));
  for (const id of ids) {
    const added = await request.post('/api/favorites/image', {
      headers: { authorization: `Bearer ${token}` },
      data: { image_id: id, kind: 'anime', work_title: 'Long Show', episode_title: 'Episode 40' },
    });
    expect(added.status()).toBeLessThan(300);
  }

  await page.goto('/favorites?tab=images');
  await page.getByRole('button', { name: '分享全部收藏' }).click();
  const dialog = page.getByRole('dialog', { name: '分享链接' });
  await dialog.getByLabel('密码（可选）').fill('open sesame');
  await shootPhoneAndDesktop(page, 'share-dialog');
  await dialog.getByRole('button', { name: '生成链接' }).click();
  const link = await dialog.getByRole('textbox', { name: '分享链接' }).inputValue();
  const path = new URL(link).pathname;
  expect(path).toMatch(/^\/s\/[\w-]{43}$/);

  // An English visitor: the password first, then the pictures.
  const english = await visitor(browser, 'en-GB');
  const answer = await english.page.goto(path);
  expect(answer!.headers()['referrer-policy']).toBe('no-referrer');
  expect(answer!.headers()['x-robots-tag']).toContain('noindex');
  await english.page.getByLabel('Password').fill('open sesame');
  await english.page.getByRole('button', { name: 'View' }).click();
  const grid = english.page.getByRole('list', { name: 'Shared pictures' });
  await expect(grid.locator('img')).toHaveCount(ids.length);
  await expect(english.page.getByRole('heading', { name: 'Favourite pictures' })).toBeVisible();
  await expect(english.page.getByRole('link', { name: /Download all/ })).toBeVisible();
  await shootPhoneAndDesktop(english.page, 'share-page-en');
  const thumb = await grid.locator('img').first().getAttribute('src');
  await grid.getByRole('button', { name: 'Open picture 2' }).click();
  const viewer = english.page.getByRole('dialog');
  await expect(viewer.getByRole('img')).toHaveJSProperty('complete', true);
  await shootPhoneAndDesktop(english.page, 'share-viewer-en');
  await english.page.keyboard.press('Escape');

  // A Chinese visitor sees the page in Chinese.
  const chinese = await visitor(browser, 'zh-CN');
  await chinese.page.goto(path);
  await chinese.page.getByLabel('密码').fill('open sesame');
  await chinese.page.getByRole('button', { name: '查看' }).click();
  await expect(chinese.page.getByRole('list', { name: '分享的图片' }).locator('img')).toHaveCount(
    ids.length,
  );
  await shootPhoneAndDesktop(chinese.page, 'share-page-zh');
  // A reload within the visit counts no view again.
  await english.page.reload();
  await expect(grid.locator('img')).toHaveCount(ids.length);

  // The owner revokes it: the page and every picture address already given stop at once.
  await page.goto('/shares');
  // Untitled: named by kind in each reader's language.
  const row = page.getByRole('listitem').filter({ hasText: '收藏的图片' });
  await expect(row).toContainText('已打开 2 次');
  await shootPhoneAndDesktop(page, 'shares-list');
  await row.getByRole('button', { name: '更改密码' }).click();
  await row.getByLabel('新密码').fill('new sesame');
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row.getByLabel('新密码')).toBeHidden();
  await row.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '撤销' }).click();
  await expect(row).toContainText('已撤销');
  expect((await english.context.request.get(thumb!)).status()).toBe(404);
  await chinese.page.reload();
  await expect(chinese.page.getByText('无法打开这个分享')).toBeVisible();
  await english.context.close();
  await chinese.context.close();
});

import { expect, test } from '@playwright/test';
import { createUser, openFromUserMenu, signIn } from '../support';

test('an admin’s changes to an account appear in 审计日志, on a desktop and on a phone', async ({
  page,
}, testInfo) => {
  const admin = await signIn(page, 'auditor', 'admin');
  const target = await createUser('audited');
  await page.goto('/admin/users');
  const row = page.locator(`[data-user-email="${target.email}"]`);
  await row.getByLabel('角色').selectOption('admin');
  await expect(page.getByText(`${target.email} 现在是管理员`)).toBeVisible();
  await row.getByRole('button', { name: '禁用' }).click();
  await page
    .getByRole('alertdialog', { name: '禁用用户' })
    .getByRole('button', { name: '禁用' })
    .click();
  await expect(row).toContainText('已禁用');

  await openFromUserMenu(page, '审计日志');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const list = page.getByRole('list', { name: '审计日志' });
  const mine = list.getByRole('listitem').filter({ hasText: target.email });
  // Newest first: the disabling, then the role change, each naming who did it.
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText(`停用用户 ${target.email}`);
  await expect(mine.nth(1)).toContainText(`将 ${target.email} 的角色从普通用户改为管理员`);
  await expect(mine.nth(0)).toContainText(`操作者：${admin.email}`);

  // A manual 立即淘汰 reads as one sentence, not as raw keys and bytes.
  await page.goto('/site-health');
  const cache = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: '图片缓存' }) });
  await cache.getByRole('button', { name: '立即淘汰' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '立即淘汰' }).click();
  await expect(cache.getByRole('status')).toContainText(/已淘汰|没有需要淘汰的文件/);
  await openFromUserMenu(page, '审计日志');
  const evicted = list.getByRole('listitem').filter({ hasText: admin.email }).first();
  await expect(evicted).toContainText('手动淘汰：');
  await expect(evicted).not.toContainText(/bytes|includeFavorites|image cache|自动/);
  // Afresh, without the toasts of the changes above over the list.
  await page.reload();
  await expect(mine).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('audit-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(mine.nth(0)).toBeVisible();
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('audit-phone.png'), fullPage: true });
});

test('the audit log is the admin’s only', async ({ page }) => {
  await signIn(page, 'not-auditor');
  await page.goto('/admin/audit');
  await expect(page.getByText('只有管理员可以查看审计日志。')).toBeVisible();
});

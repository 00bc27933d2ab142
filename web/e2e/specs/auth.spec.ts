import { expect, test } from '@playwright/test';
import { createUser, logInThroughForm, waitForMail, signOut, userMenu } from '../support';

test('logs in, edits the profile, changes the password and logs out', async ({ page }) => {
  const user = await createUser('profile');
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  await expect(page.getByText(user.email).first()).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('显示名称').fill('截图收藏家');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('用户信息更新成功')).toBeVisible();
  await page.reload();
  await expect(page.getByText('截图收藏家')).toBeVisible();

  // A new email needs the current password; a wrong one changes nothing.
  const newEmail = `moved-${user.email}`;
  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('邮箱').fill(newEmail);
  await page.getByLabel('当前密码（修改邮箱需要）').fill('Wrong1234');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toContainText('当前密码不正确');
  await page.getByLabel('当前密码（修改邮箱需要）').fill(user.password);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('用户信息更新成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByText(newEmail)).toBeVisible();

  await page.getByRole('button', { name: '修改密码' }).click();
  await page.getByLabel('当前密码').fill(user.password);
  await page.getByLabel('新密码', { exact: true }).fill('Changed123');
  await page.getByLabel('确认新密码').fill('Changed123');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();

  await signOut(page);
  await expect(
    page
      .getByRole('link', { name: '登录' })
      .or(page.getByRole('button', { name: '登录' }))
      .first(),
  ).toBeVisible();

  await page.goto('/login');
  await logInThroughForm(page, newEmail, user.password);
  await expect(page.getByRole('alert')).toContainText('邮箱或密码错误');
  await logInThroughForm(page, newEmail, 'Changed123');
  await expect(userMenu(page)).toBeVisible();
});

test('resets a forgotten password through the mailed link', async ({ page }) => {
  const user = await createUser('reset');
  await page.goto('/forgot-password');
  await page.getByLabel('邮箱').fill(user.email);
  await page.getByRole('button', { name: /发送/ }).click();
  await expect(page.getByText('邮件已发送')).toBeVisible();

  const mail = await waitForMail(user.email);
  const link = /https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('新密码', { exact: true }).fill('Forgot123');
  await page.getByLabel('确认新密码').fill('Forgot123');
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByRole('link', { name: '前往登录' })).toBeVisible();
  await page.getByRole('link', { name: '前往登录' }).click();

  await logInThroughForm(page, user.email, 'Forgot123');
  await expect(userMenu(page)).toBeVisible();
});

test('a protected page visited signed out comes back after login', async ({ page }) => {
  const user = await createUser('origin');
  await page.goto('/settings?tab=cdn');
  await expect(page).toHaveURL(/\/login/);
  await logInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/settings\?tab=cdn$/);
});

test('unknown paths show the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('页面未找到')).toBeVisible();
  await page.getByRole('link', { name: /首页/ }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

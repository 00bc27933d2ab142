import { expect, test, type Page } from '@playwright/test';
import { replicaControl } from '@capshelf/replica';
import { CONTROL_URL } from './harness/ports';

let counter = 0;

/** A fresh account per test, so tests that change passwords cannot disturb each other. */
export async function createUser(
  prefix: string,
  password = 'UserPass123',
  role: 'admin' | 'user' = 'user',
) {
  const email = `${prefix}-${Date.now()}-${counter++}@e2e.test`;
  const res = await fetch(`${CONTROL_URL}/users`, {
    method: 'POST',
    body: JSON.stringify({ email, password, role }),
  });
  expect(res.status).toBe(201);
  return { email, password };
}

/** Waits for the real SMTP sink to receive a mail for `to` and returns its text. */
export async function waitForMail(to: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (
      await fetch(`${CONTROL_URL}/mails?to=${encodeURIComponent(to)}`)
    ).json()) as {
      subject: string;
      text: string;
    }[];
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail arrived for ${to}`);
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The replica behind the app: fault switches and request counts over HTTP. */
export async function replica() {
  const info = (await (await fetch(`${CONTROL_URL}/replica`)).json()) as {
    pageOrigin: string;
    hostOrigins: Record<string, string>;
    ca?: string;
  };
  return { ...info, control: replicaControl(info.pageOrigin, { ca: info.ca }) };
}

/** A further app behind the same replica with other upstream settings, and a user of it. */
export async function extraApp(
  name: string,
  env: Record<string, string>,
): Promise<{ url: string; user: { email: string; password: string } }> {
  const res = await fetch(`${CONTROL_URL}/extra-app`, {
    method: 'POST',
    body: JSON.stringify({ name, env }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; user: { email: string; password: string } };
}
/** Signs a fresh user in through the login form and waits for the header to show them. */
export async function signIn(page: Page, prefix: string, role: 'admin' | 'user' = 'user') {
  const user = await createUser(prefix, undefined, role);
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  return user;
}

/** The header's user menu button: present exactly while someone is signed in. */
export const userMenu = (page: Page) => page.getByRole('button', { name: '用户菜单' });

/** Opens the user menu and follows one of its entries. */
export async function openFromUserMenu(page: Page, entry: string) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

export const signOut = (page: Page) => openFromUserMenu(page, '退出登录');

/**
 * A full-page screenshot at a phone's size (390×844) and at `desktop`, each with no sideways
 * scrolling, into the test's output folder as `<name>-phone.png` and `<name>-desktop.png`.
 */
export async function shootPhoneAndDesktop(
  page: Page,
  name: string,
  desktop = { width: 1280, height: 900 },
) {
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', desktop],
  ] as const) {
    await page.setViewportSize(size);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
}

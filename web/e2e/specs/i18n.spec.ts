import { KEY_IDS, showById } from '@capshelf/replica';
import { expect, test, type Page } from '@playwright/test';
import { createUser, logInThroughForm, userMenu } from '../support';

/**
 * The interface language: a per-user preference that follows the user to every browser, and an
 * English page with no Chinese left outside user data (titles from the source site, user names:
 * elements marked `data-user-content` or `translate="no"`).
 */

test.use({ viewport: { width: 1366, height: 900 } });

const show = showById(KEY_IDS.longShow)!;
const episode = show.episodes[1]!;

/** The language switch (设置 and the login page): radios inside their labels. */
const chooseLanguage = (page: Page, name: 'English' | '中文') =>
  page.locator('label', { has: page.getByRole('radio', { name }) }).click();

/** Signs in through the English login page; the choice made there is saved for the user at login. */
async function signInInEnglish(page: Page, prefix: string, role: 'admin' | 'user' = 'admin') {
  const user = await createUser(prefix, undefined, role);
  await page.goto('/login');
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  return user;
}

/**
 * Visible text (and the names and hints a screen reader or tooltip shows) holding CJK characters,
 * outside user data. Empty when the screen is all English.
 */
function chineseOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cjk =
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
    const userData = '[data-user-content], [translate="no"], script, style, noscript';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(userData) || !cjk.test(node.textContent ?? '')) continue;
      if (!parent.checkVisibility()) continue;
      found.push(node.textContent!.trim());
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt]',
    )) {
      if (element.closest(userData)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value && cjk.test(value)) found.push(`${name}="${value}"`);
      }
    }
    if (cjk.test(document.title)) found.push(`<title>${document.title}</title>`);
    return found;
  });
}

async function expectEnglish(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Wait for what loads after the first paint (spinners say "Loading..." in English too).
  await page.waitForLoadState('networkidle');
  await expect.poll(() => chineseOnScreen(page), { timeout: 5_000 }).toEqual([]);
}

test('English chosen in 设置 follows the user to a second browser, and back', async ({
  page,
  browser,
}) => {
  const user = await createUser('i18n-switch');
  await page.goto('/login');
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenu(page)).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();

  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Settings · capshelf');
  // Saved on the server: a reload (GET /me) keeps it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // A new browser context (another device): Chinese before login, English after it.
  const other = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
  });
  const second = await other.newPage();
  await second.goto('/login');
  await expect(second.getByRole('heading', { name: '登录' })).toBeVisible();
  await logInThroughForm(second, user.email, user.password);
  await expect(second.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await expect(second.getByRole('link', { name: 'Search', exact: true })).toBeVisible();

  // Back to Chinese there; the first browser follows on its next load.
  await second.goto('/settings');
  await chooseLanguage(second, '中文');
  await expect(second.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await other.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test.describe('every screen in English shows no Chinese outside user data', () => {
  test('before login: login, forgot password, 404', async ({ page }) => {
    await page.goto('/login');
    await chooseLanguage(page, 'English');
    await expectEnglish(page);
    // Kept in this browser across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectEnglish(page);
    await page.goto('/forgot-password');
    await expectEnglish(page);
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.locator('input[type="password"]').first()).toBeVisible();
    await expectEnglish(page);
    await page.goto('/no-such-page');
    await expectEnglish(page);
  });

  test('home, settings, profile, users, site health, audit log, operation log', async ({
    page,
  }) => {
    await signInInEnglish(page, 'i18n-admin');
    for (const path of [
      '/',
      '/settings',
      '/profile',
      '/admin/users',
      '/site-health',
      '/admin/audit',
      '/operation-log-test',
    ]) {
      await page.goto(path);
      await expectEnglish(page);
    }
    // The user menu, open.
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expectEnglish(page);
  });

  test('search results', async ({ page }) => {
    await signInInEnglish(page, 'i18n-search', 'user');
    await page.goto('/search?q=hanabi');
    await expect(page.locator(`a[href*="/episodes/"]`).first()).toBeVisible();
    await expectEnglish(page);
  });

  test('episodes of a work, an episode grid and its lightbox', async ({ page }) => {
    await signInInEnglish(page, 'i18n-browse', 'user');
    await page.goto('/search?q=hanabi');
    await page.locator('a[href*="/episodes/"]', { hasText: show.title }).click();
    await expect(page.locator(`[data-episode-id="${episode.id}"]`)).toBeVisible();
    await expectEnglish(page);
    // The whole-work dialog.
    await page.getByRole('button', { name: 'Download whole work' }).click();
    await expect(page.getByRole('dialog', { name: /Download the whole work/ })).toBeVisible();
    await expectEnglish(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.locator(`[data-episode-id="${episode.id}"]`).click();
    const tile = page.locator(`[data-image-id="${episode.imageIds[0]}"]`);
    await expect(tile).toBeVisible();
    await tile.click();
    await expectEnglish(page);
    // Everything selected (the selection bar), and the list of shortcuts.
    await page.keyboard.press('a');
    await expect(page.getByRole('button', { name: /^Download selected \(\d+\)$/ })).toBeVisible();
    await expectEnglish(page);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectEnglish(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The lightbox: the tile's zoom button is the one before its open-in-new-tab link.
    await tile.hover();
    await page
      .locator('a[target="_blank"]')
      .first()
      .locator('xpath=preceding-sibling::button[1]')
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectEnglish(page);
    await page.keyboard.press('Escape');
  });

  test('favourites, the three libraries and the downloads tray', async ({ page }) => {
    await signInInEnglish(page, 'i18n-libraries', 'user');
    // Something in the history, the cache and the tray.
    await page.goto('/search?q=hanabi');
    await page.locator('a[href*="/episodes/"]', { hasText: show.title }).click();
    await page.locator(`[data-episode-id="${episode.id}"]`).click();
    await expect(page.locator(`[data-image-id="${episode.imageIds[0]}"]`)).toBeVisible();
    const imageUrl = await page.locator('a[target="_blank"]').first().getAttribute('href');
    const created = await page.evaluate(async (url) => {
      const response = await fetch('/api/download', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('capshelf.token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ image_urls: [url] }),
      });
      return response.status;
    }, imageUrl);
    expect(created).toBeLessThan(300);

    for (const path of [
      '/favorites',
      '/local-library',
      '/categorized-library',
      '/search-based-library',
    ]) {
      await page.goto(path);
      await expectEnglish(page);
    }
    const tray = page.locator('button[aria-controls="download-task-list"]');
    await tray.first().click();
    await expect(page.locator('#download-task-list')).toBeVisible();
    await expectEnglish(page);
  });
});

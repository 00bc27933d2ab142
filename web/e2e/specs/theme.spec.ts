import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughForm, signIn, signOut, userMenu } from '../support';
import {
  axeFindings,
  chooseTheme,
  documentTheme,
  tourSignedIn,
  visitLogin,
  type ScreenVisit,
} from '../screens';

const shots = path.resolve(import.meta.dirname, '../../../test-results/theme');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * In the light theme, runs every axe rule of WCAG 2.1 A/AA and best practice on the screen; in the
 * dark theme, whose markup is the same, the colour-contrast rule. Keeps the serious and critical
 * findings, and any colour-contrast finding whatever its impact, and a screenshot to look at.
 */
const axeCheck =
  (page: Page, label: string, findings: string[], scheme: 'light' | 'dark'): ScreenVisit =>
  async (screen) => {
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${label}-${screen}.png`) });
    const found = await axeFindings(
      page,
      (axe) => (scheme === 'light' ? axe.withTags(TAGS) : axe.withRules(['color-contrast'])),
      (violation) =>
        violation.id === 'color-contrast' ||
        violation.impact === 'serious' ||
        violation.impact === 'critical',
    );
    findings.push(...found.map((line) => `${screen}: ${line}`));
  };

for (const scheme of ['light', 'dark'] as const) {
  for (const [viewport, size] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test.describe(`${scheme} theme, ${viewport}`, () => {
      // Asked for less motion, the page settles at once: axe reads the colours a person sees
      // when they stop, never one caught mid-fade on a loaded machine.
      test.use({ colorScheme: scheme, viewport: size, reducedMotion: 'reduce' });

      test(`axe finds nothing serious and no contrast fault on the main screens (${scheme}, ${viewport})`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        const findings: string[] = [];
        const label = `${scheme}-${viewport}`;
        await visitLogin(page, axeCheck(page, label, findings, scheme));
        expect(await documentTheme(page)).toBe(scheme);

        await signIn(page, `axe-${scheme}-${viewport}`, 'admin');
        // The user's own choice, set explicitly (not only the emulated system scheme).
        await chooseTheme(page, scheme);
        expect(await documentTheme(page)).toBe(scheme);
        await tourSignedIn(page, axeCheck(page, label, findings, scheme));
        expect(findings).toEqual([]);
      });
    });
  }
}

test.describe('theme preference', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1366, height: 900 } });

  test('the choice follows the user to another browser, and 跟随系统 follows the system live', async ({
    page,
    browser,
  }) => {
    const user = await signIn(page, 'theme-pref');
    // The default follows the system.
    await page.goto('/settings');
    await expect(page.getByRole('radio', { name: '跟随系统' })).toBeChecked();
    expect(await documentTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => documentTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => documentTheme(page)).toBe('light');

    await chooseTheme(page, 'dark');
    await expect.poll(() => documentTheme(page)).toBe('dark');
    // A fixed choice ignores the system.
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await documentTheme(page)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'dark',
    );

    // A second browser (light system, nothing stored) gets the user's dark theme at login.
    const other = await browser.newContext({ colorScheme: 'light' });
    const theirs = await other.newPage();
    await theirs.goto('/login');
    expect(await documentTheme(theirs)).toBe('light');
    await logInThroughForm(theirs, user.email, user.password);
    await expect(userMenu(theirs)).toBeVisible();
    await expect.poll(() => documentTheme(theirs)).toBe('dark');
    // ...and a reload paints it dark from the first frame (no light flash before React): with
    // the app's bundle held back, so React never runs, the parsed document is already dark.
    const bundle = /\/assets\/.*\.js$/;
    let blocked = 0;
    await theirs.route(bundle, (route) => {
      blocked += 1;
      return route.abort();
    });
    await theirs.reload({ waitUntil: 'domcontentloaded' });
    expect(blocked).toBeGreaterThan(0);
    expect(await documentTheme(theirs)).toBe('dark');
    await theirs.unroute(bundle);
    await other.close();

    // Signed out, the login page keeps the theme last used in this browser.
    await signOut(page);
    await expect(page).toHaveURL(/\/login/);
    await page.reload();
    expect(await documentTheme(page)).toBe('dark');

    // Back to 跟随系统: the page follows the emulated scheme again.
    await logInThroughForm(page, user.email, user.password);
    await expect(userMenu(page)).toBeVisible();
    await chooseTheme(page, 'system');
    await expect.poll(() => documentTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => documentTheme(page)).toBe('dark');
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL } from '../../scripts/lib/install.mjs';
import { APP_URL } from './harness/ports';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`, which `npm test` installs): the same
 * build as the `chromium` package without the desktop browser around it, as Playwright's own
 * headless runs use; it renders the same pages for about 40 % less CPU. The full browser where
 * only that is installed.
 */
const browser = existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : CHROMIUM;

/**
 * Specs that keep to their own users and data: they read shared screens but change nothing
 * global (no replica faults or request counts, no site health, no admin changes, no cache
 * clearing), so their tests run side by side. Every other spec, a new one too, runs afterwards
 * one test at a time.
 */
const PARALLEL_SPECS = ['a11y', 'auth', 'downloads', 'favorites', 'i18n', 'shortcuts', 'theme'].map(
  (name) => `${name}.spec.ts`,
);

/**
 * Debian's Chromium, no browser download; flags keep it off the (closed) network. Two workers (the
 * machine has two cores) for the independent specs, one for the specs that change shared state. A
 * plain run serves both projects from one harness, the shared-state specs after the others;
 * `npm test` runs each project with `--no-deps` on a harness of its own, both at once.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  projects: [
    { name: 'independent', testMatch: PARALLEL_SPECS, fullyParallel: true },
    {
      name: 'shared-state',
      testIgnore: PARALLEL_SPECS,
      fullyParallel: false,
      workers: 1,
      dependencies: ['independent'],
    },
  ],
  // A stray test.only must not turn a CI run into a run of one test (Vitest refuses it too);
  // `npm test` passes --forbid-only as well, CI or not.
  forbidOnly: Boolean(process.env.CI),
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: APP_URL,
    locale: 'zh-CN',
    // The page then holds still (index.css): no colour caught mid-fade, and no spinner or
    // skeleton repainting in software while a test waits (about 7 % of a core per page).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx web/e2e/harness/main.ts',
    cwd: root,
    url: `${APP_URL}/api/auth/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // The harness removes its data directories on SIGTERM (the default SIGKILL leaves them).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

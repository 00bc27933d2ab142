import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { APP_URL } from './harness/ports';

const root = path.resolve(import.meta.dirname, '../..');

/** Debian's Chromium, no browser download; flags keep it off the (closed) network. */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A stray test.only must not turn a CI run into a run of one test (Vitest refuses it too).
  forbidOnly: Boolean(process.env.CI),
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: APP_URL,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  },
});

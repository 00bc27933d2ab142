import { afterEach, describe, expect, it, vi } from 'vitest';

// The suite tells the truth: on CI a stray `.only` must fail the run instead of running one test.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const playwrightConfig = async () =>
  (await import('../../web/e2e/playwright.config')).default as { forbidOnly?: boolean };

describe('end-to-end runner configuration', () => {
  it('refuses test.only on CI', async () => {
    vi.stubEnv('CI', 'true');
    expect((await playwrightConfig()).forbidOnly).toBe(true);
  });

  it('allows it on a developer machine', async () => {
    vi.stubEnv('CI', '');
    expect((await playwrightConfig()).forbidOnly).toBe(false);
  });
});

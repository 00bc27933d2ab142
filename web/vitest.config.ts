import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // A cap on a hung test, not a timing check: a whole screen renders in ~1 s alone but took
    // over 5 s (the default) on the 2-core machine under a full parallel run.
    testTimeout: 20_000,
  },
});

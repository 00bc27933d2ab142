import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One vitest run covers every workspace; the web project runs its component tests in happy-dom. */
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most server
    // files spend their time waiting on sockets, timers and child processes: two at a time at least.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['./test/setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'replica',
          root: './replica',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './web/vitest.config.ts',
    ],
  },
});

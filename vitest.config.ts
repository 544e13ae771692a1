import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Native addons (canvas, better-sqlite3) are happiest in forked workers.
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});

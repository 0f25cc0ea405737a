import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/build/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: a few workers keep CPU-bound database tests from starving each other.
    maxWorkers: 2,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

// Test tiers by suffix: *.unit.test.ts (pure, no I/O), *.int.test.ts (real PostgreSQL, Redis, chDB),
// *.e2e.test.ts (the whole product over HTTP and in a real browser). `npm test` runs all three.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,platform,projections,application,api,workers,composition,testing}/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.unit.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{domain,platform,projections,application,api,workers,composition,testing}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['testing/src/global-setup.ts'],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['{api,web,composition}/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          globalSetup: ['testing/src/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});

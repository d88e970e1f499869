import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The examples' runners on four Nodes (four installs, twelve runner runs): no sharing makes
 * them fast, so `npm run test:package` runs them (vitest.package.config.ts), after `npm test` in CI.
 */
export const PACKAGE_MATRIX = ['tests/package/runners.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...PACKAGE_MATRIX],
    globalSetup: ['tests/support/mock-global-setup.ts', 'tests/support/shared-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

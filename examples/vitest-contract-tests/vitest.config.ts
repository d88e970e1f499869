import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Starts the mock once for the whole run and stops it at the end, also when tests fail.
    globalSetup: ['./test/global-setup.ts'],
  },
});

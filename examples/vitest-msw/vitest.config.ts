import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Starts MSW's interception in every test file and stops it at the end.
    setupFiles: ['./test/setup.ts'],
  },
});

// `npm run test:ecosystem`: the package managers' and runtimes' matrix from the packed tarball
// (tests/ecosystem/matrix.ecosystem.ts), left out of `npm test` for its installs; CI runs it.
// Its cells run four at a time: most wait on a child process, and two cores are shared.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['tests/ecosystem/*.ecosystem.ts'], testTimeout: 180_000, hookTimeout: 600_000, maxConcurrency: 4 },
});

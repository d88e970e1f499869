// The package is ESM only: Jest runs the tests as ES modules (`--experimental-vm-modules`,
// in package.json's script). The mock starts once in Jest's parent process.
export default {
  testEnvironment: 'node',
  testMatch: ['**/test/**/*.test.mjs'],
  transform: {},
  globalSetup: './test/global-setup.mjs',
  globalTeardown: './test/global-teardown.mjs',
};

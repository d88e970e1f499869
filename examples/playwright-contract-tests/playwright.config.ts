// The mock as Playwright's webServer, waited for by its port (the mock answers GET with
// 405, which the `url` check does not take as ready). The bin is started directly, not
// through npx, so stopping it stops the mock. API tests need no browser.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.MOCK_PORT ?? 4010);

export default defineConfig({
  testDir: './test',
  webServer: {
    command: `node node_modules/air-travel-api-contract/dist/cli/main.js mock --port ${port}`,
    port,
    reuseExistingServer: !process.env.CI,
  },
  use: { baseURL: `http://127.0.0.1:${port}` },
});

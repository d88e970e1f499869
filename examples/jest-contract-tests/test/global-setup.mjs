// Starts the mock once, on a free port; the environment variable reaches every test file.
import { startMock } from 'air-travel-api-contract/mock';

export default async function setup() {
  globalThis.contractMock = await startMock({ port: 0, logLevel: 'silent' });
  process.env.MOCK_URL = globalThis.contractMock.url;
}

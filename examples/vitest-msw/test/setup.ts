// MSW with the contract's handlers for the whole run: every route family, answered as the
// contract's mock answers, at the sandbox's placeholder address (https://sandbox.invalid) and the
// legacy one (https://legacy.invalid). A request no handler matches is an error, so nothing
// reaches the network by mistake.
import { createHandlers } from 'air-travel-api-contract/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';

const server = setupServer(...(await createHandlers()));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

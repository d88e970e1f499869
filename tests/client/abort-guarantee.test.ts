// A stalled call ends at its time limit even when the fetch in use ignores the signal:
// the client does not rely on fetch's own abort handling to settle.
import { expect, test } from 'vitest';
import { createV2Client } from '../../src/v2.ts';
import { TimeoutError, AbortedError } from '../../src/errors.ts';

/** A fetch that answers headers, then a body that never ends, and never looks at the signal. */
const deafFetch = async (): Promise<Response> =>
  new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"a":')) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const client = createV2Client({
  baseUrl: 'https://sandbox.invalid',
  developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  accessCode: 'QUNDRVNTLUNPREU=',
  credentials: { Login: 'agencia', Senha: 's3gredo' },
  fetch: deafFetch,
});

test('the client timeout ends a call whose body never ends', async () => {
  const error = await client.call('/api/V2/Voos/Reservar', {}, { timeout: 100 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as TimeoutError).operation).toBe('Reservar');
});

test("the caller's abort ends it too", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const error = await client.call('/api/V2/Voos/Reservar', {}, { signal: controller.signal }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AbortedError);
});

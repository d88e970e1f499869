// A stalled call ends at its time limit even when the fetch in use ignores the signal:
// the client does not rely on fetch's own abort handling to settle.
import { expect, test } from 'vitest';
import { createV2Client } from '../../src/v2.ts';
import { TimeoutError, AbortedError } from '../../src/errors.ts';
import type { ClientClock } from '../../src/call-options.ts';
import { testClock } from '../support/test-clock.ts';

/** A fetch that answers headers, then a body that never ends, and never looks at the signal; `onCall` when it is called. */
const deafFetch =
  (onCall: () => void = () => {}) =>
  async (): Promise<Response> => {
    onCall();
    return new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"a":')) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };

const client = (fetch: () => Promise<Response>, clock?: ClientClock) =>
  createV2Client({
    baseUrl: 'https://sandbox.invalid',
    developerToken: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    accessCode: 'QUNDRVNTLUNPREU=',
    credentials: { Login: 'agencia', Senha: 's3gredo' },
    fetch,
    ...(clock ? { clock } : {}),
  });

test('the client timeout ends a call whose body never ends', async () => {
  const clock = testClock();
  let called = false;
  const call = client(
    deafFetch(() => (called = true)),
    clock,
  )
    .call('/api/V2/Voos/Reservar', {}, { timeout: 100 })
    .catch((e: unknown) => e);
  await expect.poll(() => called).toBe(true);
  await clock.advance(99);
  expect(clock.pending()).toBe(1);
  await clock.advance(1);
  const error = await call;
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as TimeoutError).operation).toBe('Reservar');
  expect((error as TimeoutError).timeoutMs).toBe(100);
});

test('on the default timers (AbortSignal.timeout) too', async () => {
  // Real time stays: this is the path without a clock; nothing ever answers, so only the 50 ms depends on the machine.
  const error = await client(deafFetch())
    .call('/api/V2/Voos/Reservar', {}, { timeout: 50 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as TimeoutError).timeoutMs).toBe(50);
});

test("the caller's abort ends it too", async () => {
  const controller = new AbortController();
  // Aborted once the fetch has answered its headers: the body is what never ends.
  const call = client(deafFetch(() => queueMicrotask(() => controller.abort()))).call(
    '/api/V2/Voos/Reservar',
    {},
    { signal: controller.signal },
  );
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AbortedError);
});

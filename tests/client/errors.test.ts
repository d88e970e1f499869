// Every failure of a call becomes a typed error naming the operation. Time limits run on the
// client's injected clock (tests/support/test-clock.ts): met when the test moves it, never waited for.
import { describe, expect, test } from 'vitest';
import { createV2Client } from '../../src/v2.ts';
import {
  AbortedError,
  AccessCodeError,
  CallError,
  HttpStatusError,
  NetworkError,
  NonJsonResponseError,
  TimeoutError,
  UnexpectedResponseError,
} from '../../src/index.ts';
import type { ClientClock } from '../../src/call-options.ts';
import { testClock } from '../support/test-clock.ts';
import { deadUrl, sendJson, type Handler, useTestServer } from './server.ts';

const developerToken = '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const credentials = { Login: 'agencia', Senha: 'segredo' };
const server = useTestServer();

/** How long to wait for the server or the client to reach a state: a ceiling never reached when all is well. */
const UNTIL = { timeout: 20_000, interval: 5 };

/** Answers only when the test calls the function it pushes to `answers` (the client may hang up first). */
const held =
  (answers: Array<() => void>): Handler =>
  (_request, response) =>
    void answers.push(() => sendJson(response, { late: true }));

const client = (
  extra: {
    timeout?: number;
    accessCode?: () => string;
    baseUrl?: string;
    clock?: ClientClock;
    fetch?: (r: Request) => Promise<Response>;
  } = {},
) =>
  createV2Client({
    baseUrl: extra.baseUrl ?? server.url,
    developerToken,
    accessCode: extra.accessCode ?? 'QUJD',
    credentials,
    ...(extra.timeout ? { timeout: extra.timeout } : {}),
    ...(extra.clock ? { clock: extra.clock } : {}),
    ...(extra.fetch ? { fetch: extra.fetch } : {}),
  });

/** Whether `promise` has settled, after a turn of the event loop. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  return error as CallError;
}

describe('transport', () => {
  test('nothing listening: NetworkError with the transport error as cause', async () => {
    const error = await rejection(client({ baseUrl: await deadUrl() }).call('/api/V2/Voos/Emitir', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.operation).toBe('Emitir');
    expect(error.path).toBe('/api/V2/Voos/Emitir');
    expect(error.message).toMatch(/^Emitir: /);
    expect(error.cause).toBeInstanceOf(Error);
    // The innermost cause: code, host and port (undici puts ECONNREFUSED two causes deep).
    expect(error.message).toMatch(/^Emitir: no answer \(ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
  });

  test('a host that does not resolve: the message names the code and the host', async () => {
    const error = await rejection(client({ baseUrl: 'https://air-travel.invalid' }).call('/api/V2/Voos/Emitir', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/^Emitir: no answer \((ENOTFOUND|EAI_AGAIN) air-travel\.invalid\)$/);
  });

  test('an answer cut short: NetworkError', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      // Cut once the start of the body has left: the client is reading it then.
      response.write('{"partial":', () => response.socket?.destroy());
    });
    const error = await rejection(client().call('/api/V2/Voos/Consultar', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/cut short/);
  });
});

describe('time limits and aborts', () => {
  test('the client timeout applies to every call', async () => {
    const answers: Array<() => void> = [];
    server.handle(held(answers));
    const clock = testClock();
    const call = client({ timeout: 150, clock }).call('/api/V2/Voos/Tarifar', {});
    await expect.poll(() => answers.length, UNTIL).toBe(1);
    await clock.advance(149);
    expect(await hasSettled(call)).toBe(false);
    await clock.advance(1);
    const error = await rejection(call);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(150);
    expect(error.operation).toBe('Tarifar');
  });

  test('a per-call timeout overrides the client one', async () => {
    const answers: Array<() => void> = [];
    server.handle(held(answers));
    const clock = testClock();
    const shorter = expect(client({ timeout: 5_000, clock }).call('/api/V2/Voos/Tarifar', {}, { timeout: 50 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    await expect.poll(() => answers.length, UNTIL).toBe(1);
    await clock.advance(50);
    await shorter;
    const longer = client({ timeout: 50, clock }).call('/api/V2/Voos/Tarifar', {}, { timeout: 60_000 });
    await expect.poll(() => answers.length, UNTIL).toBe(2);
    // Past the client's 50 ms, within the call's own 60 s: the answer still counts.
    await clock.advance(59_999);
    answers[1]!();
    await expect(longer).resolves.toEqual({ late: true });
  });

  test('a timeout while the body streams in', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      // The start of the body, then nothing until the client hangs up.
      response.write('{"a":');
    });
    const clock = testClock();
    let headers = false;
    // The answer's headers reached the client before its time-out is met.
    const fetch = async (request: Request) => {
      const response = await globalThis.fetch(request);
      headers = true;
      return response;
    };
    const call = client({ clock, fetch }).call('/api/V2/Voos/Tarifar', {}, { timeout: 150 });
    await expect.poll(() => headers, UNTIL).toBe(true);
    expect(await hasSettled(call)).toBe(false);
    const timedOut = expect(call).rejects.toBeInstanceOf(TimeoutError);
    await clock.advance(150);
    await timedOut;
  });

  test("the caller's AbortSignal: abort gives AbortedError, a TimeoutError reason (AbortSignal.timeout's) gives TimeoutError", async () => {
    const answers: Array<() => void> = [];
    server.handle(held(answers));
    const controller = new AbortController();
    const pending = client().call('/api/V2/Voos/Emitir', {}, { signal: controller.signal });
    await expect.poll(() => answers.length, UNTIL).toBe(1);
    controller.abort();
    const aborted = await rejection(pending);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect(aborted.operation).toBe('Emitir');
    // What AbortSignal.timeout aborts with, given while the call is out.
    const timing = new AbortController();
    const timed = client().call('/api/V2/Voos/Emitir', {}, { signal: timing.signal });
    await expect.poll(() => answers.length, UNTIL).toBe(2);
    timing.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    const timedOut = await rejection(timed);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect((timedOut as TimeoutError).timeoutMs).toBeUndefined();
  });

  test('a signal already aborted sends nothing', async () => {
    await expect(client().call('/api/V2/Voos/Emitir', {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('answers', () => {
  test('a status outside 2xx: HttpStatusError with the status and the parsed body', async () => {
    server.handle((_request, response) => sendJson(response, { Mensagem: 'acesso não autorizado' }, 401));
    const error = await rejection(client().call('/api/V2/Voos/Reservar', {}));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(401);
    expect((error as HttpStatusError).body).toEqual({ Mensagem: 'acesso não autorizado' });
    expect(error.message).toBe('Reservar: the service answered HTTP 401');
  });

  test("a problem body: its title and detail are in HttpStatusError's message", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'request body: /Localizador must be string',
    };
    server.handle((_request, response) => sendJson(response, problem, 422));
    const error = await rejection(client().call('/api/V2/Voos/Reservar', {}));
    expect(error.message).toBe('Reservar: the service answered HTTP 422 (Unprocessable Entity: request body: /Localizador must be string)');
    expect((error as HttpStatusError).body).toEqual(problem);
  });

  test('a huge error body: HttpStatusError keeps a bounded excerpt that says it was cut', async () => {
    const huge = JSON.stringify({ title: 'Too much', items: Array.from({ length: 200_000 }, (_, i) => `item ${i}`) });
    server.handle((_request, response) => sendJson(response, JSON.parse(huge), 500));
    const error = (await rejection(client().call('/api/V2/Voos/Reservar', {}))) as HttpStatusError;
    expect(huge.length).toBeGreaterThan(2_000_000);
    expect(typeof error.body).toBe('string');
    const body = error.body as string;
    expect(body.startsWith(huge.slice(0, 100))).toBe(true);
    expect(body).toMatch(/… \[cut: \d+ characters kept of more than \d+\]$/);
    expect(body.length).toBeLessThan(10_000);
    expect(error.message).toBe('Reservar: the service answered HTTP 500');
  });

  test('a 2xx answer that is not JSON: NonJsonResponseError with an excerpt', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<html>${'x'.repeat(500)}</html>`);
    });
    const error = await rejection(client().call('/api/V2/Voos/Consultar', {}));
    expect(error).toBeInstanceOf(NonJsonResponseError);
    const nonJson = error as NonJsonResponseError;
    expect(nonJson.contentType).toBe('text/html');
    expect(nonJson.excerpt.startsWith('<html>xxx')).toBe(true);
    // The start of the answer, then a note that it was cut.
    const [kept, note] = nonJson.excerpt.split('… [cut: ');
    expect(kept!.length).toBeLessThanOrEqual(200);
    expect(note).toBe(`${kept!.length} characters kept of 513]`);
  });

  test('an empty 2xx answer: NonJsonResponseError', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-length': 0 });
      response.end();
    });
    const error = await rejection(client().call('/api/V2/Voos/Consultar', {}));
    expect(error).toBeInstanceOf(NonJsonResponseError);
    expect(error.message).toMatch(/empty/);
  });

  test('JSON of another type than the contract describes: UnexpectedResponseError, without the answer', async () => {
    server.handle((_request, response) => sendJson(response, 'texto'));
    const error = await rejection(client().call('/api/V2/Voos/Consultar', {}));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toBe('Consultar: the answer (HTTP 200) is a string in JSON, where the contract describes an object');
    expect(Object.values(error)).not.toContain('texto');
  });
});

describe('access code', () => {
  test('a throwing function: AccessCodeError, nothing sent', async () => {
    const error = await rejection(
      client({
        accessCode: () => {
          throw new RangeError('no key');
        },
      }).call('/api/V2/Voos/Consultar', {}),
    );
    expect(error).toBeInstanceOf(AccessCodeError);
    expect(error.message).toBe('Consultar: the accessCode function threw RangeError');
    expect(server.requests).toHaveLength(0);
  });

  test('a function giving an unusable value: AccessCodeError', async () => {
    await expect(client({ accessCode: () => '' }).call('/api/V2/Voos/Consultar', {})).rejects.toBeInstanceOf(AccessCodeError);
    await expect(client({ accessCode: () => 'a b\n' }).call('/api/V2/Voos/Consultar', {})).rejects.toBeInstanceOf(AccessCodeError);
    expect(server.requests).toHaveLength(0);
  });
});

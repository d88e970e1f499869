// Issue 50, point 3: a NetworkError's `cause` (and the error an `onError` hook gets) keeps
// only the name, message and code of the transport's error, never the object. A real fetch
// wrapper, ofetch (its own lock, tests/fetch-wrappers/), throws a FetchError that keeps the
// request and its options, developer headers and the body with the password included.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import type { CallErrorEvent } from '../../src/index.ts';
import { NetworkError } from '../../src/index.ts';
import { createV2Client } from '../../src/v2.ts';
import { leaksIn } from '../reliability/leak-scan.ts';
import { CANARY } from '../support/canaries.ts';
import { installTool } from '../support/tools.ts';
import { deadUrl } from './server.ts';

type OfetchRaw = (url: string, options: { method: string; headers: Headers; body: string; retry: false }) => Promise<Response>;
let ofetchRaw: OfetchRaw;

beforeAll(async () => {
  const modules = await installTool('fetch-wrappers');
  const ofetch = (await import(pathToFileURL(path.join(modules, 'ofetch', 'dist', 'node.mjs')).href)) as { ofetch: { raw: OfetchRaw } };
  ofetchRaw = ofetch.ofetch.raw;
}, 120_000);

test("ofetch's FetchError keeps the request; the client's error keeps a copy of its name, message and code only", async () => {
  const secrets = { senha: CANARY.senha, developerToken: CANARY.developerToken, accessCode: CANARY.accessCode };
  const thrown: unknown[] = [];
  const events: CallErrorEvent[] = [];
  const client = createV2Client({
    baseUrl: await deadUrl(),
    developerToken: secrets.developerToken,
    accessCode: secrets.accessCode,
    credentials: { Login: 'agencia', Senha: secrets.senha },
    // As an integrator plugs a wrapper in: the Request's parts handed to it.
    fetch: async (request) => {
      try {
        return await ofetchRaw(request.url, { method: request.method, headers: request.headers, body: await request.text(), retry: false });
      } catch (error) {
        thrown.push(error);
        throw error;
      }
    },
    hooks: { onError: (event) => void events.push(event) },
  });
  const error = await client.call('/api/V2/Voos/Reservar', { Localizador: 'ABC123' } as never).then(
    () => undefined,
    (e: unknown) => e,
  );

  // The wrapper's own error holds the secrets: what the client must not pass on.
  expect(thrown).toHaveLength(1);
  const wrapped = thrown[0] as Error & { options?: { headers?: Headers; body?: unknown }; request?: unknown };
  expect(wrapped.options?.headers?.get('developer-token')).toBe(secrets.developerToken);
  expect(wrapped.options?.headers?.get('developer-access-code')).toBe(secrets.accessCode);
  expect(String(wrapped.options?.body)).toContain(secrets.senha);

  expect(error).toBeInstanceOf(NetworkError);
  const cause = (error as NetworkError).cause as Error & { code?: string };
  expect(cause).toBeInstanceOf(Error);
  expect(cause).not.toBe(thrown[0]);
  expect(cause.name).toBe((thrown[0] as Error).name);
  expect(Reflect.ownKeys(cause).filter((key) => !['stack', 'message', 'name', 'cause', 'code'].includes(String(key)))).toEqual([]);
  // ECONNREFUSED still reachable, down the copied chain.
  let inner: unknown = cause;
  while (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
  expect((inner as { code?: string }).code).toBe('ECONNREFUSED');
  expect(leaksIn(error, secrets)).toEqual([]);
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]!.error).toBe(error);
  expect(leaksIn(events, secrets)).toEqual([]);
});

// One redactor, one marker: the client's errors and hooks blank every field the contract
// index marks (isRedactedField), however its key is spelt (`SENHA`, `Senha` with a
// zero-width space, the English `password`, nested `Dados.Senha`), and search every text
// for those fields' values; the legacy Autenticar answer, which may be the session token
// whole, is never quoted whatever its content type; `'[redacted]'` is written once in src/
// and scripts/. A real server on 127.0.0.1, the real client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CallRequestEvent, CallResponseEvent } from '../../src/call-options.ts';
import { HttpStatusError, NonJsonResponseError } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { REDACTED } from '../../src/lib/contract-index.ts';
import { createV2Client } from '../../src/v2.ts';
import { leaksIn } from '../reliability/leak-scan.ts';
import { rootDir } from '../support/bundle.ts';
import { sendJson, startServer, type TestServer } from './server.ts';

const CANARIES = {
  upper: 'CANARY-UPPER-61af',
  zeroWidth: 'CANARY-ZEROWIDTH-0b2c',
  english: 'CANARY-PASSWORD-93de',
  nested: 'CANARY-NESTED-5e77',
  token: 'CANARY-SESSION-TOKEN-c4a0',
};
/** A body whose secret fields are spelt every way the contract index reads them. */
const SPELT = {
  Origem: 'GRU',
  SENHA: CANARIES.upper,
  'Senha\u200b': CANARIES.zeroWidth,
  password: CANARIES.english,
  Dados: { Senha: CANARIES.nested },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const options = () => ({ baseUrl: server.url, developerToken: '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', accessCode: 'Q0FOQVJZ' });

/** Every text a value shows, as JSON. */
const shown = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? { ...v, message: v.message } : v));

test('an error echoing the body blanks each spelling of a secret field and finds its value in the text', async () => {
  server.handle((request, response) => sendJson(response, { echoed: request.json, text: request.text }, 500));
  const v2 = createV2Client(options());
  const error = await v2.call('/api/V2/Voos/Reservar', SPELT as never).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpStatusError);
  const body = (error as HttpStatusError).body as { echoed: Record<string, unknown>; text: string };
  expect(body.echoed).toMatchObject({ Origem: 'GRU', SENHA: REDACTED, password: REDACTED, Dados: { Senha: REDACTED } });
  expect(body.echoed['Senha\u200b']).toBe(REDACTED);
  // The raw request text holds the values under no key the blanking sees: the detector finds them.
  expect(body.text).toContain('Origem');
  expect(leaksIn(error, CANARIES)).toEqual([]);
});

test('hooks see each spelling of a secret field blanked, in the request and in the answer', async () => {
  server.handle((request, response) => sendJson(response, { echoed: request.json }));
  const requests: CallRequestEvent[] = [];
  const responses: CallResponseEvent[] = [];
  const v2 = createV2Client({
    ...options(),
    hooks: { onRequest: (e) => void requests.push(e), onResponse: (e) => void responses.push(e) },
  });
  await v2.call('/api/V2/Voos/Disponibilidade', SPELT as never);
  expect(requests).toHaveLength(1);
  expect(responses).toHaveLength(1);
  expect(requests[0]!.body).toMatchObject({ Origem: 'GRU', SENHA: REDACTED, password: REDACTED, Dados: { Senha: REDACTED } });
  expect((requests[0]!.body as Record<string, unknown>)['Senha\u200b']).toBe(REDACTED);
  expect(leaksIn([requests, responses], CANARIES)).toEqual([]);
  expect(shown([requests, responses])).toContain('GRU');
});

test.each([
  ['text/plain', CANARIES.token],
  ['application/xml', `<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">${CANARIES.token}</string>`],
])('a legacy Autenticar answer in %s is never quoted by the error', async (type, text) => {
  server.handle((_request, response) => {
    response.writeHead(200, { 'content-type': type }).end(text);
  });
  const legacy = createLegacyClient({ ...options(), credentials: { Login: 'agencia', Senha: 'CANARY-S-1d2e' } });
  const error = await legacy.Autenticar({}).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NonJsonResponseError);
  expect((error as NonJsonResponseError).excerpt).toBe(REDACTED);
  expect(leaksIn(error, CANARIES)).toEqual([]);
});

test("'[redacted]' is written once in src/ and scripts/: in src/lib/contract-index.ts", () => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(rootDir, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.ts$/.test(entry.name) && /['"]\[redacted\]['"]/.test(readFileSync(path.join(rootDir, rel), 'utf8'))) found.push(rel);
    }
  };
  walk('src');
  walk('scripts');
  expect(found).toEqual([path.join('src', 'lib', 'contract-index.ts')]);
});

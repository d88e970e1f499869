// The proxy and the recorder read the secrets of a request from the contract index: every
// value under a key isRedactedField() marks (any case, any depth, invisible characters
// ignored), every secret header, and query parameters with such names. A caller that puts
// those secrets in the path sees none of them in the proxy's log, its headers or its answer;
// the recorder's sanitizer gives a credential spelt any way the fixed placeholder of its kind.
// A real proxy and a stub upstream on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { secretsOf } from '../../src/request-secrets.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/server.ts';
import { kindOfKey, Sanitizer } from '../../src/record/sanitize.ts';
import { rootDir } from '../support/bundle.ts';
import { HEADERS, hidden } from '../support/canaries.ts';

const S = {
  nested: 'CANARY-nested-SENHA-7d1e',
  zeroWidth: 'CANARY-zero-width-2b9f',
  query: 'CANARY-query-token-40aa',
  english: 'CANARY-english-password-c3d8',
  login: 'CANARY-login-LOGIN-915b',
};

let upstream: http.Server;
let proxy: RunningProxy;
let logged = '';

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const log = new PassThrough();
  log.on('data', (c: Buffer) => (logged += c.toString()));
  proxy = await startProxy({ rootDir, upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, port: 0, log });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

test('secretsOf reads the index: any case, any depth, invisible characters, secret headers, the query', () => {
  const found = secretsOf(
    { 'developer-token': 'HEADER-TOKEN-1', 'x-other': 'not-a-secret' },
    new URLSearchParams({ 'developer-access-code': S.query, Senha: 'QUERY-SENHA-2', Origem: 'GRU' }),
    { Dados: { Mais: [{ SENHA: S.nested }] }, 'Senha\u200b': S.zeroWidth, password: S.english, LOGIN: S.login, Origem: 'GIG' },
  );
  expect(new Set(found)).toEqual(new Set(['HEADER-TOKEN-1', S.query, 'QUERY-SENHA-2', S.nested, S.zeroWidth, S.english, S.login]));
});

test('secretsOf stays bounded on a hostile body: its own credentials first, at most 64 secrets', () => {
  const hostile: Record<string, unknown> = { Senha: S.nested };
  for (let i = 0; i < 50_000; i++) hostile[`Senha${'\u200b'.repeat(1 + (i % 7))}${i % 2 ? '' : '\u00ad'}x${i}`] = { Senha: `v${i}` };
  const found = secretsOf({}, hostile);
  expect(found[0]).toBe(S.nested);
  expect(found.length).toBeLessThanOrEqual(64);
});

test.each([
  ['nested SENHA', { Dados: { SENHA: S.nested } }, S.nested, ''],
  ['Senha with a zero-width space', { 'Senha\u200b': S.zeroWidth }, S.zeroWidth, ''],
  ['developer-token in the query', {}, S.query, `?developer-token=${S.query}`],
  ['the English password', { password: S.english }, S.english, ''],
])('%s used as a path segment: never in the log, the headers or the answer', async (_name, body, secret, query) => {
  const mark = logged.length;
  const res = await fetch(`${proxy.url}/api/V2/Voos/${secret}${query}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const answer = await res.text();
  const headers: string[] = [];
  res.headers.forEach((value, name) => {
    headers.push(`${name}: ${value}`);
  });
  await expect.poll(() => logged.slice(mark)).toMatch(/→ \d{3}/);
  const line = logged.slice(mark);
  // The line is there and names the path, with the secret's segment replaced.
  expect(line).toContain('/api/V2/Voos/[redacted]');
  expect(hidden([line, answer, ...headers].join('\n'), [secret])).toEqual([]);
});

test("the recorder's sanitizer knows a credential however it is spelt, at any depth", () => {
  for (const key of ['SENHA', 'Senha\u200b', 'password', 'LOGIN', 'ClienteId', 'HashAcesso', 'TokenDeSeguranca', 'developer-token'])
    expect(kindOfKey(key), key).toBe('credentials');
  const sanitizer = new Sanitizer();
  const copy = sanitizer.sanitize({ SENHA: S.nested, 'Senha\u200b': S.zeroWidth, Dados: { Senha: S.english }, LOGIN: S.login });
  // Keys not shaped like the contract's field names become placeholders too; the values are the fixed ones, in order.
  const values = JSON.stringify(copy).match(/"(?:s3gredo|agencia)"/g);
  expect(values).toEqual(['"s3gredo"', '"s3gredo"', '"s3gredo"', '"agencia"']);
  expect(JSON.stringify(copy)).toContain('"Dados":{"Senha":"s3gredo"}');
  expect(sanitizer.counts.credentials).toBe(4);
  // What it replaced is searched for in every later file (the recorder's second line).
  expect(sanitizer.replaced).toEqual(expect.arrayContaining([S.nested, S.zeroWidth, S.english, S.login]));
});

// Issue 18, item 3: the fast front and Prism give the same answers. Every generated
// request (valid ones; each kind of bad body, header, JSON, content type, path and
// method; every `Prefer` form and query fallback, each named example; fourteen Accept
// forms) goes to two real mocks on 127.0.0.1: one
// answering through the fast front, one through Prism for every request. Status,
// headers (less date and connection) and body bytes must be equal.
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFamilies } from '../../scripts/lib/families.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { loadOperations, validBody, validCall, type ContractOperation, type Json } from '../../scripts/lib/contract.ts';
import { sharedParityProbes } from '../reliability/corpus.ts';
import { setAt, sitesOf } from '../reliability/schema-sites.ts';
import { inPool } from '../reliability/exchange.ts';
import { followRefs, isObject, type JsonObject } from '../../src/lib/refs.ts';
import { rootDir } from '../support/bundle.ts';

interface Probe {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const IGNORED_HEADERS = new Set(['date', 'connection', 'keep-alive']);

function send(baseUrl: string, p: Probe): Promise<Reply | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request(`${baseUrl}${p.path}`, { method: p.method, headers: p.headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (!IGNORED_HEADERS.has(name)) headers[name] = String(value);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
    req.end(p.body);
  });
}

let front: RunningMock;
let prism: RunningMock;
const operations = await loadOperations(rootDir);

beforeAll(async () => {
  const families = (await readFamilies(rootDir)).map((f) => f.id);
  [front, prism] = await Promise.all([
    startMock({ rootDir, families, port: 0, logLevel: 'silent' }),
    startMock({ rootDir, families, port: 0, logLevel: 'silent', engine: 'prism' }),
  ]);
});

afterAll(async () => {
  await Promise.all([front?.close(), prism?.close()]);
});

/** Date fields (a `oneOf` of patterns): a value in none of the forms, and one in two. */
function dateProbes(op: ContractOperation, base: Json, headers: Record<string, string>): Probe[] {
  const sites = op.body?.schema ? sitesOf(op.doc, op.body.schema).filter((s) => Array.isArray(s.schema.oneOf)) : [];
  return sites.flatMap((s) =>
    ['20/05/2026', '2026-05-20T10:00', '/Date(abc)/', 20260520].map((value) => ({
      kind: 'pattern-and-oneOf',
      method: 'POST',
      path: op.path,
      headers,
      body: JSON.stringify(setAt(base, s.path, value)),
    })),
  );
}

/** Every `Prefer` form the front answers itself (dynamic=true is Prism's generator on both paths: random, not compared). */
const PREFER_FORMS = [
  'Code=200',
  'code=200, dynamic=false',
  'dynamic=false',
  'seed=7',
  'code=200;example=x',
  'code',
  'dynamic=maybe',
  'code=200, code=500',
  'respond-async, wait=5',
  'example=',
];
const QUERY_FORMS = ['__code=200', '__dynamic=false', '__code=200&__dynamic=false', '__example=a&__example=b', '__code=abc', '__seed=3'];

/** The names of the examples of an operation's 200 answer. */
function examplesOf(op: ContractOperation): string[] {
  const operation = followRefs(op.doc, (op.doc.paths as JsonObject)[op.template]);
  const responses = isObject(operation) ? followRefs(op.doc, (operation[op.method] as JsonObject).responses) : undefined;
  const ok = isObject(responses) ? followRefs(op.doc, responses['200']) : undefined;
  const json = isObject(ok) && isObject(ok.content) ? followRefs(op.doc, ok.content['application/json']) : undefined;
  return isObject(json) && isObject(json.examples) ? Object.keys(json.examples) : [];
}

/** Accept forms real clients send, and forms no JSON answer satisfies (406). */
const ACCEPT_FORMS = [
  'application/json',
  '*/*',
  'application/json, text/plain, */*',
  'APPLICATION/JSON',
  'application/json; charset=utf-8',
  'application/*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html, application/json;q=0.5',
  'application/json;version=2',
  'application/vnd.api+json, application/json',
  'text/html',
  'application/problem+json',
  'application/json;q=0, text/html',
  'text/*',
];

function probesFor(op: ContractOperation, index: number, baseUrl: string): Probe[] {
  const valid = validCall(op);
  const base = validBody(op);
  const probes: Probe[] = [{ kind: 'valid', ...valid }];
  const text = valid.body ?? '';
  const json = { ...valid.headers, 'content-type': 'application/json' };
  probes.push(
    ...ACCEPT_FORMS.map((accept) => ({ kind: 'accept', ...valid, headers: { ...valid.headers, accept } })),
    { kind: 'array-or-null-body', ...valid, body: `[${text}]` },
    { kind: 'array-or-null-body', ...valid, body: 'null' },
    { kind: 'array-or-null-body', ...valid, body: '[]' },
    { kind: 'array-or-null-body', ...valid, body: '0' },
    { kind: 'array-or-null-body', ...valid, body: '""' },
    { kind: 'headers', ...valid, headers: { 'content-type': 'application/json' } },
    { kind: 'headers', ...valid, headers: { ...json, 'developer-token': '' } },
    { kind: 'headers', ...valid, headers: { ...json, 'developer-access-code': ' ' } },
    { kind: 'content-type', ...valid, headers: { ...valid.headers, 'content-type': 'application/problem+json' } },
    { kind: 'content-type', ...valid, headers: { ...valid.headers, 'content-type': 'application/vnd.api+json' } },
    { kind: 'content-type', ...valid, headers: Object.fromEntries(Object.entries(valid.headers).filter(([k]) => k !== 'content-type')) },
    { kind: 'content-type', ...valid, headers: { ...valid.headers, 'content-type': 'APPLICATION/JSON' } },
    { kind: 'content-type', ...valid, headers: { ...valid.headers, 'content-type': 'text/plain' } },
    { kind: 'prefer', ...valid, headers: { ...valid.headers, prefer: 'code=200' } },
    { kind: 'prefer', ...valid, headers: { ...valid.headers, prefer: 'code=500' } },
    { kind: 'prefer', ...valid, headers: { ...valid.headers, prefer: 'code=abc' } },
    { kind: 'prefer', ...valid, headers: { ...valid.headers, prefer: 'example=nao-existe' } },
    { kind: 'prefer', ...valid, path: `${op.path}?__code=999` },
    { kind: 'prefer', ...valid, path: `${op.path}?__example=sessaoExpirada` },
    { kind: 'prefer', ...valid, path: `${op.path}?__example=resultado` },
    { kind: 'prefer', ...valid, headers: { ...valid.headers, prefer: 'code=200' }, body: `[${text}]` },
    ...PREFER_FORMS.map((prefer) => ({ kind: 'prefer', ...valid, headers: { ...valid.headers, prefer } })),
    ...QUERY_FORMS.map((query) => ({ kind: 'prefer', ...valid, path: `${op.path}?${query}` })),
    ...examplesOf(op).flatMap((name) => [
      { kind: 'prefer-example', ...valid, headers: { ...valid.headers, prefer: `example=${name}` } },
      { kind: 'prefer-example', ...valid, headers: { ...valid.headers, prefer: `code=200, example="${name}"` } },
      {
        kind: 'prefer-example',
        ...valid,
        headers: { ...valid.headers, prefer: `example=${name}`, accept: 'application/json, text/plain, */*' },
      },
      { kind: 'prefer-example', ...valid, path: `${op.path}?__example=${encodeURIComponent(name)}&__code=200` },
    ]),
    { kind: 'method', ...valid, method: 'GET', body: undefined },
    { kind: 'method', ...valid, method: 'PUT' },
  );
  if (base !== undefined) probes.push(...dateProbes(op, base, valid.headers));
  // Bodies past 256 KiB are parsed and checked on a worker thread: the same answers.
  if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
    // Its strings within LIMITS.stringChars, so the checks run: a longer one is a 413 before any.
    const big = JSON.stringify({ ...base, Preenchimento: Array.from({ length: 6 }, () => 'x'.repeat(50 * 1024)) });
    probes.push({ kind: 'big-body', ...valid, body: big }, { kind: 'big-body', ...valid, body: big.slice(0, -2) });
    probes.push({ kind: 'big-body', ...valid, body: JSON.stringify({ ...base, Login: Array.from({ length: 60_000 }, () => 1) }) });
  }
  if (index === 0) probes.push({ kind: 'too-large', ...valid, body: JSON.stringify({ Filler: 'x'.repeat(1024 * 1024) }) });
  // `__proto__`, `constructor` and `prototype` are ordinary members in both engines (issue 35).
  probes.push(...sharedParityProbes(op, operations, baseUrl, index, valid, base));
  return probes;
}

test('the fast front and Prism answer at least 400 generated requests the same: status, headers, body', async () => {
  const probes = operations.flatMap((op, i) => probesFor(op, i, front.url));
  expect(probes.length).toBeGreaterThanOrEqual(400);
  const results = await inPool(probes, 4, async (p) => ({ p, a: await send(front.url, p), b: await send(prism.url, p) }));
  const byKind = new Map<string, { sent: number; equal: number }>();
  const differences: string[] = [];
  for (const { p, a, b } of results) {
    const tally = byKind.get(p.kind) ?? { sent: 0, equal: 0 };
    byKind.set(p.kind, tally);
    tally.sent++;
    if (JSON.stringify(a) === JSON.stringify(b) && !('error' in a)) tally.equal++;
    else
      differences.push(
        `${p.kind} ${p.method} ${p.path.slice(0, 80)}\n  front: ${JSON.stringify(a).slice(0, 400)}\n  prism: ${JSON.stringify(b).slice(0, 400)}`,
      );
  }
  const statuses = new Set(results.map(({ a }) => ('error' in a ? 'error' : a.status)));
  console.log(
    `parity: ${results.length} requests, ${results.length - differences.length} equal; by kind ${JSON.stringify(Object.fromEntries(byKind))}; statuses ${[...statuses].sort().join(' ')}`,
  );
  expect(
    differences.filter((d, i) => i < 3 || !differences.slice(0, i).some((e) => e.split(' ')[0] === d.split(' ')[0])).slice(0, 8),
  ).toEqual([]);
  // The requests reached both outcomes and every kind of refusal.
  for (const status of [200, 400, 401, 404, 405, 406, 413, 415, 422, 431]) expect(statuses, `no request got ${status}`).toContain(status);
}, 300_000);

test('an Accept that refuses JSON by q=0 gets 406 from the front, where Prism sends an empty 200', async () => {
  // Prism answers `application/json;q=0, */*` with 200 and no body (its negotiator falls back
  // to an empty answer when any range names */*); RFC 9110, 12.5.1 lets a server refuse
  // (406) or ignore Accept, never send the JSON answer's status without the answer.
  const op = operations[0]!;
  const valid = validCall(op);
  const probe = { kind: 'accept', ...valid, headers: { ...valid.headers, accept: 'application/json;q=0, */*' } };
  const [a, b] = await Promise.all([send(front.url, probe), send(prism.url, probe)]);
  expect('error' in a ? a : a.status).toBe(406);
  expect('error' in a ? a : JSON.parse(a.body).detail).toBe('Unable to find content for application/json;q=0, */*');
  expect('error' in b ? b : [b.status, b.body]).toEqual([200, '']);
});

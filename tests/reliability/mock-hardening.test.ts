// Mock faults the bad-input corpus found, each pinned by the smallest request that
// showed it, against the real mock process.
import { expect, inject, test } from 'vitest';
import { loadOperations, validCall } from '../../scripts/lib/contract.ts';
import { rootDir } from '../support/bundle.ts';
import { exchange, type Answer } from './exchange.ts';

const url = inject('mockUrl');
const operations = await loadOperations(rootDir);
const first = operations[0]!;

function problemOf(answer: Answer): { status: number; detail: string; validation?: unknown[] } {
  if ('error' in answer) throw new Error(answer.error);
  expect(answer.contentType).toMatch(/^application\/problem\+json/);
  return JSON.parse(answer.text) as { status: number; detail: string; validation?: unknown[] };
}

test('a path starting with // is a path, not a host: 404 naming it, never a 500 or another route', async () => {
  const call = validCall(first);
  for (const path of ['//[x', `//)${first.path}`, `//a:99999${first.path}`]) {
    const answer = await exchange(url, { ...call, path });
    expect('error' in answer ? answer.error : answer.status, path).toBe(404);
    expect(problemOf(answer).detail).toContain(path);
  }
});

test('malformed JSON: the 400 says why without quoting the body, so a password in it never shows', async () => {
  const call = validCall(first);
  const password = 'pw-Zt8Qm4Lx2Hc6';
  for (const body of [`{"Login": "x", "Senha": ${password}}`, `{"Senha": "${password}", x}`, `"${password}`, 'undefined']) {
    const answer = await exchange(url, { ...call, body });
    const p = problemOf(answer);
    expect(p.status, body).toBe(400);
    expect(p.detail).toMatch(/^The body is not valid JSON: \S/);
    expect('error' in answer ? '' : answer.text).not.toContain(password.slice(0, 6));
  }
});

test('what Node refuses before the mock sees it still gets a problem body: an unknown method, a head over 16 KiB', async () => {
  const call = validCall(first);
  const unknownMethod = problemOf(await exchange(url, { ...call, method: 'BREW' }));
  expect(unknownMethod.status).toBe(400);
  expect(unknownMethod.detail).toMatch(/method/i);
  const hugeHeader = problemOf(await exchange(url, { ...call, headers: { ...call.headers, 'developer-token': 'A'.repeat(20_000) } }));
  expect(hugeHeader.status).toBe(431);
  expect(hugeHeader.detail).toMatch(/headers are larger/);
  // The mock still answers afterwards.
  const after = await exchange(url, call);
  expect('error' in after ? after.error : after.status).toBe(200);
});

test('thousands of violations: the problem lists a bounded number and says how many more', async () => {
  // An operation whose body has an array of typed items; the corpus derives the same from any schema.
  const op = operations.find((o) => /"ServiceIds":\[/.test(validCall(o).body ?? ''));
  expect(op, 'an operation with ServiceIds').toBeDefined();
  const call = validCall(op!);
  const body = JSON.stringify({ ...(JSON.parse(call.body!) as object), ServiceIds: Array.from({ length: 5_000 }, (_, i) => i) });
  const answer = await exchange(url, { ...call, body });
  const p = problemOf(answer);
  expect(p.status).toBe(422);
  expect(p.validation?.length).toBeLessThanOrEqual(20);
  expect(p.detail).toMatch(/ServiceIds\.0.*; and \d{4} more$/);
  expect('error' in answer ? Infinity : answer.text.length).toBeLessThan(20_000);
});

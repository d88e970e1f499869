// What the contract forbids, the mock refuses, and the typed client turns the refusal
// into an HttpStatusError carrying the status and the mock's problem body, which names
// the field. For every operation with a known request schema (one with a required
// field): each required field left out (422), each typed field sent with a wrong type
// (422), each developer header missing (401). The list is read from the bundles; the
// last test fails if an operation with a known request schema went untested.
import { describe, expect, inject, test } from 'vitest';
import { admits, allowedTypes, validBody, type JsonType } from '../../scripts/lib/contract.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { allOperations, clientFor, expectRefusal, keyOf, pathOptions, rejectionOf, type ContractOperation } from './support.ts';

const mockUrl = inject('mockUrl');

function requiredFields(op: ContractOperation): string[] {
  const required = op.body?.schema?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** Top-level properties whose type the schema constrains, with a value of a type it does not admit. */
function wronglyTyped(op: ContractOperation): Array<[string, Json]> {
  const properties = op.body?.schema?.properties;
  if (!isObject(properties)) return [];
  const candidates: Array<[JsonType, Json]> = [
    ['integer', 7],
    ['string', '7'],
    ['boolean', true],
    ['array', []],
  ];
  return Object.entries(properties).flatMap(([name, schema]) => {
    const allowed = allowedTypes(op.doc, schema);
    const wrong = allowed ? candidates.find(([type]) => !admits(allowed, type)) : undefined;
    return wrong ? [[name, wrong[1]] as [string, Json]] : [];
  });
}

/** Operations whose request schema is known: it requires at least one field. */
const known = allOperations.filter((op) => requiredFields(op).length > 0);
const families = [...new Set(allOperations.map((op) => op.family))];
const tested = new Set<string>();
const named = (ops: ContractOperation[]) => ops.map((op) => [op.name, op] as const);

function bodyOf(op: ContractOperation): JsonObject {
  const body = validBody(op);
  if (!isObject(body)) throw new Error(`${op.name}: the valid body is not an object`);
  return body;
}

/** Whether a problem names `field`, in its sentence and in a listed violation. */
function expectNamed(problem: { detail: string; validation?: Array<{ location: string[]; message: string }> }, field: string): void {
  const word = new RegExp(`\\b${field}\\b`);
  expect(problem.detail).toMatch(word);
  expect(
    problem.validation?.some((v) => v.location.at(-1) === field || word.test(v.message)),
    JSON.stringify(problem.validation),
  ).toBe(true);
}

describe.each(families)('%s', (family) => {
  const ops = known.filter((op) => op.family === family);
  const withHeaders = allOperations.filter((op) => op.family === family && (op.securityHeaders?.length ?? 0) > 0);
  // A family with no known request schema (the V2 English route) still gets the header tests.
  test.each(named(ops))('%s: each required field left out → 422 naming it', async (_name, op) => {
    const { client } = clientFor(family, mockUrl);
    for (const field of requiredFields(op)) {
      const { [field]: _left, ...body } = bodyOf(op);
      const problem = expectRefusal(await rejectionOf(client.call(op.template, body, pathOptions(op))), op, 422);
      expectNamed(problem, field);
    }
    tested.add(`${keyOf(op)} required`);
  });

  test.each(named(ops))('%s: each typed field with a wrong type → 422 naming it', async (_name, op) => {
    const { client } = clientFor(family, mockUrl);
    const fields = wronglyTyped(op);
    expect(fields.length).toBeGreaterThan(0);
    for (const [field, wrong] of fields) {
      const problem = expectRefusal(
        await rejectionOf(client.call(op.template, { ...bodyOf(op), [field]: wrong }, pathOptions(op))),
        op,
        422,
      );
      expectNamed(problem, field);
    }
    tested.add(`${keyOf(op)} type`);
  });

  test.each(named(withHeaders))('%s: each developer header missing → 401 naming it', async (_name, op) => {
    for (const header of op.securityHeaders ?? []) {
      const { client, statuses } = clientFor(family, mockUrl, header);
      const problem = expectRefusal(await rejectionOf(client.call(op.template, validBody(op), pathOptions(op))), op, 401);
      expect(problem.detail).toContain(header);
      expect(statuses).toEqual([401]);
    }
    tested.add(`${keyOf(op)} header`);
  });
});

test('every operation with a known request schema had all three refusal tests above', () => {
  expect(known.length).toBeGreaterThan(0);
  const expected = known.flatMap((op) => ['required', 'type', 'header'].map((kind) => `${keyOf(op)} ${kind}`)).sort();
  expect([...tested].filter((t) => expected.includes(t)).sort()).toEqual(expected);
  // Every operation declares the developer headers, and each had its header test.
  expect(allOperations.filter((op) => !tested.has(`${keyOf(op)} header`)).map(keyOf)).toEqual([]);
});

// Every operation of every family, called through its family's typed client on the one
// mock of the test run with a body its contract accepts: the mock answers 2xx, and the
// answer validates against the operation's 200 schema. The list is read from the
// bundles, so an operation added later is covered without editing this file, and the
// last test fails if any operation went untested.
import { describe, expect, inject, test } from 'vitest';
import { allowedTypes, validBody, type JsonType } from '../../scripts/lib/contract.ts';
import {
  allOperations,
  clientFor,
  expectedOperationKeys,
  FACTORIES,
  keyOf,
  pathOptions,
  successExamples,
  successMedia,
  successSchemaErrors,
  type ContractOperation,
} from './support.ts';

const mockUrl = inject('mockUrl');
const tested = new Set<string>();
const families = [...new Set(allOperations.map((op) => op.family))];

/** A value of a JSON type the schema does not admit: what a validator must reject. */
const VALUES_BY_TYPE: Array<[JsonType, unknown]> = [
  ['array', [1]],
  ['string', 'x'],
  ['integer', 7],
  ['boolean', true],
  ['object', {}],
  ['null', null],
];

describe.each(families)('%s', (family) => {
  const ops = allOperations.filter((op) => op.family === family);

  test.each(ops.map((op) => [op.name, op] as const))(
    '%s: accepted (2xx) through the typed client, answer valid against its 200 schema',
    async (_name, op: ContractOperation) => {
      const { client, statuses } = clientFor(family, mockUrl);
      const answer = await client.call(op.template, validBody(op), pathOptions(op));

      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toBeGreaterThanOrEqual(200);
      expect(statuses[0]).toBeLessThan(300);
      expect(successSchemaErrors(op, answer)).toBe('');
      // The default answer is the first example when there are examples: never an error.
      const [first] = successExamples(op);
      if (first) expect(answer).toEqual(first.value);

      // The check is not vacuous: the same schema refuses a value of a type it does not admit.
      const admitted = allowedTypes(op.doc, successMedia(op)?.schema);
      expect(admitted, 'the 200 schema constrains the type of the answer').toBeDefined();
      const [, wrong] = VALUES_BY_TYPE.find(([type]) => !admitted!.has(type) && !(type === 'integer' && admitted!.has('number')))!;
      expect(successSchemaErrors(op, wrong)).not.toBe('');
      tested.add(keyOf(op));
    },
  );
});

test('every family has a client factory, and every operation of every family had a contract test above', async () => {
  for (const family of families) expect(Object.keys(FACTORIES), `a factory for ${family}`).toContain(family);
  const expected = await expectedOperationKeys();
  expect(expected.length).toBeGreaterThan(0);
  expect([...tested].sort()).toEqual(expected);
});

// Issue 9, item 1: thousands of generated bad requests, across every operation of every
// bundled family, sent to the real mock process. Each must get a fitting 4xx whose
// problem body says why (never a 5xx, never silence past a deadline), and the mock
// must still answer valid calls afterwards.
import fc from 'fast-check';
import { describe, expect, inject, test } from 'vitest';
import { loadOperations, validCall, type ContractOperation } from '../../scripts/lib/contract.ts';
import { rootDir } from '../support/bundle.ts';
import { badRequestsFor, CATEGORIES, type BadRequest, type Category } from './corpus.ts';
import { describeFailure, exchange, faultsOf, IN_FLIGHT, inPool } from './exchange.ts';

const url = inject('mockUrl');
const operations = await loadOperations(rootDir);

/** At least this many bad requests in all; the runs per kind follow from it. */
const MIN_BAD_REQUESTS = 2_000;

const plans = CATEGORIES.map((category) => {
  const arbitraries = operations
    .map((op) => badRequestsFor(category, op, operations, url))
    .filter((a): a is fc.Arbitrary<BadRequest> => a !== undefined);
  return { category, arbitraries };
});
const pairs = plans.reduce((n, p) => n + p.arbitraries.length, 0);
// Each run sends one bad request to every operation the kind applies to.
const RUNS = Math.max(3, Math.ceil(MIN_BAD_REQUESTS / pairs));

const tally = {
  sent: 0,
  byCategory: new Map<Category, number>(),
  byStatus: new Map<string, number>(),
  byOperation: new Map<string, Set<Category>>(),
};

function record(r: BadRequest, status: string): void {
  tally.sent++;
  tally.byCategory.set(r.category, (tally.byCategory.get(r.category) ?? 0) + 1);
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  const kinds = tally.byOperation.get(r.operation) ?? new Set<Category>();
  tally.byOperation.set(r.operation, kinds.add(r.category));
}

async function everyValidCallAnswered(ops: ContractOperation[]): Promise<string[]> {
  const answers = await inPool(ops, IN_FLIGHT, async (op) => ({ op, answer: await exchange(url, validCall(op)) }));
  return answers
    .filter(({ answer }) => 'error' in answer || answer.status < 200 || answer.status > 299)
    .map(
      ({ op, answer }) => `${op.family} ${op.name}: ${'error' in answer ? answer.error : `${answer.status} ${answer.text.slice(0, 200)}`}`,
    );
}

test('every operation of every family accepts the valid request the corpus starts from', async () => {
  expect(operations.length).toBeGreaterThan(0);
  expect(await everyValidCallAnswered(operations)).toEqual([]);
});

describe('bad input gets a fitting 4xx with a readable reason, never a 5xx or a hang', () => {
  test.each(plans)(
    '$category',
    async ({ category, arbitraries }) => {
      expect(arbitraries.length, `no operation offers a way to send ${category}`).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fc.tuple(...arbitraries), async (batch) => {
          const answers = await inPool(batch, IN_FLIGHT, (r) => exchange(url, r));
          const failures: string[] = [];
          batch.forEach((r, i) => {
            const answer = answers[i]!;
            record(r, 'error' in answer ? 'no answer' : String(answer.status));
            const faults = faultsOf(r, answer);
            if (faults.length > 0) failures.push(describeFailure(r, answer, faults));
          });
          if (failures.length > 0)
            throw new Error(`${failures.length} of ${batch.length} answers do not fit:\n${failures.slice(0, 10).join('\n')}`);
        }),
        // The failure message already lists every unfitting request; re-sending whole
        // batches to shrink them would cost minutes against a real server.
        { numRuns: RUNS, endOnFailure: true },
      );
      // The mock survives the kind: every operation still answers a valid call.
      expect(await everyValidCallAnswered(operations)).toEqual([]);
    },
    180_000,
  );
});

test('the corpus reached every operation with at least 2,000 bad requests in all', () => {
  const summary = {
    badRequests: tally.sent,
    runsPerKind: RUNS,
    operations: operations.length,
    byKind: Object.fromEntries(tally.byCategory),
    byStatus: Object.fromEntries([...tally.byStatus].sort()),
  };
  console.log(`bad-input corpus: ${JSON.stringify(summary)}`);
  expect([...tally.byCategory.keys()].sort(), 'every kind ran (run the whole file, not a -t subset)').toEqual([...CATEGORIES].sort());
  expect(tally.sent).toBeGreaterThanOrEqual(MIN_BAD_REQUESTS);
  expect([...tally.byStatus.keys()].filter((s) => s === 'no answer' || Number(s) >= 500)).toEqual([]);
  // Every operation met most kinds (a kind may not apply, e.g. no required field).
  for (const op of operations) {
    expect(tally.byOperation.get(`${op.family} ${op.name}`)?.size ?? 0, `${op.family} ${op.name}`).toBeGreaterThanOrEqual(6);
  }
});

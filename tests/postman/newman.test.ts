// newman runs every shipped collection against the real mock: every request answered
// 2xx, no failed assertion; and a body the contract refuses trips the 2xx check while
// the collection's own 4xx check finds the field named in the problem.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { requestsOf, type PostmanCollection } from '../../scripts/postman/finish.ts';
import { loadBundle, operations, rootDir } from '../support/bundle.ts';
import { runCollection, type NewmanSummary } from '../support/newman.ts';
import { readScenarios } from '../../src/scenarios/read.ts';

const DIR = path.join(rootDir, 'generated', 'postman');
const FAMILIES = readdirSync(DIR)
  .filter((f) => f.endsWith('.postman_collection.json'))
  .map((f) => f.replace('.postman_collection.json', ''))
  // The certification scenarios' collection has no bundle: its own test below.
  .filter((f) => f !== 'flows')
  .sort();

function collectionOf(family: string): PostmanCollection {
  return JSON.parse(readFileSync(path.join(DIR, `${family}.postman_collection.json`), 'utf8')) as PostmanCollection;
}

/** Each request's method, path and status, for a failure message that says which. */
function outcomes(summary: NewmanSummary): string[] {
  return summary.run.executions.map((e) => `${e.request.method} ${e.request.url.getPath()} → ${e.response?.code ?? 'no answer'}`);
}

let observedMock: RunningMock;
let flowsMock: RunningMock;
beforeAll(async () => {
  [observedMock, flowsMock] = await Promise.all([
    startMock({ rootDir, port: 0, observed: true, logLevel: 'silent' }),
    startMock({ rootDir, port: 0, flows: true, logLevel: 'silent' }),
  ]);
});
afterAll(() => Promise.all([observedMock?.close(), flowsMock?.close()]));

test('the five published families have a collection, and the observed legacy flavour', () => {
  expect(FAMILIES).toEqual(['legacy', 'legacy-observed', 'v1', 'v2-en', 'v2-pt', 'v3']);
});

describe.each(FAMILIES)('%s', (family) => {
  test('newman against the mock: every request 2xx, no failed assertion', async () => {
    const collection = collectionOf(family);
    const url = family.endsWith('-observed') ? observedMock.url : inject('mockUrl');
    const summary = await runCollection(collection, url);
    const doc = loadBundle(family);
    expect(summary.run.stats.requests.total).toBe(operations(doc).length);
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`)).toEqual([]);
    expect(outcomes(summary).filter((line) => !/→ 2\d\d$/.test(line))).toEqual([]);
    // Every request ran the collection's checks (2xx at least), and none failed.
    expect(summary.run.stats.assertions.total).toBeGreaterThanOrEqual(summary.run.stats.requests.total);
    expect(summary.run.stats.assertions.failed).toBe(0);
  }, 60_000);
});

test("a body the contract refuses: the 2xx check fails, the 4xx check finds the field in the mock's problem", async () => {
  const collection = collectionOf('v2-pt');
  const remover = requestsOf(collection.item).find((r) => r.request.url.path.at(-1) === 'RemoverAssentos');
  if (!remover?.request.body) throw new Error('v2-pt has no RemoverAssentos request with a body');
  const body = JSON.parse(remover.request.body.raw) as Record<string, unknown>;
  remover.request.body.raw = JSON.stringify({ ...body, PaxID: 1 });
  collection.item = [remover];
  const summary = await runCollection(collection, inject('mockUrl'));
  const [execution] = summary.run.executions;
  expect(execution?.response?.code).toBe(422);
  expect(execution?.assertions?.map((a) => [a.assertion, a.error === undefined])).toEqual([
    ['answered 2xx', false],
    ['a 4xx is a problem body that names the field', true],
  ]);
}, 60_000);

test('the certification scenarios against the flows mock: every step replayed in order, its identifiers threaded by the scripts', async () => {
  const collection = collectionOf('flows');
  const scenarios = readScenarios(rootDir);
  expect(collection.item.map((f) => f.name)).toEqual(scenarios.map((s) => s.name));
  const summary = await runCollection(collection, flowsMock.url);
  expect(summary.run.stats.requests.total).toBe(scenarios.reduce((n, s) => n + s.steps.length, 0));
  expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`)).toEqual([]);
  expect(outcomes(summary).filter((line) => !/→ 200$/.test(line))).toEqual([]);
  // Each answer is a captured step the flows mock replayed, not the ordinary mock's `{}`.
  expect(new Set(summary.run.executions.map((e) => e.response?.headers.get('x-mock-flows')))).toEqual(new Set(['replay']));
  // Every request went out with no unresolved variable, and no captured identifier was sent where a handed-out one belongs.
  const sent = summary.run.executions.map((e) => JSON.stringify(e.request));
  expect(sent.filter((text) => text.includes('{{'))).toEqual([]);
  expect(summary.run.stats.assertions.failed).toBe(0);
}, 120_000);

// The captured route in the mock: the published legacy contract has none of the captured
// operations, so the flows serve them from the observed flavour, labelled, and only where no
// family already serves the route (an observed legacy flavour would take precedence).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { expect, test } from 'vitest';
import { capturedRouteDocument } from '../../src/mock/flows/route.ts';
import { MockContract } from '../../src/mock/contract.ts';
import { resolveSources } from '../../src/mock/sources.ts';
import { LocalAnswers } from '../../src/mock/answers.ts';
import { createRequestLog } from '../../src/mock/request-log.ts';
import { rootDir } from '../support/bundle.ts';
import { scenarios } from './support.ts';

const read = (family: string) =>
  parse(readFileSync(path.join(rootDir, 'generated', family, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
const operations = [...new Set(scenarios.flatMap((s) => s.steps.map((st) => st.operation)))].sort();

test('the published legacy contract has none of the captured operations', () => {
  const paths = Object.keys(read('legacy').paths as object);
  expect(operations.filter((op) => paths.includes(`/AereoNoSession.svc/${op}`))).toEqual([]);
});

test("every captured operation is served on the captured route from the observed flavour's types, labelled observed", () => {
  const observed = read('v2-pt-observed');
  const doc = capturedRouteDocument(observed, operations);
  expect(Object.keys(doc.paths as object).sort()).toEqual(operations.map((op) => `/AereoNoSession.svc/${op}`));
  for (const op of operations) {
    const post = (doc.paths as Record<string, { post: Record<string, unknown> }>)[`/AereoNoSession.svc/${op}`]?.post;
    const source = (observed.paths as Record<string, { post: Record<string, unknown> }>)[`/api/V2/Voos/${op}`]?.post;
    expect(String(post?.description)).toMatch(/^Observed only — not published by the provider/);
    expect(post?.requestBody).toEqual(source?.requestBody);
    expect(post?.responses).toEqual(source?.responses);
  }
});

test('a document served beside the families never takes a route a family serves', async () => {
  const extra = {
    paths: {
      '/AereoNoSession.svc/ObterMapaDeAssentos': { post: { responses: {} } },
      '/AereoNoSession.svc/Reservar': { post: { responses: {} } },
    },
  };
  const sources = await resolveSources({ rootDir, families: ['legacy'], documents: { flows: extra } });
  const { documents: docs } = new MockContract(sources.documents, sources.familyIds, {
    reference: false,
    startCache: sources.startCache,
    localAnswers: new LocalAnswers(rootDir),
    log: createRequestLog('silent', { write: () => undefined }),
  });
  const flows = docs.find((d) => d.id === 'flows');
  expect(Object.keys(flows?.doc.paths as object)).toEqual(['/AereoNoSession.svc/Reservar']);
  const legacy = docs.find((d) => d.id === 'legacy');
  expect((legacy?.doc.paths as Record<string, unknown> | undefined)?.['/AereoNoSession.svc/ObterMapaDeAssentos']).not.toEqual(
    extra.paths['/AereoNoSession.svc/ObterMapaDeAssentos'],
  );
});

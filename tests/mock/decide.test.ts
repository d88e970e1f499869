// The decision core (src/mock/decide.ts) is transport-free: it bundles for a browser with no
// Node module, and a plain request gets from it what the node:http front sends.
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { LocalAnswers } from '../../src/mock/answers.ts';
import { MockContract } from '../../src/mock/contract.ts';
import { decide, type DecisionRequest } from '../../src/mock/decide.ts';
import { createRequestLog } from '../../src/mock/request-log.ts';
import { resolveSources } from '../../src/mock/sources.ts';
import { rootDir } from '../support/bundle.ts';
import { loadOperations, validCall } from '../../scripts/lib/contract.ts';

test('the decision core bundles for a browser: no Node module in its import graph', async () => {
  const result = await build({
    entryPoints: [new URL('../../src/mock/decide.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  // The contract index (plain data the build writes) is the one file outside src/ it reads.
  expect(inputs.filter((file) => file.startsWith('node:') || !(file.startsWith('src/') || file === 'generated/contract/index.js'))).toEqual(
    [],
  );
  // Neither eval nor Function in what it runs (a page's Content-Security-Policy refuses both).
  const text = result.outputFiles[0]!.text;
  expect(text).not.toMatch(/\bnew Function\(|\beval\(/);
});

function bytes(text: string): DecisionRequest['body'] {
  const chunk = new TextEncoder().encode(text);
  return { length: chunk.length, chunks: [chunk], bytes: () => chunk };
}

test('a plain request gets the answer, and a bad one its problem, from the core alone', async () => {
  const sources = await resolveSources({ rootDir });
  const log = createRequestLog('silent', { write: () => undefined });
  const contract = new MockContract(sources.documents, sources.familyIds, {
    reference: false,
    startCache: sources.startCache,
    localAnswers: new LocalAnswers('/nonexistent'),
    log,
  });
  await contract.prepare(sources.documents);
  const [op] = await loadOperations(rootDir);
  const call = validCall(op!);
  const headers = Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ok = decide(contract, { method: call.method, target: call.path, headers, body: bytes(call.body ?? '') });
  expect(ok.kind).toBe('send');
  if (ok.kind !== 'send') return;
  expect(ok.status).toBe(200);
  expect(ok.refusal).toBeUndefined();
  expect(JSON.parse(ok.body ?? 'null')).not.toBeNull();
  // Content negotiation is the core's own (RFC 9110, 12.5.1): no Prism in this test.
  for (const accept of ['application/json, text/plain, */*', 'application/*', 'Application/JSON;q=0.8', 'text/html, */*;q=0.1']) {
    const negotiated = decide(contract, {
      method: call.method,
      target: call.path,
      headers: { ...headers, accept },
      body: bytes(call.body ?? ''),
    });
    expect(negotiated.kind === 'send' && [negotiated.status, negotiated.body], accept).toEqual([200, ok.body]);
  }
  for (const accept of ['text/html', 'application/json;q=0, text/*', 'application/problem+json']) {
    const refused = decide(contract, {
      method: call.method,
      target: call.path,
      headers: { ...headers, accept },
      body: bytes(call.body ?? ''),
    });
    expect(refused.kind === 'send' && refused.status, accept).toBe(406);
  }
  // `Prefer` and its query fallbacks are answered from the answers rendered at build time: no Prism.
  const withExamples = contract.routes.operations.find((o) => (o.exampleNames.get(200) ?? []).length > 1)!;
  const [first, second] = withExamples.exampleNames.get(200)!;
  const target = withExamples.template;
  const exampleCall = validCall((await loadOperations(rootDir)).find((o) => o.template === target)!);
  const exampleHeaders = Object.fromEntries(Object.entries(exampleCall.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const answers = new Map<string, string | undefined>();
  for (const [prefer, query] of [
    [`example=${first}`, ''],
    [`code=200, example=${second}`, ''],
    ['', `?__example=${second}&__code=200`],
    ['dynamic=false', ''],
  ] as const) {
    const got = decide(contract, {
      method: exampleCall.method,
      target: `${target}${query}`,
      headers: prefer ? { ...exampleHeaders, prefer } : exampleHeaders,
      body: bytes(exampleCall.body ?? ''),
    });
    expect(got.kind, prefer || query).toBe('send');
    if (got.kind === 'send') answers.set(prefer || query, got.body);
  }
  expect(answers.get(`code=200, example=${second}`)).toBe(answers.get(`?__example=${second}&__code=200`));
  expect(answers.get(`example=${first}`)).not.toBe(answers.get(`code=200, example=${second}`));
  const dynamic = decide(contract, {
    method: exampleCall.method,
    target,
    headers: { ...exampleHeaders, prefer: 'dynamic=true' },
    body: bytes(exampleCall.body ?? ''),
  });
  expect(dynamic.kind).toBe('engine');
  const bad = decide(contract, { method: call.method, target: call.path, headers, body: bytes('{') });
  expect(bad.kind === 'send' && bad.status).toBe(400);
  expect(bad.kind === 'send' && bad.headers['content-type']).toBe('application/problem+json');
  await contract.close();
});

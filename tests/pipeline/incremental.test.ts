// The content-hash cache: nothing changed, nothing rebuilt; one family changed, that
// family (and the pages that show it) rebuilt; a file added to or removed from a folder a
// step reads whole rebuilds that step; --force rebuilds everything. The copy starts built (the
// project's build reused, built-copy.ts), so its first build has little or nothing to do.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPipeline as runBuild, type BuildOptions, type FamilyReport } from '../../scripts/pipeline/pipeline.ts';
import { PipelineSession } from '../../scripts/pipeline/session.ts';
import type { Workspace } from '../../scripts/lib/workspace.ts';
import { builtCopy } from '../support/built-copy.ts';

let copy: Workspace | undefined;
let session: PipelineSession | undefined;
let dir = '';
const runPipeline = (options: BuildOptions) => runBuild({ ...options, session });
// Passed explicitly: a build into a named folder writes no dist/ and no overlay into spec/.
const out = () => path.join(dir, 'generated');
const rebuilt = (reports: FamilyReport[]) =>
  reports
    .filter((r) => !r.skipped)
    .map((r) => r.id)
    .sort();

beforeAll(async () => {
  copy = await builtCopy({ prefix: 'pipeline-incremental-' });
  dir = copy.dir;
  session = new PipelineSession(dir);
  await runPipeline({ rootDir: dir, outDir: out() });
}, 300_000);

afterAll(async () => {
  await session?.close();
  await copy?.dispose();
});

test('a second build with nothing changed rebuilds nothing', async () => {
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(reports)).toEqual([]);
  expect(reports.map((r) => r.id)).toEqual(expect.arrayContaining(['v2-pt', 'legacy', 'v1', 'v2-en', 'v3']));
}, 120_000);

test('a change to one family rebuilds that family, the index and call docs, the docs, the mock answers and the collections, nothing else', async () => {
  const file = path.join(dir, 'spec/v3/paths/Disponibilidade.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('summary: ', 'summary: (edited) '));
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(reports)).toEqual(['docs', 'index', 'mock', 'postman', 'v3']);
  expect(await readFile(path.join(out(), 'v3/openapi.yaml'), 'utf8')).toContain('(edited)');
  // The hover follows the contract: the call's documentation carries the edited summary.
  expect(await readFile(path.join(out(), 'v3/calls.d.ts'), 'utf8')).toContain('(edited)');
}, 120_000);

test('a capture added to a flow rebuilds the lineage, the observed flavours (their chain descriptions), the index and call docs, the docs, the mock answers and the collections, nothing else', async () => {
  const scenario = path.join(dir, 'evidence/flows/cenario1-adulto-ida-nacional-faturado');
  const search = await readFile(path.join(scenario, '02-Disponibilidade.response.json'), 'utf8');
  const token = (JSON.parse(search) as { ViagensTrecho1: Array<{ IdentificacaoDaViagem: string }> }).ViagensTrecho1[1]
    ?.IdentificacaoDaViagem as string;
  // A second pricing that takes the search's second trip: a thread the lineage must find.
  await writeFile(
    path.join(scenario, '11-Tarifar.request.json'),
    JSON.stringify({ Login: 'agencia', Senha: 's3gredo', IdentificacaoDaViagem: token }),
  );
  await writeFile(path.join(scenario, '11-Tarifar.response.json'), '{}');
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  // The observed flavours say which earlier answer feeds a request field (from the lineage): they follow the captures too.
  expect(rebuilt(reports)).toEqual(['docs', 'flows', 'index', 'mock', 'postman', 'v2-pt-observed']);
  // The observed call docs say which answer feeds a field, and in how many captured steps: one more now.
  expect(await readFile(path.join(out(), 'v2-pt-observed/calls.d.ts'), 'utf8')).toContain(
    'Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].IdentificacaoDaViagem` (in 11 captured flow steps).',
  );
  const lineage = JSON.parse(await readFile(path.join(out(), 'flows/lineage.json'), 'utf8')) as {
    scenarios: Array<{ name: string; steps: Array<{ id: string; threads: Array<{ fromPath: string }> }> }>;
  };
  const added = lineage.scenarios.find((s) => s.name === 'cenario1-adulto-ida-nacional-faturado')?.steps.find((s) => s.id === '11-Tarifar');
  expect(added?.threads.map((t) => t.fromPath)).toEqual(['ViagensTrecho1[1].IdentificacaoDaViagem']);
  expect(await readFile(path.join(out(), 'docs/flows.html'), 'utf8')).toContain('data-step="11-Tarifar"');
}, 120_000);

test('a source folder added to evidence/ rebuilds the observed flavours; removed, it rebuilds them back', async () => {
  const types = () => readFile(path.join(out(), 'v2-pt-observed/schema.d.ts'), 'utf8');
  // A build into another folder leaves spec/ alone: the overlay shows in the observed bundle.
  const overlay = () => readFile(path.join(out(), 'v2-pt-observed/openapi.yaml'), 'utf8');
  const [typesBefore, overlayBefore] = [await types(), await overlay()];
  // A second, independent copy of a provider's template: a new folder the previous build never listed.
  const again = path.join(dir, 'evidence/noro-guru-again');
  await cp(path.join(dir, 'evidence/noro-guru'), again, { recursive: true });
  const source = path.join(again, 'source.json');
  await writeFile(source, (await readFile(source, 'utf8')).replace('"id": "noro-guru"', '"id": "noro-guru-again"'));
  await rm(path.join(again, 'facts.json'), { force: true });
  const added = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(added)).toEqual(expect.arrayContaining(['v2-pt-observed']));
  expect(rebuilt(added)).not.toContain('flows');
  expect(await overlay()).not.toBe(overlayBefore);
  expect(await overlay()).toContain('noro-guru-again');
  expect(await types()).not.toBe(typesBefore);
  await rm(again, { recursive: true });
  const removed = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(removed)).toEqual(expect.arrayContaining(['v2-pt-observed']));
  expect(await overlay()).toBe(overlayBefore);
  expect(await types()).toBe(typesBefore);
}, 300_000);

test('a recorded V2 seat map added to evidence/ types the seat map on both routes after a plain build (Part 4.1)', async () => {
  const source = path.join(dir, 'evidence/seat-map-recording');
  const file = 'recording/api-V2-Voos/ObterMapaDeAssentos/0001.response.json';
  await mkdir(path.dirname(path.join(source, file)), { recursive: true });
  await writeFile(
    path.join(source, file),
    JSON.stringify({ status: 200, body: { Cabine: [{ Linha: 12, Livre: true }], Exception: null } }),
  );
  await writeFile(
    path.join(source, 'source.json'),
    JSON.stringify({
      id: 'seat-map-recording',
      kind: 'captured traffic',
      route: 'api-V2-Voos',
      what: 'A seat map recorded on the V2 route (a test fixture).',
      sanitization: 'Nothing to replace: figures and flags only.',
      recording: {
        tool: { name: 'test', version: '0' },
        upstream: { kind: 'sandbox' },
        ended: '2026-01-01T00:00:00Z',
        sha256: '0'.repeat(64),
      },
      bodies: [{ operation: 'ObterMapaDeAssentos', body: 'response', route: 'api-V2-Voos', file, member: 'body', from: file }],
    }),
  );
  const reports = await runPipeline({ rootDir: dir, outDir: out() });
  expect(rebuilt(reports)).toEqual(expect.arrayContaining(['v2-pt-observed']));
  for (const [flavour, route, schema] of [
    ['v2-pt-observed', '/api/V2/Voos/ObterMapaDeAssentos', 'ObterMapaDeAssentosRSObservado'],
    ['legacy-observed', '/AereoNoSession.svc/ObterMapaDeAssentos', 'ObterMapaDeAssentosRSObservadoLegado'],
  ] as const) {
    const bundle = JSON.parse(await readFile(path.join(out(), flavour, 'openapi.json'), 'utf8')) as {
      paths: Record<string, { post?: { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> } }>;
    };
    const answer = bundle.paths[route]?.post?.responses?.['200']?.content?.['application/json']?.schema?.$ref;
    expect(answer, flavour).toBe(`#/components/schemas/${schema}`);
    expect(await readFile(path.join(out(), flavour, 'schema.d.ts'), 'utf8')).toContain(`${schema}: `);
  }
  await rm(source, { recursive: true });
}, 300_000);

test('--force rebuilds every family', async () => {
  const reports = await runPipeline({ rootDir: dir, outDir: out(), force: true });
  expect(rebuilt(reports)).toEqual(expect.arrayContaining(['v2-pt', 'legacy', 'v1', 'v2-en', 'v3', 'v2-pt-observed', 'docs']));
}, 300_000);

// Bruno's runner (`bru run`, @usebruno/cli) over every shipped Bruno collection, copied
// out of the packed install's node_modules as docs/collections.md says (bru skips any path
// holding `node_modules`), against the real mock: every request answered 2xx with both developer headers and the
// credentials taken from the variables, every request's checks counted by bru (Tests N/N)
// and none failed; the certification scenarios replayed in order with their identifiers
// threaded; a refused body trips the 2xx check while the 4xx check finds the field; the
// files are what Bruno's converter and the finishing make of the shipped Postman
// collections, byte for byte. And `bru import openapi`'s converter on a shipped bundle,
// what docs/collections.md says of it: PASS on 401s as shipped, one 422 with the overlay.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openApiToBruno } from '@usebruno/converters';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type BrunoCollection, brunoFiles, renderBruno } from '../../scripts/postman/bruno.ts';
import { type PostmanCollection, requestsOf } from '../../scripts/postman/finish.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';
import { packedInstall } from '../support/shared-fixtures.ts';
import { type BruReport, installBru, runBru } from '../support/tools.ts';

const BRUNO = path.join(rootDir, 'generated', 'bruno');
const POSTMAN = path.join(rootDir, 'generated', 'postman');
const COLLECTIONS = readdirSync(BRUNO).sort();
/** The one request of Bruno's import of v2-pt (with the overlay) the mock refuses: Bruno fills its date with "" (docs/collections.md). */
const DATE_REFUSED = 'Disponibilidade';
const postmanOf = (id: string) =>
  JSON.parse(readFileSync(path.join(POSTMAN, `${id}.postman_collection.json`), 'utf8')) as PostmanCollection;

let bru = '';
let work = '';
let observedMock: RunningMock;
let flowsMock: RunningMock;
const reports = new Map<string, BruReport>();

/** Which mock a collection runs against: the observed flavour's, the scenarios', or the suite's. */
function mockFor(id: string): string {
  if (id === 'flows') return flowsMock.url;
  return id.endsWith('-observed') ? observedMock.url : inject('mockUrl');
}

/** Writes a collection's files into a fresh directory of its own. */
async function writeCollection(name: string, files: Map<string, string>): Promise<string> {
  const dir = path.join(work, name);
  for (const [relative, text] of files) {
    await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
    await writeFile(path.join(dir, relative), text);
  }
  return dir;
}

/** The installed package's collections, each copied out of node_modules (`cp -R …/<id>/. bruno-<id>`, as the docs say). */
let installed = '';
let copies = '';

beforeAll(async () => {
  let install: Awaited<ReturnType<typeof packedInstall>>;
  [bru, observedMock, flowsMock, work, install] = await Promise.all([
    installBru(),
    startMock({ rootDir, port: 0, observed: true, logLevel: 'silent' }),
    startMock({ rootDir, port: 0, flows: true, logLevel: 'silent' }),
    mkdtemp(path.join(tmpdir(), 'bru-')),
    packedInstall(),
  ]);
  installed = path.join(install.project, 'node_modules', 'air-travel-api-contract', 'generated', 'bruno');
  copies = await install.workDir('bruno-copies');
  for (const id of COLLECTIONS) await cp(path.join(installed, id), path.join(copies, `bruno-${id}`), { recursive: true });
  // Two runs at a time (bru's start is CPU-bound); each collection once, read by the tests below.
  const queue = [...COLLECTIONS];
  const lane = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift())
      reports.set(id, await runBru(bru, path.join(copies, `bruno-${id}`), mockFor(id)));
  };
  await Promise.all([lane(), lane()]);
}, 600_000);

afterAll(async () => {
  await Promise.all([observedMock?.close(), flowsMock?.close()]);
  if (work) await rm(work, { recursive: true, force: true });
  if (copies) await rm(copies, { recursive: true, force: true });
});

test('every Postman collection has its Bruno collection', () => {
  const postman = readdirSync(POSTMAN).map((f) => f.replace('.postman_collection.json', ''));
  expect(COLLECTIONS).toEqual(postman.sort());
});

/** Every file of a directory, by its path under it. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const)));
}

describe.each(COLLECTIONS)('%s', (id) => {
  test("is what Bruno's converter and the finishing make of the shipped Postman collection, byte for byte", async () => {
    const made = await brunoFiles(postmanOf(id));
    const [shipped, packed] = await Promise.all([filesUnder(path.join(BRUNO, id)), filesUnder(path.join(installed, id))]);
    expect([...shipped.keys()].sort()).toEqual([...made.keys()].sort());
    for (const [file, text] of made) expect(shipped.get(file), file).toBe(text);
    // What bru runs below is the installed package's copy: the same files.
    expect(packed).toEqual(shipped);
  });

  test('bru run against the mock: every request 2xx with both developer headers and the credentials, its checks counted, none failed', () => {
    const report = reports.get(id);
    if (!report) throw new Error(`${id}: bru did not run`);
    const requests = requestsOf(postmanOf(id).item);
    expect(report.summary.totalRequests, report.output).toBe(requests.length);
    expect(
      report.results
        .filter((r) => !(Number(r.response.status) >= 200 && Number(r.response.status) < 300))
        .map((r) => `${r.test.filename} → ${r.response.status ?? r.error}`),
    ).toEqual([]);
    expect(report.summary.failedTests, report.output).toBe(0);
    expect(report.summary.totalTests).toBeGreaterThanOrEqual(requests.length);
    expect(report.code, report.output).toBe(0);
    for (const r of report.results) {
      expect(r.testResults.length, r.test.filename).toBeGreaterThan(0);
      expect(r.request.headers['developer-token'], r.test.filename).toBe('<DEVELOPER_TOKEN>');
      expect(r.request.headers['developer-access-code'], r.test.filename).toBe('<ACCESS_CODE>');
      expect(JSON.stringify(r.request), r.test.filename).not.toContain('{{');
    }
    // Every body the Postman collection sends the credentials in, bru sent them from the variables.
    const withCredentials = requests.filter((r) => r.request.body?.raw.includes('{{Login}}')).length;
    expect(report.results.filter((r) => JSON.stringify(r.request.data).includes('<LOGIN>'))).toHaveLength(withCredentials);
  });
});

test('the certification scenarios: every step replayed by the flows mock, in order, each identifier handed on by the checks', () => {
  const report = reports.get('flows');
  if (!report) throw new Error('flows: bru did not run');
  const scenarios = readScenarios(rootDir);
  expect(report.summary.totalRequests).toBe(scenarios.reduce((n, s) => n + s.steps.length, 0));
  expect(new Set(report.results.map((r) => r.response.headers?.['x-mock-flows']))).toEqual(new Set(['replay']));
  const run = report.results.map((r) => r.test.filename.split(path.sep)[0]);
  expect([...new Set(run)].sort()).toEqual(scenarios.map((s) => s.name).sort());
  // A threaded identifier is checked and handed on by a test of its own, beside the 2xx check.
  expect(report.summary.totalTests).toBeGreaterThan(report.summary.totalRequests);
});

test("a body the contract refuses: bru's 2xx check fails, the 4xx check finds the field in the mock's problem", async () => {
  const collection = postmanOf('v2-pt');
  const remover = requestsOf(collection.item).find((r) => r.request.url.path.at(-1) === 'RemoverAssentos');
  if (!remover?.request.body) throw new Error('v2-pt has no RemoverAssentos request with a body');
  remover.request.body.raw = JSON.stringify({ ...(JSON.parse(remover.request.body.raw) as object), PaxID: 1 });
  collection.item = [remover];
  const report = await runBru(bru, await writeCollection('refused', await brunoFiles(collection)), inject('mockUrl'));
  expect(report.results.map((r) => r.response.status)).toEqual([422]);
  expect(report.results[0]?.testResults.map((t) => [t.description, t.status])).toEqual([
    ['answered 2xx', 'fail'],
    ['a 4xx is a problem body that names the field', 'pass'],
  ]);
  expect(report.code).not.toBe(0);
}, 120_000);

test("Bruno's OpenAPI import of v2-pt, run by bru: PASS on 401s as shipped; with the overlay, no 401 and one 422 for Bruno's empty date", async () => {
  const runImport = async (name: string, bundle: string) => {
    const imported = openApiToBruno(JSON.parse(await readFile(bundle, 'utf8'))) as BrunoCollection;
    return runBru(bru, await writeCollection(name, renderBruno(imported)), inject('mockUrl'));
  };
  const overlaid = path.join(work, 'v2-pt.overlaid.json');
  await promisify(execFile)(path.join(rootDir, 'node_modules', '.bin', 'openapi-format'), [
    path.join(rootDir, 'generated', 'v2-pt', 'openapi.json'),
    '--overlayFile',
    path.join(rootDir, 'overlays', 'both-developer-headers.yaml'),
    '-o',
    overlaid,
  ]);
  const [asShipped, withOverlay] = await Promise.all([
    runImport('imported', path.join(rootDir, 'generated', 'v2-pt', 'openapi.json')),
    runImport('imported-overlaid', overlaid),
  ]);
  const operations = requestsOf(postmanOf('v2-pt').item).length;
  // As shipped: every call refused for the missing header, and bru still passes (the import carries no check).
  expect(asShipped.results.map((r) => r.response.status)).toEqual(Array(operations).fill(401));
  expect(asShipped.summary.totalTests).toBe(0);
  expect(asShipped.code, asShipped.output).toBe(0);
  // With the overlay: both headers; the one refusal left is the body Bruno's importer fills with an empty date.
  const refused = withOverlay.results.filter((r) => !(Number(r.response.status) >= 200 && Number(r.response.status) < 300));
  expect(withOverlay.results).toHaveLength(operations);
  expect(refused.map((r) => [path.basename(r.test.filename, '.bru'), r.response.status])).toEqual([[DATE_REFUSED, 422]]);
  const sent = refused[0]?.request.data;
  expect((typeof sent === 'string' ? JSON.parse(sent) : sent) as Record<string, unknown>).toMatchObject({ DataIda: '' });
  expect(JSON.stringify(refused[0]?.response.data)).toContain('DataIda');
}, 300_000);

// Every operation of every bundle called from clients other languages' generators made, as an
// integrator in C# or plain JavaScript would: the published bundles against the mock of the
// run, the observed bundles against one observed mock, both developer headers on every call
// (the mocks answer 401 without either, so a 2xx shows both were sent), each answer parsed by
// the generated code. C#: NSwag (npm `nswag`, run under mono) generates one client per bundle,
// compiled ONCE with tests/other-languages/Driver.cs into one program that calls them all.
// JavaScript: `swagger-client` and `openapi-client-axios` read each bundle at run time. Then
// docs/other-languages.md's commands, C# files and script, run as written. The tools come from
// tests/other-languages/package-lock.json (installTool); bundles.test.ts checks the shapes.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  CANARY_ACCESS_CODE,
  CANARY_PASSWORD,
  DEVELOPER_TOKEN,
  contractOperationsOf,
  resolve,
  validBody,
} from '../../scripts/lib/contract.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { rootDir } from '../support/bundle.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { installTool } from '../support/tools.ts';

const run = promisify(execFile);
const PUBLISHED = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy'];
const OBSERVED = ['v2-pt-observed', 'legacy-observed'];
const BUNDLES = [...PUBLISHED, ...OBSERVED];

/** One operation to call: its bundle, the mock flavour serving it, its path arguments and a body its contract accepts. */
interface Call {
  bundle: string;
  ns: string;
  mock: 'published' | 'observed';
  operationId: string;
  /** The operationId, and the example's name when the body is one of the operation's request examples. */
  label: string;
  method: string;
  template: string;
  pathArgs: Record<string, string>;
  body: Json | undefined;
}

/** `v2-pt-observed` → `Bundles.V2PtObserved`: the C# namespace of a bundle's NSwag client. */
const namespaceOf = (bundle: string) => `Bundles.${bundle.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase())}`;

const docs = new Map<string, JsonObject>();
const calls: Call[] = [];
for (const bundle of BUNDLES) {
  const doc = JSON.parse(await readFile(path.join(rootDir, 'generated', bundle, 'openapi.json'), 'utf8')) as JsonObject;
  docs.set(bundle, doc);
  for (const op of contractOperationsOf(bundle, doc)) {
    const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const values = op.path.split('/').filter((_, i) => op.template.split('/')[i]?.startsWith('{'));
    const call = {
      bundle,
      ns: namespaceOf(bundle),
      mock: OBSERVED.includes(bundle) ? ('observed' as const) : ('published' as const),
      operationId: op.name,
      method: op.method,
      template: op.template,
      pathArgs: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(values[i] ?? '')])),
    };
    calls.push({ ...call, label: op.name, body: validBody(op) });
    // The operation's request examples too (the observed bodies integrations sent), each as its own call.
    for (const [name, example] of Object.entries(requestExamples(doc, op.template, op.method)))
      calls.push({ ...call, label: `${op.name} (example ${name})`, body: example });
  }
}

/** The request examples of an operation's JSON body, by name. */
function requestExamples(doc: JsonObject, template: string, method: string): Record<string, Json> {
  const operation = resolve(doc, resolve(doc, (doc.paths as JsonObject)[template])[method]);
  const media = resolve(doc, resolve(doc, resolve(doc, operation.requestBody).content)['application/json']);
  const examples = resolve(doc, media.examples);
  return Object.fromEntries(
    Object.entries(examples).flatMap(([name, raw]) => {
      const example = resolve(doc, raw);
      return example.value === undefined ? [] : [[name, example.value]];
    }),
  );
}

let tools = '';
let work = '';
let observedMock: MockProcess | undefined;
const urls = { published: inject('mockUrl'), observed: '' };
const headers = { 'developer-token': DEVELOPER_TOKEN, 'developer-access-code': CANARY_ACCESS_CODE };

/** Each C# call's outcome, by `ns label`: `ok <answer type>` or `fail: <why>`. */
let csharpRun: Promise<Map<string, string>>;
/** What the page's Program.cs printed. */
let pageRun: Promise<{ stdout: string }>;
/** The project the page assumes, and the environment its programs read. */
let page = { dir: '', env: {} as NodeJS.ProcessEnv };

beforeAll(async () => {
  [tools, observedMock] = await Promise.all([installTool('other-languages'), startMockProcess(rootDir, ['--observed'])]);
  urls.observed = observedMock.url;
  work = await mkdtemp(path.join(os.tmpdir(), 'other-languages-'));
  page = await preparePage();
  // Both C# builds side by side (NSwag and mono wait more than they compute); the tests await them,
  // and a failure is reported there, not as an unhandled rejection here.
  csharpRun = runCsharp();
  pageRun = runPageCsharp();
  csharpRun.catch(() => undefined);
  pageRun.catch(() => undefined);
}, 600_000);

afterAll(async () => {
  await observedMock?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const PAGE = path.join(rootDir, 'docs', 'other-languages.md');
const PAGE_NAMESPACE = 'Bundles.LegacyObserved';

/** The fenced blocks of one language in docs/other-languages.md, in page order. */
async function pageBlocks(language: 'sh' | 'csharp' | 'js'): Promise<string[]> {
  const page = await readFile(PAGE, 'utf8');
  return [...page.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] as string);
}

/** The first C# block of the page: the support file it tells integrators to add once per namespace. */
async function supportBlock(): Promise<string> {
  const [block] = await pageBlocks('csharp');
  if (!block?.includes(`namespace ${PAGE_NAMESPACE}`)) throw new Error(`${PAGE}: no C# support block for ${PAGE_NAMESPACE}`);
  return block;
}

/** NSwag on every bundle (side by side), then one `mcs` of all clients and the driver, then one mono run. */
async function runCsharp(): Promise<Map<string, string>> {
  const nswag = path.join(tools, 'nswag', 'bin', 'binaries', 'Win');
  await Promise.all(
    BUNDLES.map((bundle) =>
      run('mono', [
        path.join(nswag, 'NSwag.exe'),
        'openapi2csclient',
        `/input:${path.join(rootDir, 'generated', bundle, 'openapi.json')}`,
        `/output:${path.join(work, `${bundle}.cs`)}`,
        `/namespace:${namespaceOf(bundle)}`,
        '/className:Client',
        '/operationGenerationMode:SingleClientFromOperationId',
        '/generateOptionalPropertiesAsNullable:true',
        '/excludedTypeNames:TipoNaoPublicado',
      ]),
    ),
  );
  await copyFile(path.join(nswag, 'Newtonsoft.Json.dll'), path.join(work, 'Newtonsoft.Json.dll'));
  await writeFile(
    path.join(work, 'calls.json'),
    JSON.stringify(
      calls.map((c) => ({
        ns: c.ns,
        operationId: c.operationId,
        label: c.label,
        mock: c.mock,
        pathArgs: Object.values(c.pathArgs),
        body: c.body ?? null,
      })),
    ),
  );
  // The page's support block (settings, TipoNaoPublicado), once per namespace, as the page says.
  const support = await supportBlock();
  await Promise.all(BUNDLES.map((b) => writeFile(path.join(work, `${b}.support.cs`), support.replaceAll(PAGE_NAMESPACE, namespaceOf(b)))));
  const exe = path.join(work, 'clients.exe');
  await run('mcs', [
    '-nologo',
    '-warn:0',
    `-out:${exe}`,
    '-r:System.Net.Http.dll',
    '-r:System.ComponentModel.DataAnnotations.dll',
    '-r:System.Runtime.Serialization.dll',
    `-r:${path.join(work, 'Newtonsoft.Json.dll')}`,
    ...BUNDLES.flatMap((b) => [path.join(work, `${b}.cs`), path.join(work, `${b}.support.cs`)]),
    path.join(import.meta.dirname, 'Driver.cs'),
  ]);
  const { stdout } = await run(
    'mono',
    [exe, path.join(work, 'calls.json'), urls.published, urls.observed, DEVELOPER_TOKEN, CANARY_ACCESS_CODE],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const lines = stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { ns: string; label: string; result: string });
  return new Map(lines.map((l) => [`${l.ns} ${l.label}`, l.result]));
}

/** The failures of one generator, each naming the generator, the bundle and the operation. */
function failures(generator: string, outcomes: Array<[Call, string]>): string[] {
  return outcomes.filter(([, r]) => !r.startsWith('ok')).map(([c, r]) => `${generator}: ${c.bundle} ${c.label}: ${r}`);
}

test('every bundle has operations to call', () => {
  for (const bundle of BUNDLES) expect(calls.filter((c) => c.bundle === bundle).length, bundle).toBeGreaterThan(0);
  expect(calls.length).toBeGreaterThan(100);
  // The observed request examples: 10 operations in each observed flavour.
  const examples = calls.filter((c) => c.label !== c.operationId);
  for (const bundle of OBSERVED) expect(examples.filter((c) => c.bundle === bundle).length, bundle).toBeGreaterThanOrEqual(10);
});

describe('C# (NSwag under mono): one program, every client', () => {
  test('every operation of every bundle answers and the generated code parses it', async () => {
    const csharp = await csharpRun;
    const outcomes = calls.map((c) => [c, csharp.get(`${c.ns} ${c.label}`) ?? 'fail: not called'] as [Call, string]);
    expect(failures('NSwag', outcomes)).toEqual([]);
    expect(outcomes).toHaveLength(calls.length);
  }, 300_000);
});

type SwaggerClientFactory = (options: { spec: JsonObject }) => Promise<{
  execute(request: {
    operationId: string;
    parameters?: Record<string, string>;
    requestBody?: Json;
    securities: { authorized: Record<string, { value: string }> };
  }): Promise<{ status: number; body: unknown }>;
}>;

interface AxiosClientApi {
  init(): Promise<Record<string, (parameters: Record<string, string> | null, body?: Json) => Promise<{ status: number; data: unknown }>>>;
}
type AxiosClientClass = new (options: {
  definition: JsonObject;
  axiosConfigDefaults: { baseURL: string; headers: Record<string, string> };
}) => AxiosClientApi;

/** The bundle with `servers` pointed at a mock: both libraries default to the first server, `https://{sandbox_base_url}`. */
const pointedAt = (doc: JsonObject, url: string): JsonObject => ({ ...structuredClone(doc), servers: [{ url }] });

/** A parsed JSON answer: an object, an array or a string the library decoded from the body. */
const parsed = (value: unknown) => isObject(value as Json) || Array.isArray(value) || typeof value === 'string';

describe('JavaScript, reading the bundle at run time', () => {
  const toolRequire = () => createRequire(path.join(tools, 'package.json'));

  test.each(BUNDLES)('swagger-client calls every operation of %s', async (bundle) => {
    const SwaggerClient = toolRequire()('swagger-client') as SwaggerClientFactory;
    const doc = docs.get(bundle) as JsonObject;
    const own = calls.filter((c) => c.bundle === bundle);
    const client = await SwaggerClient({ spec: pointedAt(doc, urls[own[0]?.mock ?? 'published']) });
    const outcomes: Array<[Call, string]> = [];
    for (const c of own) {
      const call = () =>
        client.execute({
          operationId: c.operationId,
          parameters: c.pathArgs,
          ...(c.body === undefined ? {} : { requestBody: c.body }),
          // The security schemes' names: swagger-client sends each as the header the scheme names.
          securities: { authorized: { developerToken: { value: DEVELOPER_TOKEN }, developerAccessCode: { value: CANARY_ACCESS_CODE } } },
        });
      // Once more on `fetch failed` alone: a kept-alive socket the mock closed as it was reused, not an answer.
      const answer = await call()
        .catch((e: Error) => (e.message === 'fetch failed' ? call() : Promise.reject(e)))
        .then(
          (r) => (r.status >= 200 && r.status < 300 && parsed(r.body) ? 'ok' : `fail: ${r.status}`),
          (e: Error) => `fail: ${e.message}`,
        );
      outcomes.push([c, answer]);
    }
    expect(failures('swagger-client', outcomes)).toEqual([]);
  });

  test.each(BUNDLES)('openapi-client-axios calls every operation of %s', async (bundle) => {
    const { OpenAPIClientAxios } = toolRequire()('openapi-client-axios') as { OpenAPIClientAxios: AxiosClientClass };
    const doc = docs.get(bundle) as JsonObject;
    const own = calls.filter((c) => c.bundle === bundle);
    const api = new OpenAPIClientAxios({
      definition: structuredClone(doc),
      axiosConfigDefaults: { baseURL: urls[own[0]?.mock ?? 'published'], headers },
    });
    const client = await api.init();
    const outcomes: Array<[Call, string]> = [];
    for (const c of own) {
      const operation = client[c.operationId];
      const answer = operation
        ? await operation(Object.keys(c.pathArgs).length > 0 ? c.pathArgs : null, c.body).then(
            (r) => (r.status >= 200 && r.status < 300 && parsed(r.data) ? 'ok' : `fail: ${r.status}`),
            (e: Error) => `fail: ${e.message}`,
          )
        : 'fail: no such method';
      outcomes.push([c, answer]);
    }
    expect(failures('openapi-client-axios', outcomes)).toEqual([]);
  });
});

/** A command of the page as written, without its `# not run here: …` note (this test is where it runs). */
const asWritten = (line: string) => line.replace(/\s+#\s*not run here:.*$/, '');

/** The page's project: the package and the tools in node_modules, and the environment its programs read. */
async function preparePage(): Promise<typeof page> {
  const dir = path.join(work, 'page');
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(rootDir, path.join(dir, 'node_modules', 'air-travel-api-contract'));
  for (const tool of ['nswag', 'swagger-client', 'openapi-client-axios', 'axios'])
    await symlink(path.join(tools, tool), path.join(dir, 'node_modules', tool));
  const env = {
    ...process.env,
    BASE_URL: urls.observed,
    DEVELOPER_TOKEN,
    DEVELOPER_ACCESS_CODE: CANARY_ACCESS_CODE,
    AGENCY_LOGIN: 'agencia',
    AGENCY_PASSWORD: CANARY_PASSWORD,
  };
  return { dir, env };
}

/** The page's C# section as written: its commands (generate, copy, compile), its two files, then its run. */
async function runPageCsharp(): Promise<{ stdout: string }> {
  const [commands] = await pageBlocks('sh');
  const [support, program] = await pageBlocks('csharp');
  if (!commands || !support || !program) throw new Error(`${PAGE}: the C# section lost a block`);
  await writeFile(path.join(page.dir, 'LegacySupport.cs'), support);
  await writeFile(path.join(page.dir, 'Program.cs'), program);
  const lines = commands
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(asWritten);
  const started = lines.find((l) => l.includes('mono app.exe'));
  if (lines.length !== 4 || !started) throw new Error(`${PAGE}: the C# commands are not generate, copy, compile, run`);
  for (const line of lines.filter((l) => l !== started)) await sh(line, page.dir, page.env);
  // Its `BASE_URL=…` prefix stands for the mock's address: the environment gives the observed mock's.
  return sh(started.replace(/^BASE_URL=\S+\s+/, ''), page.dir, page.env);
}

describe('docs/other-languages.md, run as written against mock --observed', () => {
  test('C#: NSwag, the support file and Program.cs compile; the one legacy client calls, dates stay strings, a null ClienteId is not sent', async () => {
    const { stdout } = await pageRun;
    expect(stdout).toMatch(/^ClienteId sent: False$/m);
    expect(stdout).toMatch(/^ObterMapaDeAssentos: \w+$/m);
    expect(stdout).toMatch(/^Disponibilidade Data: \/Date\(-?\d+([+-]\d{4})?\)\/$/m);
    expect(stdout).not.toContain(CANARY_PASSWORD);
  }, 180_000);

  test('JavaScript: client.mjs calls through swagger-client and openapi-client-axios, both headers, dates as strings', async () => {
    const [script] = await pageBlocks('js');
    if (!script) throw new Error(`${PAGE}: no JavaScript block`);
    await writeFile(path.join(page.dir, 'client.mjs'), script);
    const [, install] = await pageBlocks('sh');
    const started = install
      ?.split('\n')
      .map(asWritten)
      .find((l) => l.includes('node client.mjs'));
    expect(started).toBeDefined();
    const line = (started as string).replace(/^BASE_URL=\S+\s+/, '').replace(/^node /, `"${process.execPath}" `);
    const { stdout } = await sh(line, page.dir, page.env);
    expect(stdout).toMatch(/^swagger-client: 200 Data \/Date\(-?\d+([+-]\d{4})?\)\/$/m);
    expect(stdout).toMatch(/^openapi-client-axios: 200 Data \/Date\(-?\d+([+-]\d{4})?\)\/$/m);
  }, 60_000);
});

/** One command line through bash, in `cwd`, failing with what it printed. */
async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string }> {
  return run('bash', ['-c', line], { cwd, env, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`${line}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
}

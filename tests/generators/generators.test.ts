// The bundles are faithful in the generators integrators use besides ours: a client is
// generated from every bundle with @hey-api/openapi-ts, orval, openapi-zod-client
// (--with-deprecated) and openapi-typescript-codegen, each generator's output type-checks,
// and every property of every observed schema survives in every output. The generators
// are installed at test time from tests/generators/package-lock.json (exact versions,
// integrity-checked by `npm ci`) into .cache/, once per lock.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRecord } from '../../src/lib/json.ts';
import { rootDir } from '../support/bundle.ts';

const run = promisify(execFile);
const HERE = path.join(rootDir, 'tests/generators');
const BUNDLES = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy', 'v2-pt-observed', 'legacy-observed'];
const OBSERVED = ['v2-pt-observed', 'legacy-observed'];

/** One bundle to generate a client from, and the folder the client goes to. */
interface Job {
  bundle: string;
  out: string;
}

interface Generator {
  name: string;
  /** Writes the client of each job's bundle into its folder (one process for all where the CLI takes several). */
  generate(tools: string, jobs: readonly Job[]): Promise<unknown>;
}

const bin = (tools: string, name: string) => path.join(tools, 'node_modules', '.bin', name);
// hey-api and orval declare Node 22.18 or later: they run on the Node running this test (the pinned 24).
const runNode = (args: string[], cwd: string) => run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
/** A CLI that takes one bundle per run, run once per job. */
const eachJob = async (jobs: readonly Job[], one: (job: Job) => Promise<unknown>) => {
  for (const job of jobs) await one(job);
};

const GENERATORS: Generator[] = [
  {
    name: '@hey-api/openapi-ts',
    // Several inputs and as many outputs make one job each, as separate runs would (`-i <path...> -o <path...>`).
    generate: (tools, jobs) =>
      runNode([bin(tools, 'openapi-ts'), '-i', ...jobs.map((j) => j.bundle), '-o', ...jobs.map((j) => j.out)], tools),
  },
  {
    name: 'orval',
    // One config, one entry per bundle: orval writes each entry's target.
    generate: async (tools, jobs) => {
      const first = jobs[0] as Job;
      const config = path.join(first.out, '..', `${path.basename(first.out)}.orval.config.cjs`);
      await mkdir(path.dirname(config), { recursive: true });
      const entries = jobs.map(
        (j, i) =>
          `api${i}: { input: ${JSON.stringify(j.bundle)}, output: { target: ${JSON.stringify(path.join(j.out, 'api.ts'))}, client: 'fetch', mode: 'single' } }`,
      );
      await writeFile(config, `module.exports = { ${entries.join(', ')} };\n`);
      return runNode([bin(tools, 'orval'), '--config', config], tools);
    },
  },
  {
    name: 'openapi-zod-client',
    generate: (tools, jobs) =>
      eachJob(jobs, async ({ bundle, out }) => {
        await mkdir(out, { recursive: true });
        // Without --with-deprecated it writes no endpoint of a deprecated family (legacy).
        return runNode([bin(tools, 'openapi-zod-client'), bundle, '-o', path.join(out, 'client.ts'), '--with-deprecated'], tools);
      }),
  },
  {
    name: 'openapi-typescript-codegen',
    generate: (tools, jobs) =>
      eachJob(jobs, ({ bundle, out }) => runNode([bin(tools, 'openapi'), '--input', bundle, '--output', out, '--client', 'fetch'], tools)),
  },
];

let tools = '';
let work = '';

/** The generators, installed once per lock file. */
async function installTools(): Promise<string> {
  const lock = await readFile(path.join(HERE, 'package-lock.json'));
  const dir = path.join(rootDir, '.cache', 'generators', createHash('sha256').update(lock).digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, 'node_modules', '.installed'))) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(path.join(HERE, 'package.json'), path.join(dir, 'package.json'));
  await cp(path.join(HERE, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await run(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  await writeFile(path.join(dir, 'node_modules', '.installed'), '');
  return dir;
}

/** Every .ts file under a folder, as one text. */
async function textOf(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
}

/** Property names of every component schema marked `x-observed`, with those of its `allOf` members. */
function observedProperties(doc: Record<string, unknown>): Map<string, string[]> {
  const schemas = isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
  const out = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isRecord(schema) || schema['x-observed'] === undefined) continue;
    const members = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isRecord) : [])];
    const names = members.flatMap((m) => (isRecord(m.properties) ? Object.keys(m.properties) : []));
    if (names.length > 0) out.set(name, [...new Set(names)]);
  }
  return out;
}

let typeCheck: Promise<string[]> | undefined;

/**
 * The type errors of every generator's clients, from one tsc over all their folders (one
 * program: the DOM library and the generated imports are read once, not once per generator),
 * each line naming its file as `<generator index>/<bundle>/…`.
 */
function typeErrors(): Promise<string[]> {
  typeCheck ??= (async () => {
    await writeFile(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          // The generated imports (zod, @zodios/core, axios) resolve from the generators' install.
          baseUrl: '.',
          paths: { '*': [path.join(tools, 'node_modules', '*')] },
        },
        include: GENERATORS.map((_, i) => `${i}/**/*.ts`),
      }),
    );
    const output = await run(process.execPath, [bin(tools, 'tsc'), '-p', path.join(work, 'tsconfig.json'), '--pretty', 'false'], {
      cwd: work,
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout || 'tsc failed',
    );
    return output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith(' '));
  })();
  return typeCheck;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  tools = await installTools();
  work = await mkdtemp(path.join(os.tmpdir(), 'generators-'));
  // Every generator on every bundle, the generators side by side.
  await Promise.all(
    GENERATORS.map((g, i) =>
      g.generate(
        tools,
        BUNDLES.map((id) => ({ bundle: path.join(rootDir, 'generated', id, 'openapi.json'), out: path.join(work, String(i), id) })),
      ),
    ),
  );
}, 600_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe.each(GENERATORS.map((g, i) => ({ generator: g.name, i })))('$generator', ({ i }) => {
  test('its client of every bundle type-checks', async () => {
    for (const id of BUNDLES) expect(existsSync(path.join(work, String(i), id)), id).toBe(true);
    // Its own errors, and any tsc could not tie to a generator's folder (a broken config).
    const errors = (await typeErrors()).filter((line) => line.startsWith(`${i}/`) || !/^\d+\//.test(line));
    expect(errors).toEqual([]);
  }, 300_000);

  test.each(OBSERVED)(
    'every property of every observed schema of %s survives',
    async (id) => {
      const doc = JSON.parse(await readFile(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8')) as Record<string, unknown>;
      const wanted = observedProperties(doc);
      expect(wanted.size).toBeGreaterThan(5);
      const text = await textOf(path.join(work, String(i), id));
      const missing: string[] = [];
      for (const [schema, names] of wanted) {
        for (const name of names) {
          // A property as a type member or an object key: `Name:`, `Name?:`, `"Name":`.
          if (!new RegExp(`["']?${escapeRegex(name)}["']?\\??\\s*:`).test(text)) missing.push(`${schema}.${name}`);
        }
      }
      expect(missing).toEqual([]);
    },
    120_000,
  );
});

// Why every media-type key is bare `application/json` though Part 1 gives the content type as
// `application/json; charset=utf-8` (docs/conventions.md): RFC 8259 defines no charset for
// JSON, and with the parameter in the key openapi-zod-client drops every answer's schema.
test('with `; charset=utf-8` in the media-type keys, openapi-zod-client loses the observed answers', async () => {
  const id = 'v2-pt-observed';
  const bare = await readFile(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8');
  const charset = path.join(work, 'charset', `${id}.json`);
  await mkdir(path.dirname(charset), { recursive: true });
  await writeFile(charset, bare.replaceAll('"application/json"', '"application/json; charset=utf-8"'));
  const zod = GENERATORS.find((g) => g.name === 'openapi-zod-client') as Generator;
  await zod.generate(tools, [{ bundle: charset, out: path.join(work, 'charset', 'zod') }]);
  const withCharset = await textOf(path.join(work, 'charset', 'zod'));
  const withBare = await textOf(path.join(work, String(GENERATORS.indexOf(zod)), id));
  for (const schema of ['EnvelopeDeResposta', 'DisponibilidadeRSObservado']) {
    expect(withBare, schema).toMatch(new RegExp(`const ${schema} =`));
    expect(withCharset, schema).not.toMatch(new RegExp(`const ${schema} =`));
  }
}, 120_000);

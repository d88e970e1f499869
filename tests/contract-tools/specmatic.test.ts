// Specmatic, the jar of the npm package `specmatic` on Debian's JVM, run against the real
// mock: its contract tests for every family, without --lenient, and its generated negative
// tests (SPECMATIC_GENERATIVE_TESTS) for a few operations. 0 failed. The full generative
// run (about 1,500 tests, minutes) is the same command without the filter: docs/contract-tests.md.
// The jar's exit code and its summary line are read: the npm wrapper exits 0 when tests fail.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { loadBundle, operations, rootDir } from '../support/bundle.ts';
import { SHORT_JVM } from '../support/tools.ts';

const url = inject('mockUrl');
const FAMILIES = ['v2-pt', 'v2-en', 'legacy', 'v1', 'v3'] as const;
const JAR = path.join(rootDir, 'node_modules', 'specmatic', 'specmatic.jar');
const OPENAPI_FORMAT = path.join(rootDir, 'node_modules', 'openapi-format', 'bin', 'cli.js');
/** A date oneOf and the credentials (V2), the body without Login (legacy): a bounded subset for CI. */
const GENERATIVE_FILTER = "PATH='/api/V2/Voos/Disponibilidade' || PATH='/AereoNoSession.svc/MarcarAssentos'";

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { ...process.env, ...env }, maxBuffer: 512 * 1024 * 1024, cwd: dir || rootDir },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** `Tests run: N, Successes: S, Failures: F, WIP: W, Errors: E`, the jar's summary. */
function tally(output: string): { run: number; failures: number; errors: number } {
  const m = /Tests run: (\d+), Successes: (\d+), Failures: (\d+), WIP: (\d+), Errors: (\d+)/.exec(output);
  if (!m) throw new Error(`Specmatic printed no summary:\n${output.slice(-2000)}`);
  return { run: Number(m[1]), failures: Number(m[3]), errors: Number(m[5]) };
}

/** The names of the failed scenarios, for a readable failure. */
function failed(output: string): string[] {
  return [...output.matchAll(/^\s*"(.*) (?:FAILED|ABORTED)"$/gm)].map((m) => m[1] ?? '').slice(0, 20);
}

let dir = '';
const contracts: string[] = [];

beforeAll(async () => {
  const java = await run('java', ['-version']).catch(() => undefined);
  if (java?.code !== 0) throw new Error('Specmatic needs Java: apt-get install default-jre-headless (.ci/run installs it).');
  dir = await mkdtemp(path.join(tmpdir(), 'specmatic-'));
  // The mock's refusals are its own problem bodies: each family's overlay says so (see the file).
  for (const family of FAMILIES) {
    const out = path.join(dir, `${family}.json`);
    const overlay = path.join(rootDir, 'overlays', `${family}.mock-refusals.yaml`);
    const applied = await run(process.execPath, [
      OPENAPI_FORMAT,
      path.join(rootDir, 'generated', family, 'openapi.json'),
      '--overlayFile',
      overlay,
      '-o',
      out,
      '--no-sort',
    ]);
    expect(applied.code, applied.output).toBe(0);
    contracts.push(out);
  }
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('contract tests of every family pass without --lenient, at least one per operation', async () => {
  const result = await run('java', [...SHORT_JVM, '-jar', JAR, 'test', ...contracts, `--testBaseURL=${url}`]);
  const counts = tally(result.output);
  expect(failed(result.output)).toEqual([]);
  expect(counts).toMatchObject({ failures: 0, errors: 0 });
  expect(result.code).toBe(0);
  const operationCount = FAMILIES.reduce((n, family) => n + operations(loadBundle(family)).length, 0);
  expect(counts.run).toBeGreaterThanOrEqual(operationCount);
}, 300_000);

test('generated negative tests pass on a date oneOf and on the legacy body without Login', async () => {
  const legacy = contracts[FAMILIES.indexOf('legacy')] ?? '';
  const v2 = contracts[FAMILIES.indexOf('v2-pt')] ?? '';
  const result = await run(
    'java',
    [...SHORT_JVM, '-jar', JAR, 'test', v2, legacy, `--testBaseURL=${url}`, `--filter=${GENERATIVE_FILTER}`],
    {
      SPECMATIC_GENERATIVE_TESTS: 'true',
    },
  );
  const counts = tally(result.output);
  expect(failed(result.output)).toEqual([]);
  expect(counts).toMatchObject({ failures: 0, errors: 0 });
  expect(result.code).toBe(0);
  // Negative scenarios ran (Specmatic prefixes them "-ve"), not only the positive ones.
  expect(result.output.match(/^-ve {2}Scenario: .* has SUCCEEDED$/gm)?.length ?? 0).toBeGreaterThan(20);
}, 300_000);

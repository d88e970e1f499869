// Third-party tools a test runs, each from its own lock (tests/<tool>/package-lock.json:
// exact versions, integrity-checked by `npm ci`), installed once per lock into
// .cache/<tool>/ and shared by every file and run: Bruno's CLI (`bru`, @usebruno/cli,
// ~500 packages), Insomnia's importer, Microcks' Spectral ruleset, the MCP clients (Inspector,
// conformance), other languages' generators and runtime clients (NSwag, swagger-client,
// openapi-client-axios; 112 packages), ofetch (a fetch wrapper whose errors keep the request)
// and Vite 8 with MSW (a real app for the MSW handlers). And one `bru run` of a collection
// directory, read from its JSON report.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { rootDir } from './bundle.ts';

const run = promisify(execFile);

/**
 * JVM flags for the tests' short Java runs (Specmatic, javac, the Java client): the C1 compiler
 * alone and the serial collector spend about 40% less CPU on two cores than the full JIT tiers
 * and parallel GC threads, which pay off only in long-running programs. Behaviour is the same.
 */
export const SHORT_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** The node_modules of tests/<tool>/'s lock, installing it first when this lock has no install yet. */
export async function installTool(
  tool: 'bruno' | 'insomnia' | 'microcks' | 'mcp' | 'other-languages' | 'fetch-wrappers' | 'vite',
): Promise<string> {
  const here = path.join(rootDir, 'tests', tool);
  const lock = await readFile(path.join(here, 'package-lock.json'));
  const dir = path.join(rootDir, '.cache', tool, createHash('sha256').update(lock).digest('hex').slice(0, 16));
  const done = path.join(dir, 'node_modules', '.installed');
  if (existsSync(done)) return path.join(dir, 'node_modules');
  // Installed beside, then moved in whole: a file running at the same time never sees half an install.
  await mkdir(path.dirname(dir), { recursive: true });
  const staging = await mkdtemp(`${dir}-`);
  await cp(path.join(here, 'package.json'), path.join(staging, 'package.json'));
  await cp(path.join(here, 'package-lock.json'), path.join(staging, 'package-lock.json'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await run(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, maxBuffer: 16 * 1024 * 1024 });
  await writeFile(path.join(staging, 'node_modules', '.installed'), '');
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    if (!existsSync(done)) throw error;
    await rm(staging, { recursive: true, force: true });
  });
  return path.join(dir, 'node_modules');
}

/** The path of bru's entry script, from the Bruno install. */
export async function installBru(): Promise<string> {
  return path.join(await installTool('bruno'), '@usebruno', 'cli', 'bin', 'bru.js');
}

export interface BruResult {
  test: { filename: string };
  request: { method: string; url: string; headers: Record<string, string>; data?: unknown };
  response: { status?: number; headers?: Record<string, string>; data?: unknown };
  error: string | null;
  testResults: Array<{ description: string; status: 'pass' | 'fail'; error?: string }>;
}
export interface BruReport {
  summary: {
    totalRequests: number;
    failedRequests: number;
    errorRequests: number;
    totalTests: number;
    passedTests: number;
    failedTests: number;
  };
  results: BruResult[];
  /** What `bru run` printed, for a failure message. */
  output: string;
  code: number;
}

/** `bru run -r` over a collection directory with `baseUrl` pointed at `baseUrl`, as a reader runs it. */
export async function runBru(bru: string, collectionDir: string, baseUrl: string): Promise<BruReport> {
  const out = await mkdtemp(path.join(tmpdir(), 'bru-report-'));
  const report = path.join(out, 'report.json');
  const args = [bru, 'run', '-r', '--env-var', `baseUrl=${baseUrl}`, '--reporter-json', report];
  let output = '';
  let code = 0;
  try {
    const done = await run(process.execPath, args, { cwd: collectionDir, maxBuffer: 64 * 1024 * 1024 });
    output = done.stdout + done.stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    code = typeof failed.code === 'number' ? failed.code : 1;
  }
  try {
    const [iteration] = JSON.parse(await readFile(report, 'utf8')) as Array<Omit<BruReport, 'output' | 'code'>>;
    if (!iteration) throw new Error(`bru wrote an empty report:\n${output}`);
    return { ...iteration, output, code };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

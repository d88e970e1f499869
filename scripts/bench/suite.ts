// `npm test` as CI runs it (CI=true), once: its wall time, the CPU time of all its processes
// (from /proc, so a busy machine's figure can still be compared), and the ten slowest files.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SuiteFigures {
  exitCode: number;
  wallMs: number;
  /** User + system CPU of the suite's processes (Linux only; undefined elsewhere). */
  cpuMs: number | undefined;
  files: number;
  slowest: Array<{ file: string; ms: number }>;
}

/** CPU time of this process's waited-for children, in ms (fields cutime and cstime of /proc/self/stat). */
async function childrenCpuMs(): Promise<number | undefined> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14 here.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return (ticks / 100) * 1000;
}

export async function benchSuite(rootDir: string, extraArgs: readonly string[] = []): Promise<SuiteFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-suite-'));
  const report = path.join(dir, 'report.json');
  try {
    const cpuBefore = await childrenCpuMs();
    const started = performance.now();
    const vitest = path.join(rootDir, 'node_modules', 'vitest', 'vitest.mjs');
    const child = spawn(
      process.execPath,
      [vitest, 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
      {
        cwd: rootDir,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CI: 'true' },
      },
    );
    const exitCode = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
    const wallMs = performance.now() - started;
    const cpuAfter = await childrenCpuMs();
    const json = JSON.parse(await readFile(report, 'utf8')) as { testResults: Array<{ name: string; startTime: number; endTime: number }> };
    const files = json.testResults.map((r) => ({ file: path.relative(rootDir, r.name), ms: r.endTime - r.startTime }));
    return {
      exitCode,
      wallMs,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      files: files.length,
      slowest: files.sort((a, b) => b.ms - a.ms).slice(0, 10),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

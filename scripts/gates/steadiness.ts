// `npm run test:steady`: the whole `npm test`, run once while two busy loops hold both
// cores, as a CI runner shared with other jobs would; `--browser-runs N` repeats the docs
// browser suite N more times after it. Any failure fails the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { scriptArgs, usageFailure } from '../lib/args.ts';

const COMMAND = 'npm run test:steady';
const { values } = scriptArgs({
  command: COMMAND,
  usage: `Usage: npm run test:steady [-- --busy-loops N --browser-runs N]

Runs the whole \`npm test\` once under CI=true beside busy CPU loops, then the docs browser
suite as many more times as asked; exits 1 if any run fails.

  --busy-loops N     busy loops beside the tests, 0 to 8 (default 2: one per core of a two-core machine)
  --browser-runs N   extra runs of the docs browser suite afterwards, 0 to 10 (default 0)
  --help             this text`,
  options: { 'busy-loops': { type: 'string' }, 'browser-runs': { type: 'string' } },
});

function count(name: 'busy-loops' | 'browser-runs', fallback: number, max: number): number {
  const value = values[name];
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > max)
    usageFailure(COMMAND, `--${name} takes a whole number from 0 to ${max}.`);
  return n;
}
const busyLoops = count('busy-loops', 2, 8);
const browserRuns = count('browser-runs', 0, 10);

/** The suite running now, stopped with the loops when this script is. */
let current: ChildProcess | undefined;

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, CI: 'true' } });
    current = child;
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const vitest = new URL('../../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
/**
 * A loop that spins and, every million turns, ends itself once its parent is gone: this script
 * killed by a signal (SIGKILL included) runs no `finally`, and loops left behind would hold the cores.
 */
const LOOP = 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 1e6 === 0 && process.ppid !== parent) process.exit(0);';
const loops: ChildProcess[] = Array.from({ length: busyLoops }, () => spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' }));
console.log(`steadiness: ${loops.length} busy loops on ${cpus().length} cores`);
const results: Array<[string, number]> = [];
// Ctrl-C or a kill: the loops go at once, and the suite is passed the signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    for (const loop of loops) loop.kill('SIGKILL');
    if (current?.exitCode === null) current.kill(signal);
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
try {
  results.push(['npm test (the whole suite)', await run([vitest, 'run'])]);
  for (let i = 1; i <= browserRuns; i++) {
    results.push([
      `docs browser suite, extra run ${i}`,
      await run([vitest, 'run', 'tests/docs/site.browser.test.ts', 'tests/docs/flows.browser.test.ts']),
    ]);
  }
} finally {
  for (const loop of loops) loop.kill('SIGKILL');
}
for (const [what, code] of results) console.log(`${code === 0 ? '✓' : '✗'} ${what}${code === 0 ? '' : ` (exit ${code})`}`);
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);

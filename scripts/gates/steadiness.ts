// `npm run test:steady`: the tests that drive a browser or wait on time, run while two
// busy loops hold both cores, as a CI runner shared with other jobs would. The docs
// browser suite three times, then `npm run test:fast` once; any failure fails the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';

const BUSY_LOOPS = Number(process.env.STEADY_BUSY_LOOPS ?? 2);
const BROWSER_RUNS = Number(process.env.STEADY_BROWSER_RUNS ?? 3);

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, CI: 'true' } });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const vitest = new URL('../../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
const loops: ChildProcess[] = Array.from({ length: BUSY_LOOPS }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
console.log(`steadiness: ${loops.length} busy loops on ${cpus().length} cores`);
const results: Array<[string, number]> = [];
try {
  for (let i = 1; i <= BROWSER_RUNS; i++) {
    results.push([
      `docs browser suite, run ${i}`,
      await run([vitest, 'run', 'tests/docs/site.browser.test.ts', 'tests/docs/flows.browser.test.ts']),
    ]);
  }
  results.push(['npm run test:fast', await run([vitest, 'run', '--config', 'vitest.fast.config.ts'])]);
} finally {
  for (const loop of loops) loop.kill('SIGKILL');
}
for (const [what, code] of results) console.log(`${code === 0 ? '✓' : '✗'} ${what}${code === 0 ? '' : ` (exit ${code})`}`);
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);

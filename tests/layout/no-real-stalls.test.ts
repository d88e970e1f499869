// Issue 62, point 5: a test meets a time-out by moving a clock, not by waiting for it (the
// client's `clock` with tests/support/test-clock.ts, or Vitest's fake timers). So every call
// of a real timer in tests/ (setTimeout, setInterval, AbortSignal.timeout) says why real time
// is right there in a `real time:` comment on its line or the two above (a ceiling never
// reached, a poll's interval, a child process, the default timers under test). Option literals
// such as `timeout: 50` are not read: the same key is expect.poll's and Vitest's ceiling.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { filesUnder } from '../../scripts/pipeline/cache.ts';
import { rootDir } from '../support/bundle.ts';

/** A call of a real timer: not a method (`request.setTimeout`, `vi.…`), which is another API. */
const TIMER = /(?<![.\w])(?:setTimeout|setInterval)\s*\(|\bAbortSignal\.timeout\s*\(/;
const MARKER = /\/\/.*\breal time\b/i;
/** Where timers are fake (their calls are Vitest's), or are the clock itself; type tests never run. */
const EXEMPT = (file: string, text: string): boolean =>
  /\.(?:check|typecheck)\.ts$/.test(file) || file === 'tests/support/test-clock.ts' || /\bvi\.useFakeTimers\(/.test(text);

/** `file:line: code` of every timer call in `text` with no marker on its line or the two above. */
function unexplainedTimers(file: string, text: string): string[] {
  if (EXEMPT(file, text)) return [];
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (!TIMER.test(code)) return [];
    const explained = lines.slice(Math.max(0, i - 2), i + 1).some((near) => MARKER.test(near));
    return explained ? [] : [`${file}:${i + 1}: ${line.trim()}`];
  });
}

test('the check finds an unexplained timer and accepts an explained one, a method and fake timers', () => {
  expect(unexplainedTimers('tests/x.test.ts', 'await new Promise((r) => setTimeout(r, 200));')).toHaveLength(1);
  expect(unexplainedTimers('tests/x.test.ts', 'const s = AbortSignal.timeout(50);')).toHaveLength(1);
  expect(unexplainedTimers('tests/x.test.ts', '// real time: a ceiling never reached\nconst t = setTimeout(stop, 60_000);')).toEqual([]);
  expect(unexplainedTimers('tests/x.test.ts', 'request.setTimeout(30_000, stop);')).toEqual([]);
  expect(unexplainedTimers('tests/x.test.ts', '// setTimeout(r, 5) in a comment is no call')).toEqual([]);
  expect(unexplainedTimers('tests/x.test.ts', 'vi.useFakeTimers({ toFake: ["setTimeout"] });\nsetTimeout(tick, 5);')).toEqual([]);
});

test('every real timer in tests/ says why real time is right there', async () => {
  const files = (await filesUnder(path.join(rootDir, 'tests'))).filter((f) => f.endsWith('.ts'));
  const found = files.flatMap((file) => {
    const relative = path.relative(rootDir, file).split(path.sep).join('/');
    return unexplainedTimers(relative, readFileSync(file, 'utf8'));
  });
  expect(found).toEqual([]);
});

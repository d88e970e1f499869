// `npm run observed:check-quotes -- <git dir>` re-reads every behaviour's quote at its file,
// line and commit. CI has no snapshot of the source, so this builds a small git repository
// and an evidence folder pinning its commit: one line per behaviour, exit 1 on a mismatch.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rootDir } from './support.ts';

let dir = '';
let repo = '';
let evidence = '';

const record = (id: string, file: string, line: number, quote: string) => ({
  id,
  kind: 'note',
  operations: ['Tarifar'],
  environment: 'sandbox',
  environmentReason: 'the test repository calls only a sandbox',
  strength: 'stated, not in the captures',
  strengthReason: 'no capture in this test repository',
  states: 'A statement for the test.',
  quotes: [{ file, line, lang: 'pt', quote, translation: 'a translation' }],
  checkedBy: [],
});

function write(commit: string, behaviours: unknown[]): void {
  mkdirSync(path.join(evidence, 'sample'), { recursive: true });
  const pin = { repository: 'example/sample', commit };
  writeFileSync(path.join(evidence, 'sample', 'source.json'), JSON.stringify(pin));
  writeFileSync(path.join(evidence, 'sample', 'behaviours.json'), JSON.stringify({ ...pin, behaviours }));
}

async function run(): Promise<{ code: number; stdout: string }> {
  const script = path.join(rootDir, 'scripts/observed/check-quotes.ts');
  return promisify(execFile)(process.execPath, [script, repo, evidence], { timeout: 60_000 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
}

let commit = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'check-quotes-'));
  repo = path.join(dir, 'repo');
  evidence = path.join(dir, 'evidence');
  mkdirSync(path.join(repo, 'homologacao'), { recursive: true });
  writeFileSync(path.join(repo, 'homologacao', 'cenario.js'), 'const a = 1\n  // 3. Tarifar (não enviar campos null)\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { encoding: 'utf8' }).trim();
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'sample');
  commit = git('rev-parse', 'HEAD');
  // A later commit changes the line: the check reads the pinned one.
  writeFileSync(path.join(repo, 'homologacao', 'cenario.js'), 'const a = 1\n// changed\n');
  git('commit', '-qam', 'later');
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('every quote found at its line of the pinned commit: one ok line per behaviour, exit 0', async () => {
  write(commit, [record('first', 'homologacao/cenario.js', 2, '3. Tarifar (não enviar campos null)')]);
  const { code, stdout } = await run();
  expect(stdout).toContain('ok   first (1 quote, sandbox, stated, not in the captures)');
  expect(stdout).toContain('1 behaviours, 1 ok, 0 with a mismatch');
  expect(code).toBe(0);
});

test('a quote at the wrong line, or in a file the commit lacks, fails its behaviour, exit 1', async () => {
  write(commit, [
    record('first', 'homologacao/cenario.js', 2, '3. Tarifar (não enviar campos null)'),
    record('moved', 'homologacao/cenario.js', 1, '3. Tarifar (não enviar campos null)'),
    record('missing', 'homologacao/outro.js', 1, 'x'),
  ]);
  const { code, stdout } = await run();
  expect(code).toBe(1);
  expect(stdout).toContain('ok   first');
  expect(stdout).toMatch(/FAIL moved .*\n\s+homologacao\/cenario\.js:1: the line does not hold the quote/);
  expect(stdout).toMatch(/FAIL missing .*\n\s+homologacao\/outro\.js: not in example\/sample at /);
  expect(stdout).toContain('3 behaviours, 1 ok, 2 with a mismatch');
});

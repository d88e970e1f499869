// Every npm script of the repository reads its command line as the package's commands do:
// an unknown option is one line on stderr and exit 2 (no stack trace, no work done),
// `--help` prints the usage and exits 0. The scripts are read from package.json, so a new
// one is covered by itself.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';

const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
/** `name` → the script file it runs with node, for every script that runs one under scripts/. */
const SCRIPTS = Object.entries(pkg.scripts).flatMap(([name, command]): Array<[string, string]> => {
  const file = /^node (?:--[\w-]+(?:=\S+)? )*(scripts\/\S+\.ts)$/.exec(command)?.[1];
  return file ? [[name, file]] : [];
});

function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Run from a folder that is not the repository: a script that ignored the option and went on would find nothing to work on.
    const child = spawn(process.execPath, [path.join(rootDir, file), ...args], {
      cwd: path.join(rootDir, 'tests'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("scripts' command lines", () => {
  test('package.json runs a dozen scripts from scripts/', () => {
    expect(SCRIPTS.map(([name]) => name)).toEqual(expect.arrayContaining(['build', 'dev', 'bench', 'docs:serve', 'load', 'test:steady']));
  });

  test.each(SCRIPTS)(
    'npm run %s: an unknown option is one line and exit 2; --help prints the usage, exit 0',
    async (name, file) => {
      const wrong = await run(file, ['--no-such-option']);
      expect(wrong.stderr.trim().split('\n'), wrong.stderr).toHaveLength(1);
      expect(wrong.stderr).toContain(`npm run ${name}: unknown option --no-such-option`);
      expect(wrong.stderr).not.toMatch(/\n\s+at /);
      expect(wrong.code).toBe(2);
      const help = await run(file, ['--help']);
      expect(help.stdout).toMatch(/^Usage: npm run /);
      expect(help.stdout).toContain('--help');
      expect(help.code, help.stderr).toBe(0);
    },
    60_000,
  );
});

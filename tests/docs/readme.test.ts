// The README is the integrator's front door: under 8 KB, its set-up block is what .ci/run
// runs; CONTRIBUTING's scripts table names every npm script and no other; and every relative link in it, in
// CONTRIBUTING.md, CHANGELOG.md and docs/*.md leads to a file of this repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { splitComment } from '../support/doc-commands.ts';

const read = (file: string) => readFileSync(path.join(rootDir, file), 'utf8');
const readme = read('README.md');

test('the README stays under 8 KB', () => {
  const size = statSync(path.join(rootDir, 'README.md')).size;
  console.log(`README.md: ${size} bytes`);
  expect(size).toBeLessThan(8 * 1024);
});

test('its set-up block holds the commands .ci/run runs', () => {
  const setUp = readme.slice(readme.indexOf('## Set-up'));
  const block = (/```sh\n([\s\S]*?)```/.exec(setUp)?.[1]?.trim().split('\n') ?? []).map((line) => splitComment(line).command);
  expect(block).toEqual([
    'npm ci && npm run build',
    'npm test',
    'npm run test:builds',
    'npm run test:package',
    'npm run test:interop',
    'npm run test:docs',
  ]);
  const ci = read('.ci/run')
    .split('\n')
    .map((line) => line.trim());
  for (const command of block) expect(ci, command).toContain(command);
});

test("every script in CONTRIBUTING's table is an npm script of package.json, and every npm script is in it", () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  const contributing = read('CONTRIBUTING.md');
  const section = contributing.slice(
    contributing.indexOf('## npm scripts'),
    contributing.indexOf('\n## ', contributing.indexOf('## npm scripts') + 1),
  );
  const named = [...section.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \|/gm)].flatMap((m) =>
    [...(m[1] as string).matchAll(/`([^`]+)`/g)].map((n) => n[1] as string),
  );
  expect(named.filter((s) => s !== 'script').sort()).toEqual([...scripts].sort());
});

test('relative links in the Markdown docs lead to files that exist', () => {
  const files = [
    'README.md',
    'CONTRIBUTING.md',
    'CHANGELOG.md',
    ...readdirSync(path.join(rootDir, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const broken: string[] = [];
  for (const file of files) {
    for (const match of read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      const target = match[1] as string;
      if (/^[a-z]+:/i.test(target)) continue;
      if (!existsSync(path.join(rootDir, path.dirname(file), target))) broken.push(`${file} → ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

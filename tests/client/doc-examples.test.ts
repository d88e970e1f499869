// The TypeScript examples of the README and of docs/client.md's sections on retries, hooks,
// legacy sessions and exported types compile against the package's entries (imports of
// `air-travel-api-contract/...` pointed at src/). A line an example shows commented out
// with "does not compile" must not: each such line is uncommented in a copy, and tsc must
// report exactly those lines, and every message the docs quote for them (a ```text block
// of `error TS…` lines) is what tsc prints.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { typecheck } from '../support/typecheck.ts';

const DIR = path.join(rootDir, '.cache/client-doc-examples');
const ENTRIES: Record<string, string> = {
  'air-travel-api-contract/v2/observed': 'src/v2-observed.ts',
  'air-travel-api-contract/legacy/observed': 'src/legacy-observed.ts',
  'air-travel-api-contract/v2-en': 'src/v2-en.ts',
  'air-travel-api-contract/v2': 'src/v2.ts',
  'air-travel-api-contract/v3': 'src/v3.ts',
  'air-travel-api-contract/v1': 'src/v1.ts',
  'air-travel-api-contract/legacy': 'src/legacy.ts',
  'air-travel-api-contract': 'src/index.ts',
};

const blocksOf = (markdown: string): string[] => [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

function texts(): { readme: string; sections: string } {
  const readme = readFileSync(path.join(rootDir, 'README.md'), 'utf8');
  const client = readFileSync(path.join(rootDir, 'docs/client.md'), 'utf8');
  return { readme, sections: client.slice(client.indexOf('### Retries'), client.indexOf('### V2 Portuguese (official, recommended)')) };
}

function examples(): string[] {
  const { readme, sections } = texts();
  return [...blocksOf(readme), ...blocksOf(sections)];
}

/** The compiler messages the docs quote: `error TS…` lines of their ```text blocks. */
function quotedErrors(): string[] {
  const { readme, sections } = texts();
  return [...`${readme}\n${sections}`.matchAll(/```text\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] as string).split('\n').filter((line) => /^error TS\d+: /.test(line)),
  );
}

const pointed = (source: string): string =>
  source.replace(/from '(air-travel-api-contract[^']*)'/g, (whole, entry: string) =>
    ENTRIES[entry] ? `from '../../${ENTRIES[entry]}'` : whole,
  );

test('the README and docs/client.md examples compile, and their "does not compile" lines do not', async () => {
  const blocks = examples();
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const expected: string[] = [];
  const files: string[] = [];
  blocks.forEach((block, i) => {
    const lines = pointed(block).split('\n');
    files.push(`example-${i}.ts`);
    writeFileSync(path.join(DIR, `example-${i}.ts`), `${lines.join('\n')}\nexport {};\n`);
    const wrong = lines.map((line, n) => {
      const m = /^(\s*)\/\/ (.*?)\s*\/\/ does not compile/.exec(line);
      if (!m) return line;
      expected.push(`example-${i}-wrong.ts:${n + 1}`);
      return `${m[1]}${m[2]}`;
    });
    if (wrong.some((line, n) => line !== lines[n])) {
      files.push(`example-${i}-wrong.ts`);
      writeFileSync(path.join(DIR, `example-${i}-wrong.ts`), `${wrong.join('\n')}\nexport {};\n`);
    }
  });
  expect(expected.length).toBeGreaterThan(0);
  writeFileSync(
    path.join(DIR, 'tsconfig.json'),
    JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { noUnusedLocals: false }, include: files }),
  );
  // tsc --noEmit --pretty false, in this worker (typecheck.ts): the same diagnostics, the parse shared with the other type tests.
  const { output } = typecheck(path.join(DIR, 'tsconfig.json'), rootDir);
  const failing = [...new Set([...output.matchAll(/(example-\d+(?:-wrong)?\.ts)\((\d+),\d+\): error/g)].map((m) => `${m[1]}:${m[2]}`))];
  expect({ failing, output: failing.every((f) => expected.includes(f)) ? '' : output }).toEqual({ failing: expected, output: '' });
  // What a reader is told tsc says is what it says, on a line the docs mark as not compiling.
  const quoted = quotedErrors();
  expect(quoted.length).toBeGreaterThan(0);
  const printed = [...output.matchAll(/example-\d+-wrong\.ts\(\d+,\d+\): (error TS\d+: .*)/g)].map((m) => m[1]);
  for (const message of quoted) expect(printed, output).toContain(message);
}, 180_000);

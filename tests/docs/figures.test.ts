// Performance and size figures in the docs are the bench's: every include holds the figure
// of bench/figures.json (written by the last full `npm run bench`), and no figure of that
// kind is typed by hand outside an include.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { includeFigures } from '../../scripts/docs-site/figures-include.ts';
import { docFiles } from '../../scripts/lib/doc-files.ts';
import { rootDir } from '../support/bundle.ts';

test('every included figure is the one the last bench run wrote (npm run docs:figures)', async () => {
  expect(await includeFigures(rootDir, true)).toEqual([]);
});

test('no hand-typed "about N s", "N kB gzip" or "N req/s" outside an include', () => {
  const handTyped = /\babout \d[\d.,]* ?(?:ms|s|seconds|min|minutes|kB|KB|MB)\b|\b\d[\d.,]* ?kB gzip|\b\d[\d.,]* req\/s\b/;
  const found: string[] = [];
  for (const file of docFiles(rootDir)) {
    const text = readFileSync(path.join(rootDir, file), 'utf8').replace(/<!-- bench:[\s\S]*?<!-- \/bench -->/g, '');
    for (const [i, line] of text.split('\n').entries()) if (handTyped.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
  }
  expect(found).toEqual([]);
});

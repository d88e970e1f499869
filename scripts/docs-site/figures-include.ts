// `npm run docs:figures [-- --check]`: the performance and size figures of the Markdown
// docs are the bench's, never typed by hand. Between `<!-- bench:KEY -->` and
// `<!-- /bench -->` goes the figure's median (`<!-- bench:KEY full -->`: with its spread),
// `bench:machine` and `bench:measured` say where and when. --check fails on a stale one.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scriptArgs } from '../lib/args.ts';
import { docFiles } from '../lib/doc-files.ts';
import { FIGURES_FILE, readFigures, type Figures } from './figures.ts';

const INCLUDE = /<!-- bench:([\w-]+)( full)? -->([\s\S]*?)<!-- \/bench -->/g;

/** The median part of a figure: `198 ms (min 174, …)` → `198 ms`. */
function short(figure: string): string {
  return figure.split(' (')[0] ?? figure;
}

/** The text with every include filled in; throws on a key the bench does not write. */
export function fill(text: string, figures: Figures, file: string): string {
  return text.replace(INCLUDE, (_all, key: string, full: string | undefined) => {
    const value = key === 'machine' ? figures.machine : key === 'measured' ? figures.measured : figures.figures[key];
    if (value === undefined) throw new Error(`${file}: no bench figure named "${key}" in ${FIGURES_FILE}`);
    return `<!-- bench:${key}${full ?? ''} -->${full || key === 'machine' || key === 'measured' ? value : short(value)}<!-- /bench -->`;
  });
}

export async function includeFigures(rootDir: string, check: boolean): Promise<string[]> {
  const figures = await readFigures(path.join(rootDir, FIGURES_FILE));
  const stale: string[] = [];
  for (const file of docFiles(rootDir)) {
    const text = await readFile(path.join(rootDir, file), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const filled = fill(text, figures, file);
    if (filled === text) continue;
    stale.push(file);
    if (!check) await writeFile(path.join(rootDir, file), filled);
  }
  return stale;
}

if (import.meta.main) {
  const { values } = scriptArgs({
    command: 'npm run docs:figures',
    usage: `Usage: npm run docs:figures [-- --check]

Copies the bench's figures (${FIGURES_FILE}) into the docs that include them.

  --check   write nothing; exit 1 when an included figure differs from the bench's
  --help    this text`,
    options: { check: { type: 'boolean' } },
  });
  const check = values.check === true;
  const stale = await includeFigures(process.cwd(), check);
  if (check && stale.length > 0) {
    console.error(`✗ figures differ from ${FIGURES_FILE} in: ${stale.join(', ')}; run \`npm run docs:figures\``);
    process.exit(1);
  }
  console.log(check ? '✓ every included figure is the bench’s' : `✓ figures included${stale.length ? ` in ${stale.join(', ')}` : ''}`);
}

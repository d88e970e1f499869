// Every repository path a reader is pointed at exists: the paths named in the README,
// CONTRIBUTING, docs/ and the examples' READMEs (prose, links and layout blocks) and in
// the comments of the configs, and every `README "Section"` a comment cites is a heading
// there. A folder that moves leaves no stale pointer behind.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { docFiles } from '../../scripts/lib/doc-files.ts';
import { rootDir } from '../support/bundle.ts';

/** The repository's top folders a path can start with (dist/ and .cache/ are built, not kept). */
const TOP = ['src', 'scripts', 'tests', 'docs', 'spec', 'generated', 'evidence', 'examples', 'lint', 'bench', 'baseline'];
const PATH = new RegExp(`(?<![\\w./@:-])(?:${TOP.join('|')})/[\\w./*<>{}-]*`, 'g');
/** Configs whose comments point at files. */
const CONFIGS = [
  'redocly.yaml',
  '.spectral.mjs',
  'biome.jsonc',
  'vitest.config.ts',
  'vitest.fast.config.ts',
  'tsconfig.json',
  '.editorconfig',
];

/** The part of a named path that must exist: up to a placeholder or glob, without trailing punctuation. */
function existingPart(named: string): string {
  const cut = named.search(/[<{*$]/);
  const fixed = cut === -1 ? named : named.slice(0, named.lastIndexOf('/', cut) + 1);
  return fixed.replace(/[.,:;)]+$/, '');
}

/** Paths a layout block lists: `dir/` lines, entries indented under them, and `a/, b/, c/` lists of siblings. */
function layoutPaths(block: string[]): string[] {
  const found: string[] = [];
  let parent = '';
  for (const line of block) {
    const match = /^(\s*)([\w.<>-][\w./<>-]*(?:, [\w.<>-][\w./<>-]*)*)(?:\s{2,}|$)/.exec(line);
    if (!match) continue;
    const [first = '', ...siblings] = (match[2] as string).split(', ');
    const indented = (match[1] as string).length > 0;
    const full = indented && parent ? `${parent}${first}` : first;
    if (!indented) parent = first.endsWith('/') ? first : '';
    const base = full.endsWith('/') ? path.posix.dirname(full.slice(0, -1)) : path.posix.dirname(full);
    found.push(full, ...siblings.map((s) => (base === '.' ? s : `${base}/${s}`)));
  }
  return found.filter((p) => p.includes('/') || p.includes('.'));
}

interface Named {
  where: string;
  path: string;
}

/** Every path a Markdown file names: in prose and code spans, as a link target, and in its layout blocks. */
function namedInMarkdown(file: string): Named[] {
  const lines = readFileSync(path.join(rootDir, file), 'utf8').split('\n');
  const named: Named[] = [];
  let block: { lang: string; start: number; lines: string[] } | undefined;
  for (const [i, line] of lines.entries()) {
    const where = `${file}:${i + 1}`;
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      if (block) {
        if (block.lang === '') for (const p of layoutPaths(block.lines)) named.push({ where: `${file}:${block.start}`, path: p });
        block = undefined;
      } else block = { lang: fence[1] as string, start: i + 1, lines: [] };
      continue;
    }
    if (block) block.lines.push(line);
    // Code of a language is the reader's own project (the commands test runs the shell lines);
    // a line naming another repository at a commit names that repository's files.
    if (block?.lang || /@ `[0-9a-f]{7,40}`/.test(line)) continue;
    for (const m of line.matchAll(PATH)) named.push({ where, path: m[0] });
    if (block) continue;
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = m[1] as string;
      if (/^[a-z]+:/i.test(target)) continue;
      named.push({ where, path: path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) });
    }
  }
  return named;
}

/** Comment lines of a config: `#` for YAML and .editorconfig, `//` and block comments for the rest. */
function comments(file: string): Array<{ where: string; text: string }> {
  const lines = readFileSync(path.join(rootDir, file), 'utf8').split('\n');
  const marker = /\.(ya?ml)$|^\.editorconfig$/.test(file) ? /#(.*)$/ : /(?:\/\/|^\s*\/?\*)(.*)$/;
  return lines.flatMap((line, i) => {
    const m = marker.exec(line);
    return m ? [{ where: `${file}:${i + 1}`, text: m[1] as string }] : [];
  });
}

function headings(file: string): string[] {
  return readFileSync(path.join(rootDir, file), 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, '').trim());
}

const missing = (named: Named[]) =>
  named.filter((n) => !existsSync(path.join(rootDir, existingPart(n.path)))).map((n) => `${n.where}: ${n.path}`);

describe('paths named for a reader exist', () => {
  test.each(docFiles(rootDir))('%s', (file) => {
    const named = namedInMarkdown(file);
    expect(missing(named)).toEqual([]);
  });

  test('in the configs\' comments, and every `README "Section"` they cite is a heading of that file', () => {
    const present = CONFIGS.filter((f) => existsSync(path.join(rootDir, f)));
    const lines = present.flatMap(comments);
    const named = lines.flatMap((l) => [...l.text.matchAll(PATH)].map((m) => ({ where: l.where, path: m[0] })));
    expect(missing(named)).toEqual([]);
    const sections = lines.flatMap((l) =>
      [...l.text.matchAll(/\b(README|CONTRIBUTING)(?:\.md)? "([^"]+)"/g)].map((m) => ({
        where: l.where,
        file: `${m[1]}.md`,
        heading: m[2] as string,
      })),
    );
    expect(sections.filter((s) => !headings(s.file).includes(s.heading)).map((s) => `${s.where}: ${s.file} "${s.heading}"`)).toEqual([]);
  });

  test('the checks find what they look for (a layout block, a link, a section)', () => {
    expect(layoutPaths(['scripts/', '  pipeline/   the steps', 'scripts/docs-site/, gates/   one folder per job'])).toEqual([
      'scripts/',
      'scripts/pipeline/',
      'scripts/docs-site/',
      'scripts/gates/',
    ]);
    expect(namedInMarkdown('README.md').some((n) => n.path === 'docs/client.md')).toBe(true);
    expect(missing([{ where: 'x', path: 'scripts/breaking/' }])).toEqual(['x: scripts/breaking/']);
    expect(existingPart('generated/<family>/openapi.yaml')).toBe('generated/');
  });
});

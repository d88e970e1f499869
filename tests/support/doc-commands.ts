// The shell commands the Markdown docs tell a reader to type: every line of every `sh`,
// `bash` or `shell` block of README.md, CONTRIBUTING.md, docs/*.md and examples/*/README.md,
// backslash continuations joined, comment lines left out. A command a reader cannot run
// here says so where the reader sees it: a trailing `# not run here: <reason>`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docFiles } from '../../scripts/lib/doc-files.ts';

export { docFiles };

export interface DocCommand {
  /** Relative to the repository. */
  file: string;
  /** 1-based line of the command's first line. */
  line: number;
  /** The command as a shell would read it (continuations joined, trailing comment cut). */
  command: string;
  /** The reason given after `# not run here:`, when the command carries it. */
  notRun?: string;
  /** The block this command belongs to (commands of one block run in order). */
  block: number;
}

const SHELL_BLOCK = /^```(?:sh|bash|shell)\s*$/;
const NOT_RUN = /(?:^|;\s*)not run here: (.+)$/;

/** Splits a line into its command and the comment after an unquoted `#` that follows a blank. */
export function splitComment(line: string): { command: string; comment: string | undefined } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) {
      return { command: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
    }
  }
  return { command: line.trimEnd(), comment: undefined };
}

export function docCommands(rootDir: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let block = 0;
  for (const file of docFiles(rootDir)) {
    const lines = readFileSync(path.join(rootDir, file), 'utf8').split('\n');
    let inShell = false;
    let fence = false;
    let pending: { line: number; parts: string[] } | undefined;
    for (const [index, raw] of lines.entries()) {
      if (/^```/.test(raw)) {
        if (!fence) {
          fence = true;
          inShell = SHELL_BLOCK.test(raw);
          block++;
        } else {
          fence = false;
          inShell = false;
        }
        continue;
      }
      if (!inShell) continue;
      const continued = raw.endsWith('\\');
      const text = continued ? raw.slice(0, -1) : raw;
      if (!pending) {
        if (text.trim() === '' || text.trim().startsWith('#')) continue;
        pending = { line: index + 1, parts: [] };
      }
      pending.parts.push(text.trim());
      if (continued) continue;
      const { command, comment } = splitComment(pending.parts.join(' '));
      const notRun = comment === undefined ? undefined : NOT_RUN.exec(comment)?.[1];
      commands.push({ file, line: pending.line, command, block, ...(notRun ? { notRun } : {}) });
      pending = undefined;
    }
  }
  return commands;
}

/** The npm scripts a command runs (`npm run x`, `npm test`), in order. */
export function npmScripts(command: string): string[] {
  const scripts: string[] = [];
  for (const match of command.matchAll(/\bnpm (?:run(?:-script)? ([\w:.-]+)|(test|start))\b/g))
    scripts.push((match[1] ?? match[2]) as string);
  return scripts;
}

/** The files a command runs with `node <file>` directly. */
export function nodeFiles(command: string): string[] {
  return [...command.matchAll(/(?:^|&&|;|\|)\s*node (?:--[\w-]+(?:=\S+)? )*([^\s-][^\s]*)/g)].map((m) => m[1] as string);
}

/** Commands that start a server and keep running: the test waits until it listens, then moves on. */
export function startsServer(command: string): boolean {
  return (
    /^(?:\w+=\S+ )*(?:npm run (?:mock|proxy|docs:serve|dev)\b|npx air-travel-api-contract (?:mock|proxy)\b)/.test(command) &&
    !/--help\b/.test(command)
  );
}

/** A source file the docs give an integrator to save: a fenced block whose first line is `// <path>` (e.g. `// quickstart.ts`). */
export interface DocSnippet {
  file: string;
  line: number;
  /** The path the reader saves it at, relative to the project. */
  name: string;
  text: string;
}

const SNIPPET_BLOCK = /^```(?:ts|typescript|js|javascript|mts|mjs)\s*$/;
/** `// quickstart.ts`, `// test/global-setup.ts (what the reader is told beside it)`. */
const SNIPPET_NAME = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mts|cts|js|mjs|cjs))(?:\s*$|\s+\()/;

/** The blocks of README.md and docs/*.md named by their first line, in order. */
export function docSnippets(rootDir: string): DocSnippet[] {
  const snippets: DocSnippet[] = [];
  for (const file of docFiles(rootDir).filter(forIntegrators)) {
    const text = readFileSync(path.join(rootDir, file), 'utf8');
    for (const match of text.matchAll(/^(```[^\n]*)\n([\s\S]*?)^```\s*$/gm)) {
      const [first = ''] = (match[2] as string).split('\n');
      const name = SNIPPET_NAME.exec(first)?.[1];
      if (!SNIPPET_BLOCK.test(match[1] as string) || !name) continue;
      const line = text.slice(0, match.index).split('\n').length + 1;
      snippets.push({ file, line, name, text: match[2] as string });
    }
  }
  return snippets;
}

/** What a snippet becomes once compiled (`tsc` writes `.js` for `.ts`, `.mjs` for `.mts`, `.cjs` for `.cts`). */
export function compiledName(name: string): string {
  return name
    .replace(/\.ts$/, '.js')
    .replace(/\.mts$/, '.mjs')
    .replace(/\.cts$/, '.cjs');
}

/** README.md and docs/*.md speak to integrators; CONTRIBUTING.md and the examples' READMEs do not. */
export function forIntegrators(file: string): boolean {
  return file === 'README.md' || /^docs\/[^/]+\.md$/.test(file);
}

/** Commands that use this repository itself: its npm scripts, its install, its git history. */
const OF_THE_REPOSITORY = /^(?:\w+=\S* )*(?:npm (?:ci|test|start|pack|run(?:-script)? )|git |\.ci\/)|&& npm (?:ci|test|pack|run )/;

/**
 * Where a command runs: in an integrator's project (a fresh `npm init -y` project that
 * installed the package) for every command of README.md and docs/*.md but those that use
 * this repository (its npm scripts, `npm ci`, `git`); in the repository otherwise.
 */
export function runsInProject(c: DocCommand): boolean {
  return forIntegrators(c.file) && !OF_THE_REPOSITORY.test(c.command);
}

/** A block that starts something in the background (`… &`): it runs as one script, and nothing it started may outlive it. */
export function backgroundBlocks(commands: DocCommand[]): Set<number> {
  return new Set(commands.filter((c) => /(?:^|[^&])&$/.test(c.command)).map((c) => c.block));
}

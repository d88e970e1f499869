// Re-reads every behaviour's quotes (evidence/<source>/behaviours.json) at their file, line
// and commit in a local git directory of the source (`fetch` it first; CI cannot, so this is
// a script, not a test): one line per behaviour, exit 1 on any mismatch.
//   npm run observed:check-quotes -- <git dir> [<evidence dir>]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ObservedBehaviour } from '../../src/lib/observed-behaviours.ts';
import { scriptArgs } from '../lib/args.ts';
import { loadBehaviours } from './behaviours.ts';

export interface QuoteCheck {
  id: string;
  ok: boolean;
  /** One text per quote that does not match: `file:line: …`. */
  problems: string[];
}

/** Every behaviour checked against the files of `gitDir` at each behaviour's commit. */
export function checkQuotes(behaviours: readonly ObservedBehaviour[], gitDir: string): QuoteCheck[] {
  const files = new Map<string, string[] | undefined>();
  const linesOf = (commit: string, file: string): string[] | undefined => {
    const key = `${commit}:${file}`;
    if (!files.has(key)) {
      try {
        const text = execFileSync('git', ['-C', gitDir, 'show', key], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        files.set(key, text.split('\n'));
      } catch {
        files.set(key, undefined);
      }
    }
    return files.get(key);
  };
  return behaviours.map((b) => {
    const problems: string[] = [];
    for (const q of b.quotes) {
      const lines = linesOf(b.commit, q.file);
      if (!lines) problems.push(`${q.file}: not in ${b.repository} at ${b.commit}`);
      else if (!(lines[q.line - 1] ?? '').includes(q.quote))
        problems.push(`${q.file}:${q.line}: the line does not hold the quote ${JSON.stringify(q.quote)}`);
    }
    return { id: b.id, ok: problems.length === 0, problems };
  });
}

const USAGE = `Usage: npm run observed:check-quotes -- <git dir of the source> [<evidence dir>]

Re-reads every behaviour's quotes (evidence/<source>/behaviours.json) at their file, line
and commit in a local git directory of the source; one line per behaviour, exit 1 on any
mismatch.

  --help   this text`;

function main(argv: string[]): number {
  const { positionals } = scriptArgs({ command: 'npm run observed:check-quotes', usage: USAGE, options: {}, positionals: true }, argv);
  const [gitDir, evidence] = positionals;
  if (!gitDir || positionals.length > 2) {
    process.stderr.write(`${USAGE.split('\n')[0]}\n`);
    return 2;
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const behaviours = loadBehaviours(evidence ?? path.join(root, 'evidence'));
  const results = checkQuotes(behaviours, gitDir);
  for (const [i, r] of results.entries()) {
    const b = behaviours[i] as ObservedBehaviour;
    const head = `${r.ok ? 'ok  ' : 'FAIL'} ${r.id} (${b.quotes.length} quote${b.quotes.length === 1 ? '' : 's'}, ${b.environment}, ${b.strength})`;
    process.stdout.write(`${[head, ...r.problems.map((p) => `     ${p}`)].join('\n')}\n`);
  }
  const failed = results.filter((r) => !r.ok).length;
  process.stdout.write(`${results.length} behaviours, ${results.length - failed} ok, ${failed} with a mismatch\n`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));

// What a docs command must show it ran: a tool that runs nothing and exits 0 is a failure
// (bru inside node_modules prints PASS on 0 requests). For each runner the docs use, the
// count it prints, compared with what it was given; any other command is judged by its
// exit code alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface PostmanItem {
  item?: PostmanItem[];
  request?: unknown;
}

/** Requests in a Postman collection, folders walked. */
export function postmanRequests(file: string): number {
  const count = (items: PostmanItem[]): number => items.reduce((n, i) => n + (i.item ? count(i.item) : i.request ? 1 : 0), 0);
  return count((JSON.parse(readFileSync(file, 'utf8')) as PostmanItem).item ?? []);
}

/** Request files in a Bruno collection folder (its `collection.bru` and `folder.bru` are settings). */
export function brunoRequests(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) =>
      e.isFile() &&
      e.name.endsWith('.bru') &&
      e.name !== 'collection.bru' &&
      e.name !== 'folder.bru' &&
      !e.parentPath.includes('environments'),
  ).length;
}

const number = (pattern: RegExp, output: string): number | undefined => {
  const found = pattern.exec(output)?.[1];
  return found === undefined ? undefined : Number(found);
};

/**
 * Why the output of `command`, run in `cwd`, shows it ran less than it was given, or
 * nothing to say. `cwd` is where the command started (a `cd dir &&` in it is followed).
 */
export function ranShort(command: string, output: string, cwd: string): string[] {
  const problems: string[] = [];
  // npm's warnings about engines are what a reader sees first, and they hide the answer.
  if (/EBADDEVENGINES|EBADENGINE/.test(output)) problems.push('npm warned about engines (EBADDEVENGINES or EBADENGINE)');
  const newman = /\bnewman(?:@[\w.-]+)? run (\S+)/.exec(command);
  if (newman) {
    const given = postmanRequests(path.resolve(cwd, newman[1] as string));
    const ran = number(/requests\s*│\s*(\d+)\s*│/, output);
    const failed = number(/requests\s*│\s*\d+\s*│\s*(\d+)\s*│/, output);
    if (!given || ran !== given || failed !== 0)
      problems.push(`newman ran ${ran} requests (${failed} failed) of the collection's ${given}`);
  }
  if (/@usebruno\/cli(?:@[\w.-]+)? run\b|\bbru run\b/.test(command)) {
    const dir = path.resolve(cwd, /(?:^|&&\s*)cd (\S+)\s*&&/.exec(command)?.[1] ?? '.');
    const given = existsSync(dir) ? brunoRequests(dir) : 0;
    const ran = number(/Requests\s*│\s*(\d+)/, output);
    const tests = /Tests\s*│\s*(\d+)\/(\d+)/.exec(output);
    if (!given || ran !== given) problems.push(`bru ran ${ran} requests of the collection's ${given}`);
    if (!tests || Number(tests[2]) < given || tests[1] !== tests[2]) problems.push(`bru counted tests ${tests?.[0] ?? 'none'}`);
  }
  if (/\bair-travel-api-contract flows\b/.test(command) && !/--help|--dry-run/.test(command)) {
    const summary = /(\d+) of (\d+) scenarios passed/.exec(output);
    if (!summary || summary[2] === '0' || summary[1] !== summary[2]) problems.push(`flows: ${summary?.[0] ?? 'no summary line'}`);
  }
  if (/\bcurl\b[^|]* -i\b/.test(command) && !/^HTTP\/[\d.]+ \d{3}/m.test(output)) problems.push('curl -i printed no status line');
  if (/^npm (?:test|run test)\b|\bvitest run\b/.test(command)) {
    const passed = number(/Tests\s+(\d+) passed/, output) ?? number(/(\d+) passed/, output);
    if (!passed) problems.push('the test runner passed no test');
  }
  return problems;
}

// The mock's problem wording is pinned by the page that shows it: docs/mock-and-proxy.md holds
// the detail the mock gives for every refusal an HTTP client can send
// (scripts/docs-site/problems-include.ts), and a change of wording in src/mock/ without the
// page's (`npm run docs:problems`) fails here, naming the rows that moved.
import { expect, test } from 'vitest';
import { filledPage, PROBLEM_CASES } from '../../scripts/docs-site/problems-include.ts';
import { rootDir } from '../support/bundle.ts';

test("the page's problem details are the mock's, word for word", async () => {
  const { text, filled } = await filledPage(rootDir);
  const rows = (page: string) => page.split('\n').filter((line) => line.startsWith('| ') && line.includes('` |'));
  const moved = rows(filled).filter((row) => !rows(text).includes(row));
  expect(moved, 'run `npm run docs:problems`').toEqual([]);
  expect(filled).toBe(text);
});

test('every case is refused with a problem that says why', async () => {
  const { filled } = await filledPage(rootDir);
  const table = filled.slice(filled.indexOf('<!-- problems -->'), filled.indexOf('<!-- /problems -->'));
  const rows = table.split('\n').filter((line) => /^\| .* \| `\d{3}` \|/.test(line));
  expect(rows).toHaveLength(PROBLEM_CASES.length);
  for (const row of rows) {
    const [, status, detail] = /\| `(\d{3})` \| (.*) \|$/.exec(row) ?? [];
    expect(Number(status), row).toBeGreaterThanOrEqual(400);
    expect(detail?.trim().length, row).toBeGreaterThan(10);
  }
});

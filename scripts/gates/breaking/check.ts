// npm run check:breaking [-- --verbose] [-- <family>...]
// Compares generated/<family>/openapi.yaml with baseline/<family>/openapi.yaml for
// every family; exits 1 when a breaking change lacks its major version or its
// CHANGELOG entry, or when a family's inputs are missing or unreadable.
import { scriptArgs } from '../../lib/args.ts';
import { listFamilies, loadFamily } from './families.ts';
import { evaluateFamily, type FamilyResult } from './gate.ts';
import { formatResult } from './report.ts';

export async function checkRepository(root: string, only: string[] = []): Promise<FamilyResult[]> {
  const known = await listFamilies(root);
  const unknown = only.filter((f) => !known.includes(f));
  if (unknown.length) throw new Error(`unknown family: ${unknown.join(', ')} (known: ${known.join(', ') || 'none'})`);
  const results: FamilyResult[] = [];
  for (const family of only.length ? only : known) {
    try {
      results.push(evaluateFamily(await loadFamily(root, family)));
    } catch (error) {
      results.push({
        family,
        status: 'failed',
        baselineVersion: undefined,
        currentVersion: undefined,
        findings: [],
        unlisted: [],
        errors: [(error as Error).message],
      });
    }
  }
  return results;
}

async function main(): Promise<number> {
  const { values, positionals } = scriptArgs({
    command: 'npm run check:breaking',
    usage: `Usage: npm run check:breaking [-- [FAMILY ...] --root DIR --verbose]

Compares each family's bundle with its released baseline; exits 1 when a breaking change
lacks its major version or its CHANGELOG entry.

  FAMILY       check only these families (default: every family)
  --root DIR   the repository (default: the current folder)
  --verbose    list every change, not only the breaking ones
  --help       this text`,
    options: { root: { type: 'string', default: process.cwd() }, verbose: { type: 'boolean', default: false } },
    positionals: true,
  });
  const results = await checkRepository(values.root, positionals);
  if (results.length === 0) {
    console.error('check:breaking: no family found (redocly.yaml `apis:`, generated/*/openapi.yaml, baseline/*/openapi.yaml)');
    return 1;
  }
  for (const r of results) console.log(formatResult(r, values.verbose).join('\n'));
  const failed = results.filter((r) => r.status === 'failed');
  console.log(
    failed.length
      ? `check:breaking: ${failed.length} of ${results.length} families failed`
      : `check:breaking: ${results.length} families pass`,
  );
  return failed.length ? 1 : 0;
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`check:breaking: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}

// npm run release:baseline [-- --amend] [-- <family>...]
// The release act: copies generated/<family>/openapi.yaml to
// baseline/<family>/openapi.yaml, byte for byte, once the gate passes and the
// family's CHANGELOG.md has an entry for the version being released.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { scriptArgs } from '../../lib/args.ts';
import { parseChangelog } from './changelog.ts';
import { familyPaths, listFamilies, loadFamily } from './families.ts';
import { evaluateFamily } from './gate.ts';
import { formatResult } from './report.ts';

export interface ReleaseOutcome {
  family: string;
  outcome: 'released' | 'unchanged' | 'refused';
  message: string;
}

export async function releaseFamily(root: string, family: string, amend: boolean): Promise<ReleaseOutcome> {
  const inputs = await loadFamily(root, family);
  const { current, baseline, paths } = inputs;
  const refuse = (message: string): ReleaseOutcome => ({ family, outcome: 'refused', message });
  if (!current) return refuse(`${paths.current} is missing: run \`npm run build\` first.`);
  if (!parseChangelog(inputs.changelog ?? '').some((e) => e.version === current.version)) {
    return refuse(`${paths.changelog} has no "## ${current.version}" entry: write it before releasing ${current.version}.`);
  }
  const abs = familyPaths(root, family);
  let absorbed = '';
  if (baseline) {
    const result = evaluateFamily(inputs);
    if (baseline.version === current.version) {
      const same = (await readFile(abs.baseline, 'utf8')) === (await readFile(abs.current, 'utf8'));
      if (same) return { family, outcome: 'unchanged', message: `${current.version} is already the released baseline.` };
      if (!amend) {
        return refuse(
          `the bundle differs from the released ${current.version} but info.version was not raised: raise it ` +
            `(patch or minor; major for a breaking change) with its CHANGELOG entry, or pass --amend to replace the ` +
            `${current.version} baseline — only while no integrator has received ${current.version}.\n${formatResult(result, false).join('\n')}`,
        );
      }
      absorbed = `\n${formatResult(result, false).join('\n')}`;
    } else if (result.errors.length) {
      return refuse(`the gate fails:\n${formatResult(result, false).join('\n')}`);
    }
  }
  await mkdir(dirname(abs.baseline), { recursive: true });
  await copyFile(abs.current, abs.baseline);
  const what = !baseline
    ? `first release, ${current.version}`
    : absorbed
      ? `${current.version} amended`
      : `${baseline.version} → ${current.version}`;
  return { family, outcome: 'released', message: `released ${what}: ${paths.baseline}${absorbed}` };
}

async function main(): Promise<number> {
  const { values, positionals } = scriptArgs({
    command: 'npm run release:baseline',
    usage: `Usage: npm run release:baseline [-- [FAMILY ...] --root DIR --amend]

Makes each family's current bundle its released baseline, refusing a breaking change that
lacks its major version or its CHANGELOG entry.

  FAMILY       release only these families (default: every family)
  --root DIR   the repository (default: the current folder)
  --amend      replace the baseline of the same version (only while no integrator has it)
  --help       this text`,
    options: { root: { type: 'string', default: process.cwd() }, amend: { type: 'boolean', default: false } },
    positionals: true,
  });
  const families = positionals.length ? positionals : await listFamilies(values.root);
  let refused = 0;
  for (const family of families) {
    const { outcome, message } = await releaseFamily(values.root, family, values.amend);
    if (outcome === 'refused') refused++;
    console.log(`${family}: ${outcome === 'refused' ? 'NOT released: ' : ''}${message}`);
  }
  return refused ? 1 : 0;
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`release:baseline: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}

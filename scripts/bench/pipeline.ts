// The pipeline against the naive route: one CLI process per tool, per family, in a row.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFamilies } from '../lib/families.ts';
import { rotate, timeMs, type Figure } from '../lib/stats.ts';
import { makeWorkspace } from '../lib/workspace.ts';
import { cliRouteBuild, node } from '../lib/cli-route.ts';

/** The edit of the one-family figure: a summary, so lint passes and the types change (JSDoc). */
export const ONE_FAMILY_EDIT = { family: 'v3', file: 'spec/v3/paths/Disponibilidade.yaml', find: 'summary: ' };

export interface PipelineFigures {
  naive: Figure;
  full: Figure;
  noChange: Figure;
  oneFamily: Figure;
  /** Ratios taken round by round (median, min, max): full / naive, no-change / full, one family / full. */
  fullOverNaive: Figure;
  noChangeOverFull: Figure;
  oneFamilyOverFull: Figure;
  families: number;
}

/**
 * The Node flags `npm run build` gives the pipeline (package.json's build script is
 * `node [flags] scripts/pipeline/main.ts`): the benchmark runs the build as that script does,
 * without npm's own start-up, as it runs the CLIs without npx.
 */
export async function buildNodeFlags(rootDir: string): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(rootDir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const match = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+scripts\/pipeline\/main\.ts$/.exec(pkg.scripts?.build ?? '');
  if (!match)
    throw new Error(
      `bench: package.json's build script is not \`node [flags] scripts/pipeline/main.ts\`: ${JSON.stringify(pkg.scripts?.build)}`,
    );
  return (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
}

export async function benchPipeline(rootDir: string, runs: number): Promise<PipelineFigures> {
  const ws = await makeWorkspace(rootDir);
  try {
    const families = await readFamilies(ws.dir);
    const flags = await buildNodeFlags(ws.dir);
    const build = (args: string[]) => node(ws.dir, [...flags, path.join(ws.dir, 'scripts/pipeline/main.ts'), ...args]);
    const edited = path.join(ws.dir, ONE_FAMILY_EDIT.file);
    const original = await readFile(edited, 'utf8');
    if (!original.includes(ONE_FAMILY_EDIT.find)) throw new Error(`bench: ${ONE_FAMILY_EDIT.file} no longer has "${ONE_FAMILY_EDIT.find}"`);
    let edits = 0;
    // Nothing built: no dist/, and of generated/ only the contract index, which src/ reads when
    // the observed steps load it (a clone has it: it is tracked).
    const asCloned = async () => {
      await rm(path.join(ws.dir, 'generated'), { recursive: true, force: true });
      await rm(path.join(ws.dir, 'dist'), { recursive: true, force: true });
      await cp(path.join(rootDir, 'generated/contract'), path.join(ws.dir, 'generated/contract'), { recursive: true });
    };
    // Each round measures every side in turn (naive, full, no change, one family), so a
    // slow moment of the shared machine lands on all of them; ratios are per round.
    const { figures, ratios, ratioOf } = await rotate(runs, [
      async () => {
        await asCloned();
        return timeMs(() => cliRouteBuild(ws.dir, families));
      },
      async () => {
        await asCloned();
        return timeMs(() => build(['--force']));
      },
      () => timeMs(() => build([])),
      // One family edited between builds (a summary in v3, different each run): that
      // family, the pages and the client (its types changed) are rebuilt, nothing else.
      async () => {
        edits += 1;
        await writeFile(edited, original.replace(ONE_FAMILY_EDIT.find, `${ONE_FAMILY_EDIT.find}(bench edit ${edits}) `));
        return timeMs(() => build([]));
      },
    ]);
    const [naive, full, noChange, oneFamily] = figures as [Figure, Figure, Figure, Figure];
    return {
      naive,
      full,
      noChange,
      oneFamily,
      fullOverNaive: ratios[1]!,
      noChangeOverFull: ratioOf(2, 1),
      oneFamilyOverFull: ratioOf(3, 1),
      families: families.length,
    };
  } finally {
    await ws.dispose();
  }
}

// The observed flavours' figures in docs/observed.md (operations per flavour, typed share
// of every source's bodies before and after it) are the evidence's, not typed by hand.
import { describe, expect, test } from 'vitest';
import { FIGURES_DOC, includeObservedFigures, observedFigures } from '../../scripts/observed/figures.ts';
import { loadSources } from '../../scripts/observed/sources.ts';
import { evidenceRoot, rootDir } from './support.ts';

describe(`the observed figures of ${FIGURES_DOC}`, () => {
  test('are current: `npm run observed:figures -- --check` would pass', async () => {
    expect(await includeObservedFigures(rootDir, true), `run \`npm run observed:figures\`: ${FIGURES_DOC} is stale`).toBe(false);
  }, 60_000);

  test('have a row per source with bodies and flavour', async () => {
    const block = await observedFigures(rootDir);
    for (const source of loadSources(evidenceRoot).filter((s) => s.bodies.length > 0))
      expect(block).toMatch(new RegExp(`\\| v2-pt \\| ${source.info.id} \\| \\d+ \\|`));
  }, 60_000);
});

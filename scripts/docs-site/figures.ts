// The bench's figures by name, written beside bench/results.md by a full `npm run bench`,
// for the docs to include (include.ts) instead of typing figures by hand.
import { readFile, writeFile } from 'node:fs/promises';
import { isRecord } from '../../src/lib/json.ts';

export const FIGURES_FILE = 'bench/figures.json';

export interface Figures {
  machine: string;
  measured: string;
  /** key → the figure as the results table shows it (`198 ms (min 174, max 228, 3 runs)`). */
  figures: Record<string, string>;
}

export async function writeFigures(file: string, figures: Figures): Promise<void> {
  await writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
}

export async function readFigures(file: string): Promise<Figures> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isRecord(parsed) || typeof parsed.machine !== 'string' || typeof parsed.measured !== 'string' || !isRecord(parsed.figures))
    throw new Error(`${file}: not the bench's figures (machine, measured, figures)`);
  const figures: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed.figures)) if (typeof value === 'string') figures[key] = value;
  return { machine: parsed.machine, measured: parsed.measured, figures };
}

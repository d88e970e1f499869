// Reads the certification scenarios captured in evidence/flows/: one folder per scenario,
// one request/answer pair per step, in file-name order (`02-Disponibilidade-ida` is the
// step's id, `Disponibilidade` its operation, `ida` its label).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FLOWS_DIR } from '../lib/layout.ts';

export interface FlowStep {
  /** File stem, e.g. `02-Disponibilidade-ida`. */
  id: string;
  operation: string;
  /** What distinguishes two steps of one operation (`ida`, `trecho1`), when the file name says it. */
  label: string | undefined;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  steps: FlowStep[];
}

const STEP_FILE = /^(\d+)-([A-Za-z]+)(?:-([a-z0-9]+))?\.request\.json$/;

function readObject(file: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file}: not a JSON object`);
  return value as Record<string, unknown>;
}

/** Every scenario under `<rootDir>/evidence/flows` (or the folder `dir`), sorted by name, steps in file order. */
export function readScenarios(rootDir: string, dir: string = path.join(rootDir, FLOWS_DIR)): Scenario[] {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.map((name) => {
    const files = readdirSync(path.join(dir, name))
      .filter((file) => STEP_FILE.test(file))
      .sort();
    const steps = files.map((file): FlowStep => {
      const match = STEP_FILE.exec(file) as RegExpExecArray;
      const id = file.slice(0, -'.request.json'.length);
      return {
        id,
        operation: match[2] as string,
        label: match[3],
        request: readObject(path.join(dir, name, file)),
        response: readObject(path.join(dir, name, `${id}.response.json`)),
      };
    });
    return { name, steps };
  });
}

export interface FlowsSource {
  repository: string;
  commit: string;
}

/** Where the captures come from, as evidence/flows/README.md states it (`Source: `repo` at commit `sha``). */
export function readFlowsSource(rootDir: string): FlowsSource {
  const readme = readFileSync(path.join(rootDir, FLOWS_DIR, 'README.md'), 'utf8');
  const match = /^Source: `([^`]+)` at commit `([0-9a-f]{40})`/m.exec(readme);
  if (!match) throw new Error(`${FLOWS_DIR}/README.md: no "Source: \`repository\` at commit \`sha\`" line`);
  return { repository: match[1] as string, commit: match[2] as string };
}

// The pipeline against the naive route: one CLI process per tool, per family, in a row.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readFamilies } from '../build/families.ts';
import { repeat, timeMs, type Figure } from './stats.ts';
import { makeWorkspace } from './workspace.ts';

const run = promisify(execFile);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

function bin(dir: string, file: string): string {
  return path.join(dir, 'node_modules', file);
}

async function node(dir: string, args: string[]): Promise<void> {
  await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
}

/** Every output of the pipeline, made by the tools' CLIs one call at a time. */
async function naiveBuild(dir: string, families: string[]): Promise<void> {
  const redocly = bin(dir, '@redocly/cli/bin/cli.js');
  const spectral = bin(dir, '@stoplight/spectral-cli/dist/index.js');
  const ruleset = existsSync(path.join(dir, '.spectral.mjs')) ? '.spectral.mjs' : '.spectral.yaml';
  for (const family of families) {
    const bundle = path.join('generated', family, 'openapi.yaml');
    await node(dir, [redocly, 'lint', family]);
    await node(dir, [redocly, 'bundle', family, '-o', bundle]);
    await node(dir, [spectral, 'lint', bundle, '--ruleset', ruleset, '--fail-severity', 'error']);
    await node(dir, [redocly, 'build-docs', bundle, '-o', path.join('generated', 'docs', `${family}.html`), '--inlineBundle']);
  }
  // openapi-typescript reads redocly.yaml's apis: one call writes every family's types.
  await node(dir, [bin(dir, 'openapi-typescript/bin/cli.js')]);
}

export interface PipelineFigures {
  naive: Figure;
  full: Figure;
  noChange: Figure;
  families: number;
}

export async function benchPipeline(rootDir: string, runs: number): Promise<PipelineFigures> {
  const ws = await makeWorkspace(rootDir);
  try {
    const families = (await readFamilies(ws.dir)).map((f) => f.id);
    const build = (args: string[]) => node(ws.dir, [path.join(ws.dir, 'scripts/build.ts'), ...args]);
    const naive = await repeat(runs, async () => {
      await rm(path.join(ws.dir, 'generated'), { recursive: true, force: true });
      return timeMs(() => naiveBuild(ws.dir, families));
    });
    const full = await repeat(runs, async () => {
      await rm(path.join(ws.dir, 'generated'), { recursive: true, force: true });
      return timeMs(() => build(['--force']));
    });
    const noChange = await repeat(runs, () => timeMs(() => build([])));
    return { naive, full, noChange, families: families.length };
  } finally {
    await ws.dispose();
  }
}

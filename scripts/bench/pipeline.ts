// The pipeline against the naive route: one CLI process per tool, per family, in a row.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readFamilies } from '../build/families.ts';
import { repeat, timeMs, type Figure } from './stats.ts';
import { makeWorkspace } from './workspace.ts';
import { cliRouteBuild } from './cli-route.ts';

const run = promisify(execFile);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

async function node(dir: string, args: string[]): Promise<void> {
  await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
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
    const families = await readFamilies(ws.dir);
    const build = (args: string[]) => node(ws.dir, [path.join(ws.dir, 'scripts/build.ts'), ...args]);
    const naive = await repeat(runs, async () => {
      await rm(path.join(ws.dir, 'generated'), { recursive: true, force: true });
      await rm(path.join(ws.dir, 'dist'), { recursive: true, force: true });
      return timeMs(() => cliRouteBuild(ws.dir, families));
    });
    const full = await repeat(runs, async () => {
      await rm(path.join(ws.dir, 'generated'), { recursive: true, force: true });
      await rm(path.join(ws.dir, 'dist'), { recursive: true, force: true });
      return timeMs(() => build(['--force']));
    });
    const noChange = await repeat(runs, () => timeMs(() => build([])));
    return { naive, full, noChange, families: families.length };
  } finally {
    await ws.dispose();
  }
}

// Reference page of one family: Redocly's build-docs on the bundle, self-contained
// (`--inlineBundle`) so the page works offline.
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';

const run = promisify(execFile);
export const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/** The build-docs arguments, shared with the CLI route the benchmark and tests replay. */
export function buildDocsArgs(bundlePath: string, outFile: string, title: string): string[] {
  return ['build-docs', bundlePath, '-o', outFile, '--title', title, '--inlineBundle'];
}

export async function buildReferencePage(bundlePath: string, outFile: string, title: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await run(process.execPath, [redoclyCli, ...buildDocsArgs(bundlePath, outFile, title)], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

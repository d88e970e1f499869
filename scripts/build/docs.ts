// Reference page of one family: Redocly's build-docs on the bundle, self-contained
// (`--inlineBundle`) so the page works offline.
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';

const run = promisify(execFile);
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

export async function buildReferencePage(bundlePath: string, outFile: string, title: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  await run(process.execPath, [redoclyCli, 'build-docs', bundlePath, '-o', outFile, '--title', title, '--inlineBundle'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

// The one adapter to Redocly's `build-docs`, which has no public programmatic entry
// (@redocly/cli exports nothing; its maintainers say so in redocly-cli#1726). It relies
// on two internals, both checked by tests/docs/build-docs.test.ts with a message naming
// them: (1) a chunk under @redocly/cli/lib/chunks exports `handlerBuildCommand`, which
// writes byte for byte what the CLI writes; (2) the handler reports through
// process.stdout/stderr, which are captured around each call. When a release moves the
// handler, pages are built by the CLI process instead, with the same arguments.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig } from '@redocly/openapi-core';

export interface BuildDocsArgv {
  /** The (bundled) document to render. */
  api: string;
  /** The page to write. */
  o: string;
  title: string;
  template: string;
  templateOptions: Record<string, string>;
  /** Redoc options (`--openapi`). */
  openapi: Record<string, unknown>;
}

const require = createRequire(import.meta.url);
const cliBin = require.resolve('@redocly/cli/bin/cli.js');
/** The installed @redocly/cli version, for the adapter's checks and messages. */
export const redoclyCliVersion = (require('@redocly/cli/package.json') as { version: string }).version;
const ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false', NO_COLOR: '1' };

/** The same page through the CLI's own process: the arguments `redocly build-docs` takes. */
export function cliArgs(argv: BuildDocsArgv): string[] {
  return [
    'build-docs',
    argv.api,
    '--output',
    argv.o,
    '--inlineBundle',
    '--template',
    argv.template,
    '--title',
    argv.title,
    '--openapi',
    JSON.stringify(argv.openapi),
    ...Object.entries(argv.templateOptions).map(([k, v]) => `--templateOptions.${k}=${v}`),
  ];
}

export function buildDocsWithCli(argv: BuildDocsArgv, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliBin, ...cliArgs(argv)],
      { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...ENV } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stdout}\n${stderr}`.trim()));
        else resolve();
      },
    );
  });
}

type Handler = (args: { argv: Record<string, unknown>; config: unknown; collectSpecData: () => void }) => Promise<void>;

let handler: Promise<Handler | undefined> | undefined;

async function findHandler(): Promise<Handler | undefined> {
  const chunks = path.join(path.dirname(cliBin), '..', 'lib', 'chunks');
  for (const name of (await readdir(chunks).catch(() => [])).sort()) {
    if (!name.endsWith('.js')) continue;
    if (!(await readFile(path.join(chunks, name), 'utf8')).includes(' as handlerBuildCommand}')) continue;
    const mod = (await import(pathToFileURL(path.join(chunks, name)).href)) as { handlerBuildCommand?: Handler };
    return mod.handlerBuildCommand;
  }
  return undefined;
}

/** Whether pages are rendered in this process (false: Redocly moved its handler; the CLI is used). */
export async function rendersInProcess(): Promise<boolean> {
  handler ??= findHandler();
  return (await handler) !== undefined;
}

// One page at a time: rendering is synchronous work, and the CLI's logger is silenced
// around each call (its banner and timings belong to a terminal, not to a build log).
let queue: Promise<unknown> = Promise.resolve();

async function quietly<T>(work: () => Promise<T>): Promise<{ value: T } | { error: unknown; output: string }> {
  let output = '';
  const writes = [process.stdout.write, process.stderr.write] as const;
  const capture = ((chunk: string | Uint8Array) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    return { value: await work() };
  } catch (error) {
    return { error, output };
  } finally {
    [process.stdout.write, process.stderr.write] = writes;
  }
}

/** Renders one page with build-docs, in this process when the CLI's handler can be found. */
export function buildDocs(argv: BuildDocsArgv, cwd: string): Promise<void> {
  const run = async () => {
    handler ??= findHandler();
    const found = await handler;
    if (!found) return buildDocsWithCli(argv, cwd);
    for (const [key, value] of Object.entries(ENV)) process.env[key] = value;
    const config = await createConfig({});
    const result = await quietly(() =>
      found({ argv: { ...argv, openapi: JSON.stringify(argv.openapi), inlineBundle: true }, config, collectSpecData: () => {} }),
    );
    if ('error' in result) {
      throw new Error(`${result.error instanceof Error ? result.error.message : String(result.error)}\n${result.output}`.trim());
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

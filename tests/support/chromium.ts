// Finds the Chromium or Chrome the browser tests drive: CHROMIUM_PATH when set, else
// the usual places on Linux and macOS, else the usual names on PATH. Nothing is installed.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const KNOWN_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];
const KNOWN_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env, knownPaths: readonly string[] = KNOWN_PATHS): ChromiumLookup {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return executable(chosen)
      ? { found: true, path: chosen }
      : { found: false, reason: `CHROMIUM_PATH=${chosen} is not an executable file` };
  }
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => KNOWN_NAMES.map((name) => path.join(dir, name)));
  const hit = [...knownPaths, ...onPath].find(executable);
  return hit
    ? { found: true, path: hit }
    : { found: false, reason: 'no Chromium or Chrome found (install one, e.g. `apt-get install chromium`, or set CHROMIUM_PATH)' };
}

/**
 * The browser to drive, or undefined when the browser tests should be skipped. Outside CI a
 * missing browser skips them with the reason; with CI=true it is an error.
 */
export function chromiumForTests(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const lookup = findChromium(env);
  if (lookup.found) return lookup.path;
  if (env.CI === 'true') throw new Error(`Browser tests are required in CI: ${lookup.reason}.`);
  console.warn(`Browser tests skipped: ${lookup.reason}.`);
  return undefined;
}

/** The flags every browser test launches Chromium with: headless, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The command that adds a package, in the package manager that started this process (its
// `npm_config_user_agent`), so a missing-peer message gives one that works there: `npm
// install` fails inside a pnpm project and leaves a Yarn project's lockfile stale.

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The manager named first in a user agent such as `pnpm/10.34.8 npm/? node/v24.21.0 linux x64`; npm when none is known. */
export function packageManagerOf(userAgent: string | undefined): PackageManager {
  const name = /^([a-z]+)\//.exec(userAgent ?? '')?.[1];
  return name === 'pnpm' || name === 'yarn' || name === 'bun' ? name : 'npm';
}

/** The major version of the manager named first in a user agent (`pnpm/12.23.0 …` is 12), when it gives one. */
export function managerMajorOf(userAgent: string | undefined): number | undefined {
  const major = /^[a-z]+\/(\d+)\./.exec(userAgent ?? '')?.[1];
  return major === undefined ? undefined : Number(major);
}

const userAgent = (): string | undefined => (typeof process === 'undefined' ? undefined : process.env?.npm_config_user_agent);

/** The manager that ran this process: `process` is absent in a page, where npm is the default. */
export function currentPackageManager(): PackageManager {
  return packageManagerOf(userAgent());
}

const ADD: Record<PackageManager, { plain: string; dev: string }> = {
  npm: { plain: 'npm install', dev: 'npm install --save-dev' },
  pnpm: { plain: 'pnpm add', dev: 'pnpm add -D' },
  yarn: { plain: 'yarn add', dev: 'yarn add -D' },
  bun: { plain: 'bun add', dev: 'bun add -d' },
};

export interface AddOptions {
  dev?: boolean;
  /** Default: the manager running now. */
  manager?: PackageManager;
  /** Its major version (pnpm's flags differ); default: the running one's, when it is the manager asked for. */
  major?: number;
  /**
   * Packages with an install script that may stay off (msw's copies its worker, which the
   * handlers in Node never need): pnpm 12 refuses to add one whose script it ignores
   * (`ERR_PNPM_IGNORED_BUILDS`) unless `--allow-build='!name'` records that it stays off.
   */
  scriptsOff?: readonly string[];
}

/** `pnpm add -D a b`, `yarn add a`, …: the packages added with the given manager (default: the one running now). */
export function addCommand(packages: readonly string[], options: AddOptions = {}): string {
  const manager = options.manager ?? currentPackageManager();
  const verbs = ADD[manager];
  const major = options.major ?? (packageManagerOf(userAgent()) === manager ? managerMajorOf(userAgent()) : undefined);
  const off =
    manager === 'pnpm' && major !== undefined && major >= 12 ? (options.scriptsOff ?? []).map((name) => ` --allow-build='!${name}'`) : [];
  return `${options.dev === true ? verbs.dev : verbs.plain} ${packages.join(' ')}${off.join('')}`;
}

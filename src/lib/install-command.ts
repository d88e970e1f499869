// The command that adds a package, in the package manager that started this process (its
// `npm_config_user_agent`), so a missing-peer message gives one that works there: `npm
// install` fails inside a pnpm project and leaves a Yarn project's lockfile stale.

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The manager named first in a user agent such as `pnpm/10.34.8 npm/? node/v24.21.0 linux x64`; npm when none is known. */
export function packageManagerOf(userAgent: string | undefined): PackageManager {
  const name = /^([a-z]+)\//.exec(userAgent ?? '')?.[1];
  return name === 'pnpm' || name === 'yarn' || name === 'bun' ? name : 'npm';
}

/** The manager that ran this process: `process` is absent in a page, where npm is the default. */
export function currentPackageManager(): PackageManager {
  return packageManagerOf(typeof process === 'undefined' ? undefined : process.env?.npm_config_user_agent);
}

const ADD: Record<PackageManager, { plain: string; dev: string }> = {
  npm: { plain: 'npm install', dev: 'npm install --save-dev' },
  pnpm: { plain: 'pnpm add', dev: 'pnpm add -D' },
  yarn: { plain: 'yarn add', dev: 'yarn add -D' },
  bun: { plain: 'bun add', dev: 'bun add -d' },
};

/** `pnpm add -D a b`, `yarn add a`, …: the packages added with the given manager (default: the one running now). */
export function addCommand(packages: readonly string[], options: { dev?: boolean; manager?: PackageManager } = {}): string {
  const verbs = ADD[options.manager ?? currentPackageManager()];
  return `${options.dev === true ? verbs.dev : verbs.plain} ${packages.join(' ')}`;
}

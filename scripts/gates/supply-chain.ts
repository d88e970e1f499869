// npm run check:supply-chain [-- --no-audit] [-- --audit-dev]
// Fails when a dependency is not pinned to an exact version, when
// package-lock.json is missing, untracked by git or out of step with
// package.json, when a package with install scripts is not covered by
// package.json `allowScripts` (npm 11's allow-list), or when
// `npm audit --omit=dev` reports a high or critical vulnerability.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scriptArgs } from '../lib/args.ts';

const run = promisify(execFile);

type Deps = Record<string, string>;
export interface PackageJson {
  name?: string;
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
  overrides?: Record<string, unknown>;
  allowScripts?: Record<string, boolean>;
}
interface LockEntry {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
  link?: boolean;
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
}
export interface Lockfile {
  name?: string;
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
}

export interface Problem {
  /** `audit-unverified`: the registry gave no advisories (offline, or its endpoint refused); said loudly, not a failure. */
  check: 'pinning' | 'lockfile' | 'install-scripts' | 'audit' | 'audit-unverified';
  message: string;
}

const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** Every dependency (and override) names one exact version: no range, tag, URL or path. */
export function checkPinning(pkg: PackageJson): Problem[] {
  const problems: Problem[] = [];
  for (const section of SECTIONS) {
    for (const [name, spec] of Object.entries(pkg[section] ?? {})) {
      if (!EXACT.test(spec))
        problems.push({
          check: 'pinning',
          message: `${section}.${name} is "${spec}", not an exact version: npm install --save-exact ${name}@<version>`,
        });
    }
  }
  const walk = (overrides: Record<string, unknown>, path: string) => {
    for (const [name, spec] of Object.entries(overrides)) {
      if (typeof spec === 'object' && spec !== null) walk(spec as Record<string, unknown>, `${path}.${name}`);
      else if (typeof spec !== 'string' || !(EXACT.test(spec) || spec.startsWith('$'))) {
        problems.push({ check: 'pinning', message: `${path}.${name} is "${String(spec)}", not an exact version` });
      }
    }
  };
  walk(pkg.overrides ?? {}, 'overrides');
  return problems;
}

/** The package name of a lockfile key: `node_modules/a/node_modules/@s/b` → `@s/b`. */
export function nameOfLockPath(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

const sameMap = (a: Deps | undefined, b: Deps | undefined) => {
  const x = Object.entries(a ?? {}).sort(([k], [l]) => k.localeCompare(l));
  const y = Object.entries(b ?? {}).sort(([k], [l]) => k.localeCompare(l));
  return JSON.stringify(x) === JSON.stringify(y);
};

/** package-lock.json records exactly what package.json asks for, at the pinned versions. */
export function checkLockfile(pkg: PackageJson, lock: Lockfile | undefined): Problem[] {
  const problem = (message: string): Problem => ({ check: 'lockfile', message });
  if (!lock) return [problem('package-lock.json is missing: run `npm install` and commit it')];
  if (!lock.packages || (lock.lockfileVersion ?? 0) < 2)
    return [
      problem(`package-lock.json has lockfileVersion ${lock.lockfileVersion ?? '?'}; npm 7+ writes 3 (regenerate it with npm install)`),
    ];
  const rootEntry = lock.packages[''];
  if (!rootEntry) return [problem('package-lock.json has no root package entry ("")')];
  const problems: Problem[] = [];
  for (const section of [...SECTIONS, 'peerDependencies'] as const) {
    if (!sameMap(pkg[section], rootEntry[section])) {
      problems.push(
        problem(`package-lock.json is out of sync with package.json: its ${section} differ (run \`npm install\` and commit the lockfile)`),
      );
    }
  }
  for (const section of SECTIONS) {
    for (const [name, spec] of Object.entries(pkg[section] ?? {})) {
      const entry = lock.packages[`node_modules/${name}`];
      if (!entry) problems.push(problem(`${name} is in package.json but not installed by package-lock.json`));
      else if (EXACT.test(spec) && entry.version !== spec && !entry.link) {
        problems.push(problem(`${name}: package.json pins ${spec}, package-lock.json installs ${entry.version ?? '?'}`));
      }
    }
  }
  return problems;
}

/**
 * Every package whose install scripts (preinstall, install, postinstall) would run
 * has an `allowScripts` entry — `true` to run them, `false` to block them — by name
 * or pinned as `name@version`, the two forms `npm install-scripts` writes. Entries
 * that match no such package are reported too: a standing approval for nothing.
 */
export function checkInstallScripts(pkg: PackageJson, lock: Lockfile | undefined): Problem[] {
  if (!lock?.packages) return [];
  const problem = (message: string): Problem => ({ check: 'install-scripts', message });
  const allow = pkg.allowScripts ?? {};
  const problems: Problem[] = [];
  const used = new Set<string>();
  for (const key of Object.keys(allow)) {
    if (!/^(@[^/@\s]+\/)?[^/@\s]+(@\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?)?$/.test(key)) {
      problems.push(problem(`allowScripts key "${key}" is neither a package name nor name@x.y.z`));
    }
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || !entry.hasInstallScript) continue;
    const name = entry.name ?? nameOfLockPath(path);
    const keys = [`${name}@${entry.version ?? ''}`, name].filter((k) => k in allow);
    if (keys.length === 0) {
      problems.push(
        problem(
          `${name}@${entry.version ?? '?'} has install scripts but no allowScripts entry: review them, then \`npm install-scripts approve ${name}\` or \`npm install-scripts deny ${name}\``,
        ),
      );
    }
    for (const k of keys) used.add(k);
  }
  for (const key of Object.keys(allow)) {
    if (!used.has(key))
      problems.push(
        problem(`allowScripts entry "${key}" matches no locked package with install scripts: remove it (\`npm install-scripts prune\`)`),
      );
  }
  return problems;
}

/** Runs `npm audit --json` (production tree unless `dev`) and reports high and critical findings. */
export async function checkAudit(root: string, dev: boolean): Promise<Problem[]> {
  const args = ['audit', '--json', ...(dev ? [] : ['--omit=dev'])];
  let stdout: string;
  try {
    ({ stdout } = await run('npm', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    // npm audit exits 1 when it finds anything; its JSON is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout.trim().startsWith('{')) {
      return [
        {
          check: 'audit',
          message: `npm ${args.join(' ')} could not run: ${((error as { stderr?: string }).stderr ?? String(error)).trim().split('\n').slice(-2).join(' ')}`,
        },
      ];
    }
  }
  const report = JSON.parse(stdout) as {
    message?: string;
    error?: { summary?: string };
    vulnerabilities?: Record<string, { severity: string }>;
  };
  if (report.error || !report.vulnerabilities) {
    const why = report.message || report.error?.summary || 'no report';
    return [{ check: 'audit-unverified', message: `npm ${args.join(' ')} could not get advisories: ${why}` }];
  }
  return Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
    .map(([name, v]) => ({ check: 'audit', message: `${name}: ${v.severity} vulnerability reported by npm ${args.join(' ')}` }));
}

async function readJson<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The lockfile is tracked by git (skipped outside a git work tree). */
async function checkCommitted(root: string): Promise<Problem[]> {
  try {
    await run('git', ['-C', root, 'rev-parse', '--is-inside-work-tree']);
  } catch {
    return [];
  }
  try {
    await run('git', ['-C', root, 'ls-files', '--error-unmatch', 'package-lock.json']);
    return [];
  } catch {
    return [{ check: 'lockfile', message: 'package-lock.json is not committed: git add package-lock.json' }];
  }
}

export async function checkSupplyChain(root: string, options: { audit: boolean; auditDev: boolean }): Promise<Problem[]> {
  const pkg = await readJson<PackageJson>(join(root, 'package.json'));
  if (!pkg) throw new Error(`no package.json in ${root}`);
  const lock = await readJson<Lockfile>(join(root, 'package-lock.json'));
  const problems = [...checkPinning(pkg), ...checkLockfile(pkg, lock), ...checkInstallScripts(pkg, lock)];
  if (lock) problems.push(...(await checkCommitted(root)));
  if (options.audit) problems.push(...(await checkAudit(root, false)));
  if (options.auditDev) problems.push(...(await checkAudit(root, true)));
  return problems;
}

async function main(): Promise<number> {
  const { values } = scriptArgs({
    command: 'npm run check:supply-chain',
    usage: `Usage: npm run check:supply-chain [-- --no-audit --audit-dev --root DIR]

Fails when a dependency is not pinned, the lock file is missing or out of step, a package
with install scripts is not allow-listed, or npm audit reports a high or critical issue.

  --no-audit    skip npm audit
  --audit-dev   audit the dev tree too
  --root DIR    the repository (default: the current folder)
  --help        this text`,
    options: {
      root: { type: 'string', default: process.cwd() },
      'no-audit': { type: 'boolean', default: false },
      'audit-dev': { type: 'boolean', default: false },
    },
  });
  const problems = await checkSupplyChain(values.root, { audit: !values['no-audit'], auditDev: values['audit-dev'] });
  const unverified = problems.filter((p) => p.check === 'audit-unverified');
  const failures = problems.filter((p) => p.check !== 'audit-unverified');
  for (const p of failures) console.log(`✗ [${p.check}] ${p.message}`);
  for (const p of unverified) console.log(`! [audit] NOT VERIFIED: ${p.message}`);
  const tree = `npm audit --omit=dev${values['audit-dev'] ? ' and the dev tree' : ''}`;
  const audited = values['no-audit']
    ? 'not audited'
    : unverified.length > 0
      ? `${tree}: NOT VERIFIED (no advisories from the registry)`
      : `${tree}: no high or critical issue`;
  console.log(
    failures.length
      ? `check:supply-chain: ${failures.length} problem(s)`
      : `check:supply-chain: pinned, locked, install scripts allow-listed; ${audited}`,
  );
  return failures.length ? 1 : 0;
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`check:supply-chain: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}

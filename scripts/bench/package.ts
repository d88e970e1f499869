// What an integrator pays for the package, and how fast its installed command starts.
// Weight: the tarball, and a cold `npm install` (fresh project, empty npm cache) of the
// package alone and of the package with Prism (the optional peer of `Prefer` and the
// reference engine), alternated round by round, compared with CONSUMER_BUDGET; the
// install of the package alone must not hold Prism. Start: spawn to first 200 of the
// installed `mock`, alternated with the repository's own entry (`npm run mock`'s), both
// warm (Node's compile cache filled).
import { execFile, spawn } from 'node:child_process';
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRISM_PACKAGES } from '../../src/mock/prism-adapter.ts';
import { alternate, summarise, type Figure, type Paired } from '../lib/stats.ts';

const exec = promisify(execFile);
/**
 * What a consumer may pay for the package alone: the tarball (kB), its install's
 * node_modules by sum of file sizes and on disk (MB). Set from what a consumer paid when
 * the budget was set (941 kB, 12.9 MB, 17 MB), with room for a few more pages, not for a
 * further dependency: one that ships with the package is a decision to take with these
 * figures in hand, not one that passes because an older state was lighter.
 */
export const CONSUMER_BUDGET = { tarballKB: 1_000, installedMB: 14, diskMB: 18 } as const;
const PACKAGE = 'air-travel-api-contract';
const HEADERS = { 'content-type': 'application/json', 'developer-token': 'bench', 'developer-access-code': 'YmVuY2g=' };
const CALL = {
  path: '/api/V2/Voos/Disponibilidade',
  body: { Login: 'l', Senha: 's', Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20', QuantidadeAdultos: 1 },
};

export interface InstallFigures {
  /** Seconds of `npm install` with an empty cache. */
  seconds: Figure;
  /** node_modules: the sum of file sizes (MB) and the disk blocks they take (MB). */
  apparentMB: number;
  diskMB: number;
  packages: number;
}

export interface PackageFigures {
  tarballKB: number;
  /** The same package packed without what it ships to be read (READING): its code and contracts. */
  codeTarballKB: number;
  alone: InstallFigures;
  withPrism: InstallFigures;
  /** Prism's packages (`@stoplight/prism-*`) in the install of the package alone: none is the promise. */
  prismInAlone: string[];
  /** Each production dependency (and the package itself) in the install of the package alone: MB on disk by sum of sizes. */
  dependencies: Array<{ name: string; version: string; apparentMB: number }>;
  start: Paired;
}

/** Bytes of every file under a folder (symlinks not followed) and their disk blocks. */
async function sizeOf(dir: string): Promise<{ apparent: number; disk: number }> {
  let apparent = 0;
  let disk = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stat = await lstat(path.join(entry.parentPath, entry.name));
    apparent += stat.size;
    disk += stat.blocks * 512;
  }
  return { apparent, disk };
}

async function npm(args: string[], cwd: string): Promise<void> {
  await exec('npm', args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, SCARF_ANALYTICS: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
}

/** `npm pack` of a folder into `dest`; the tarball's path. `built`: the folder holds built files only, no pipeline to run first (prepack). */
async function pack(dir: string, dest: string, built = false): Promise<string> {
  const args = ['pack', '--json', '--pack-destination', dest, ...(built ? ['--ignore-scripts'] : [])];
  const { stdout } = await exec('npm', args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  const [entry] = JSON.parse(stdout) as Array<{ filename: string }>;
  return path.join(dest, entry!.filename);
}

/** What the package ships to be read, not run: the docs its README links, the examples and the Postman collections. */
const READING = [/^docs\//, /^examples\//, /^generated\/postman\//, /^CONTRIBUTING\.md$/, /^bench\/results\.md$/, /^spec\/extensions\.md$/];

/** The package packed without its reading material: the files `npm pack` takes, less READING, in a folder of their own. */
async function packCode(rootDir: string, work: string): Promise<string> {
  const { stdout } = await exec('npm', ['pack', '--dry-run', '--json'], { cwd: rootDir, maxBuffer: 64 * 1024 * 1024 });
  const [entry] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  const kept = entry!.files.map((f) => f.path).filter((file) => !READING.some((pattern) => pattern.test(file)));
  const dir = path.join(work, 'code');
  for (const file of kept) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(rootDir, file), path.join(dir, file));
  }
  const manifest = JSON.parse(await readFile(path.join(rootDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ ...manifest, files: kept.filter((f) => f !== 'package.json') }));
  const dest = path.join(work, 'code-tarball');
  await mkdir(dest);
  // The copy has the built files the package ships and none of the pipeline that prepack runs.
  return pack(dir, dest, true);
}

/** A cold install of `specs` into a fresh project: seconds, and what node_modules then holds. */
async function coldInstall(
  work: string,
  name: string,
  specs: string[],
): Promise<{ seconds: number; apparent: number; disk: number; packages: number; names: string[] }> {
  const project = await mkdtemp(path.join(work, `${name}-`));
  const cache = await mkdtemp(path.join(work, 'npm-cache-'));
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const started = performance.now();
  await npm(['install', '--cache', cache, '--no-audit', '--no-fund', '--ignore-scripts', ...specs], project);
  const seconds = (performance.now() - started) / 1000;
  const { apparent, disk } = await sizeOf(path.join(project, 'node_modules'));
  const lock = JSON.parse(await readFile(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const names = Object.keys(lock.packages)
    .filter((key) => key !== '')
    .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  await rm(cache, { recursive: true, force: true });
  return { seconds, apparent, disk, packages: names.length, names };
}

function installFigures(rounds: Array<{ seconds: number; apparent: number; disk: number; packages: number }>): InstallFigures {
  const last = rounds.at(-1)!;
  return {
    seconds: summarise(rounds.map((r) => r.seconds)),
    apparentMB: last.apparent / 1e6,
    diskMB: last.disk / 1e6,
    packages: last.packages,
  };
}

/** From spawning `node <entry> mock --port 0` to its first 200 (ms). */
async function firstAnswer(entry: string, cwd: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [entry, 'mock', '--port', '0', '--log', 'silent'], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
    });
    for (;;) {
      const response = await fetch(`${url}${CALL.path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(CALL.body) });
      await response.text();
      if (response.status === 200) return performance.now() - started;
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
}

export async function benchPackage(rootDir: string, runs: number): Promise<PackageFigures> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-package-'));
  try {
    const [tarball, codeTarball] = await Promise.all([pack(rootDir, work), packCode(rootDir, work)]);
    const alone: Array<Awaited<ReturnType<typeof coldInstall>>> = [];
    const withPrism: typeof alone = [];
    for (let i = 0; i < runs; i++) {
      alone.push(await coldInstall(work, 'alone', [tarball]));
      withPrism.push(await coldInstall(work, 'prism', [tarball, ...PRISM_PACKAGES]));
    }
    // The install of the package alone, kept for the dependency sizes and the start figure.
    const project = await mkdtemp(path.join(work, 'start-'));
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await npm(['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', tarball], project);
    const modules = path.join(project, 'node_modules');
    const dependencies: PackageFigures['dependencies'] = [];
    for (const name of await readdir(modules)) {
      if (name.startsWith('.')) continue;
      const manifest = JSON.parse(await readFile(path.join(modules, name, 'package.json'), 'utf8')) as { version: string };
      dependencies.push({ name, version: manifest.version, apparentMB: (await sizeOf(path.join(modules, name))).apparent / 1e6 });
    }
    dependencies.sort((a, b) => b.apparentMB - a.apparentMB);
    const installed = path.join(modules, PACKAGE, 'dist', 'cli', 'main.js');
    const own = path.join(rootDir, 'src', 'cli', 'main.ts');
    // One start each first, so both compile caches are filled: the figures are warm starts.
    await firstAnswer(installed, project);
    await firstAnswer(own, rootDir);
    const start = await alternate(
      runs,
      () => firstAnswer(own, rootDir),
      () => firstAnswer(installed, project),
    );
    return {
      tarballKB: (await lstat(tarball)).size / 1000,
      codeTarballKB: (await lstat(codeTarball)).size / 1000,
      alone: installFigures(alone),
      withPrism: installFigures(withPrism),
      prismInAlone: [...new Set(alone.flatMap((r) => r.names.filter((n) => n.startsWith('@stoplight/prism'))))],
      dependencies,
      start,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

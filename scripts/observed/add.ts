// Imports a recording (`proxy --record`, `flows --record`) as an evidence source: checks it
// (every value the sanitizer replaces is a placeholder), weighs it (a local upstream, an
// incomplete recording and bodies outside the published contract need the reviewer's flag),
// copies it to evidence/<name>/ with its provenance, rebuilds (`npm run build`: overlays,
// bundles, types, docs) and checks that a second build has nothing left to do, refreshes the
// figures of docs/observed.md, and prints a Markdown report for the pull request computed
// from the BUILT observed bundles before and after. A dry run builds the same bundles from a
// scratch copy of evidence/. The same recording imported twice changes nothing.
//   npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run]
//     [--allow-local-upstream] [--allow-incomplete] [--accept-off-contract]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptArgs } from '../lib/args.ts';
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import type { FlavourChange, ImportWeighing } from './import-report.ts';
import type { ObservedFamily } from './overlay.ts';
import type { Recording } from './recording-source.ts';

const { values, positionals } = scriptArgs({
  command: 'npm run observed:add',
  usage: `Usage: npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run]
         [--allow-local-upstream] [--allow-incomplete] [--accept-off-contract]

Imports a recording (\`proxy --record\`, \`flows --record\`) into evidence/<name>/ after its
leak check, rebuilds, checks a second build has nothing to do, and prints what the built
observed flavours gained.

  --source NAME            the evidence folder's name (lower-case letters, digits, hyphens)
  --report FILE            write the import report there too
  --dry-run                import into a copy of evidence/ and only print the report
  --allow-local-upstream   import a recording whose upstream was a server on the recording machine
  --allow-incomplete       import a recording cut short (recording.json says complete: false)
  --accept-off-contract    count bodies the proxy found outside the published contract as evidence
  --help                   this text`,
  positionals: true,
  options: {
    source: { type: 'string' },
    report: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'allow-local-upstream': { type: 'boolean', default: false },
    'allow-incomplete': { type: 'boolean', default: false },
    'accept-off-contract': { type: 'boolean', default: false },
  },
});

// The import's modules, loaded once the command line is read: `--help` or a mistyped option answers without them.
const { includeObservedFigures } = await import('./figures.ts');
const { builtSchemas, importReport } = await import('./import-report.ts');
const { buildOverlay, catalogueOperations, OBSERVED_FAMILIES } = await import('./overlay.ts');
const { readRecording, recordingSourceJson } = await import('./recording-source.ts');
const { loadSources, NOT_SOURCES, viewOf } = await import('./sources.ts');
const { bundleOf, foldShares, percent, shareOfBodies } = await import('./typed-share.ts');

const rootDir = path.resolve(import.meta.dirname, '../..');
const NAME = /^[a-z0-9][a-z0-9-]{1,62}$/;
const USAGE =
  'usage: npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run] [--allow-local-upstream] [--allow-incomplete] [--accept-off-contract]';
/** The built observed flavour of each family (scripts/pipeline/step-ids.ts). */
const OBSERVED_ID: Record<ObservedFamily, string> = { 'v2-pt': 'v2-pt-observed', legacy: 'legacy-observed' };

class ImportError extends Error {
  readonly code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

/** The source already holding this recording, by its hash. */
function importedAs(evidenceDir: string, sha256: string): string | undefined {
  for (const entry of readdirSync(evidenceDir, { withFileTypes: true })) {
    const file = path.join(evidenceDir, entry.name, 'source.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isRecord(raw) && isRecord(raw.recording) && raw.recording.sha256 === sha256) return entry.name;
  }
  return undefined;
}

function writeSource(target: string, name: string, recording: Recording): void {
  for (const [file, text] of recording.files) {
    const out = path.join(target, 'recording', file);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, text);
  }
  writeFileSync(path.join(target, 'source.json'), `${JSON.stringify(recordingSourceJson(name, recording), null, 2)}\n`);
}

/** Both observed flavours and their published bundles, as built. */
type Built = Record<ObservedFamily, { observed: JsonRecord; published: JsonRecord }>;

async function readJson(file: string): Promise<JsonRecord> {
  const value: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isRecord(value)) throw new ImportError(`${file}: expected a bundle`);
  return value;
}

/** The bundles `npm run build` wrote to generated/. */
async function builtBundles(): Promise<Built> {
  const out = {} as Built;
  for (const family of OBSERVED_FAMILIES) {
    out[family] = {
      observed: await readJson(path.join(rootDir, 'generated', OBSERVED_ID[family], 'openapi.json')),
      published: await readJson(path.join(rootDir, 'generated', family, 'openapi.json')),
    };
  }
  return out;
}

/** The bundles the build's observed step makes from another copy of evidence/ (a dry run's). */
async function scratchBundles(evidenceDir: string, specDir: string): Promise<Built> {
  const out = {} as Built;
  for (const family of OBSERVED_FAMILIES) {
    out[family] = {
      observed: await bundleOf(rootDir, family, buildOverlay({ evidenceDir, specDir, family })),
      published: await readJson(path.join(rootDir, 'generated', family, 'openapi.json')),
    };
  }
  return out;
}

/** `npm run build`, its log on stderr; its stdout, for the caller to read. */
function build(why: string): string {
  const run = spawnSync(process.execPath, ['--max-opt=2', path.join(rootDir, 'scripts/pipeline/main.ts')], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', process.stderr],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stderr.write(run.stdout ?? '');
  if (run.status !== 0) throw new ImportError(`\`npm run build\` failed ${why}: fix it and run it again`);
  return run.stdout ?? '';
}

function changes(evidenceDir: string, specDir: string, before: Built, after: Built): FlavourChange[] {
  const { compatible } = catalogueOperations(specDir);
  const sources = loadSources(evidenceDir).filter((s) => s.bodies.length > 0);
  return OBSERVED_FAMILIES.map((family) => {
    const was = before[family].observed;
    const now = after[family].observed;
    const shares = sources.flatMap((s) => {
      const view = viewOf(s, family, compatible);
      if (view.bodies.length === 0) return [];
      return [
        { source: s.info.id, before: percent(shareOfBodies(was, family, [view])), after: percent(shareOfBodies(now, family, [view])) },
      ];
    });
    return {
      flavour: family,
      before: builtSchemas(was, before[family].published),
      after: builtSchemas(now, after[family].published),
      shares,
    };
  });
}

function headOf(name: string, recording: Recording): string[] {
  const p = recording.provenance;
  const tool = isRecord(p.tool) ? `${String(p.tool.name)} ${String(p.tool.version)}` : 'the recorder';
  const upstream = isRecord(p.upstream) ? String(p.upstream.kind) : 'unknown';
  const replaced = isRecord(p.replaced) ? p.replaced : {};
  const requests = recording.bodies.filter((b) => b.body === 'request').length;
  const kept = [...recording.untyped].map(([why, n]) => `- ${n} file${n === 1 ? '' : 's'}: ${why}`);
  const lost: string[] = [];
  if (isRecord(p.notRecorded) && typeof p.notRecorded.count === 'number' && p.notRecorded.count > 0)
    lost.push(`${p.notRecorded.count} exchanges were not recorded (${JSON.stringify(p.notRecorded.reasons ?? {})})`);
  if (typeof p.unparsed === 'number' && p.unparsed > 0) lost.push(`${p.unparsed} answers labelled JSON could not be parsed`);
  if (recording.replacedValues > 0) lost.push(`the recorder's final check replaced ${recording.replacedValues} more values`);
  for (const left of recording.unpaired)
    lost.push(`\`${left.file}\` (${left.operation}) was left without a pair and types nothing: ${left.why}`);
  return [
    `## Evidence: \`${name}\``,
    `A recording by ${tool} from a ${upstream} upstream, ${String(p.started)} to ${String(p.ended)}: ${String(p.exchanges)} exchanges. ` +
      `${recording.bodies.length} bodies type an observed flavour (${requests} requests, ${recording.bodies.length - requests} answers). ` +
      `Replaced when recorded: ${Object.entries(replaced)
        .map(([k, v]) => `${String(v)} ${k}`)
        .join(', ')}. The import's leak check found every replaced value a placeholder in ${recording.files.size} files.` +
      (lost.length > 0 ? ` Also: ${lost.join('; ')}.` : ''),
    ...(kept.length > 0 ? ['Kept in `evidence/` without typing anything:', kept.join('\n')] : []),
  ];
}

interface Flags {
  allowLocal: boolean;
  allowIncomplete: boolean;
  acceptOffContract: boolean;
}

/** Refusals that need the reviewer's word, and the warnings that head the report when it is given. */
function weigh(dir: string, recording: Recording, flags: Flags): string[] {
  const p = recording.provenance;
  const warnings: string[] = [];
  if (recording.locked)
    throw new ImportError(
      `${dir}: a recorder still holds it (${dir}/.lock): stop the recorder first (or remove a stale lock); nothing imported`,
    );
  const upstream = isRecord(p.upstream) ? p.upstream.kind : undefined;
  if (upstream === 'local') {
    if (!flags.allowLocal)
      throw new ImportError(
        `${dir}: recorded from a local upstream (a server on the recording machine, not the provider's sandbox); pass --allow-local-upstream to import it anyway; nothing imported`,
      );
    warnings.push('Recorded from a **local upstream** (a server on the recording machine), imported with `--allow-local-upstream`.');
  }
  if (p.complete === false) {
    if (!flags.allowIncomplete)
      throw new ImportError(
        `${dir}: the recording is incomplete (recording.json says complete: false: the recorder is still running or stopped without finishing); pass --allow-incomplete to import what it holds; nothing imported`,
      );
    warnings.push('The recording is **incomplete** (`complete: false`: cut short), imported with `--allow-incomplete`.');
  }
  return warnings;
}

async function main(): Promise<number> {
  const [dir] = positionals;
  const name = values.source;
  if (dir === undefined || positionals.length !== 1 || name === undefined) throw new ImportError(USAGE, 2);
  if (!NAME.test(name) || NOT_SOURCES.includes(name))
    throw new ImportError(`--source: a folder name of lower-case letters, digits and hyphens (not ${NOT_SOURCES.join(', ')})`, 2);
  const flags: Flags = {
    allowLocal: values['allow-local-upstream'],
    allowIncomplete: values['allow-incomplete'],
    acceptOffContract: values['accept-off-contract'],
  };
  const evidenceDir = path.join(rootDir, 'evidence');
  const specDir = path.join(rootDir, 'spec');
  const { v2 } = catalogueOperations(specDir);
  const recording = readRecording(dir, v2, flags.acceptOffContract);
  if (recording.leaks.length > 0) {
    for (const leak of recording.leaks) console.error(`✗ ${leak.file}: ${leak.field} is not a placeholder`);
    throw new ImportError(`${dir}: ${recording.leaks.length} value(s) the sanitizer replaces are not placeholders; nothing imported`);
  }
  const already = importedAs(evidenceDir, recording.sha256);
  if (already !== undefined) {
    console.log(`This recording is already evidence/${already}/: nothing changed.`);
    return 0;
  }
  const target = path.join(evidenceDir, name);
  if (existsSync(target)) throw new ImportError(`evidence/${name}/ holds another source: choose another --source`, 2);
  const warnings = weigh(dir, recording, flags);
  if (recording.bodies.length === 0) {
    const held =
      recording.offContract.length > 0
        ? ` (${recording.offContract.length} outside the published contract: --accept-off-contract counts them)`
        : '';
    throw new ImportError(`${dir}: no body on a route with an observed flavour${held}; nothing imported`);
  }

  // A dry run imports into a copy of evidence/ and builds the bundles there; a real run builds the project.
  const dryRun = values['dry-run'];
  const scratch = dryRun ? await mkdtemp(path.join(tmpdir(), 'observed-add-')) : undefined;
  const into = scratch ? path.join(scratch, 'evidence') : evidenceDir;
  let report: string;
  try {
    if (scratch) await cp(evidenceDir, into, { recursive: true });
    // The flavours as built before the import: the project's build is current first.
    if (!scratch) build('before the import');
    const before = scratch ? await scratchBundles(into, specDir) : await builtBundles();
    const foldsBefore = await foldShares(rootDir, into);
    try {
      writeSource(path.join(into, name), name, recording);
      for (const family of OBSERVED_FAMILIES) buildOverlay({ evidenceDir: into, specDir, family });
    } catch (error) {
      rmSync(path.join(into, name), { recursive: true, force: true });
      throw new ImportError(`the recording does not fit the observed flavours, nothing imported: ${(error as Error).message}`);
    }
    if (!scratch) console.error(`Imported into evidence/${name}/; rebuilding…`);
    if (!scratch) build(`with evidence/${name}/ in place`);
    const after = scratch ? await scratchBundles(into, specDir) : await builtBundles();
    const folds = await foldShares(rootDir, into);
    if (!scratch) {
      await includeObservedFigures(rootDir, false, folds);
      // The import ends with the project current: a second build has nothing to do.
      const again = build('checking the import')
        .split('\n')
        .filter((line) => /: built in /.test(line));
      if (again.length > 0) throw new ImportError(`after the import, \`npm run build\` still rebuilt: ${again.join('; ')}`);
    }
    const weighing: ImportWeighing = {
      warnings,
      offContract: recording.offContract,
      offContractAccepted: flags.acceptOffContract,
      foldsBefore: foldsBefore.rows,
      foldsAfter: folds.rows,
      source: name,
    };
    report = importReport(headOf(name, recording), changes(into, specDir, before, after), weighing);
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
  if (values.report) writeFileSync(path.resolve(values.report), report);
  process.stdout.write(report);
  if (scratch) console.error('Dry run: nothing was written to evidence/, spec/ or generated/.');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`observed:add: ${(error as Error).message}`);
    process.exitCode = error instanceof ImportError ? error.code : 1;
  },
);

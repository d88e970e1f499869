// Imports a recording (`proxy --record`, `flows --record`) as an evidence source: checks it
// (every value the sanitizer replaces is a placeholder), copies it to evidence/<name>/ with
// its provenance, regenerates both observed flavours (the build) and the figures of
// docs/observed.md, and prints a Markdown report for the pull request. The same recording
// imported twice changes nothing.
//   npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptArgs } from '../lib/args.ts';
import { isRecord } from '../../src/lib/json.ts';
import { includeObservedFigures } from './figures.ts';
import { importReport, type FlavourChange } from './import-report.ts';
import { buildOverlay, catalogueOperations, OBSERVED_FAMILIES, type ObservedFamily, type OverlayDocument } from './overlay.ts';
import { readRecording, recordingSourceJson, type Recording } from './recording-source.ts';
import { loadSources, NOT_SOURCES, viewOf } from './sources.ts';
import { bundleOf, percent, shareOfBodies } from './typed-share.ts';

const rootDir = path.resolve(import.meta.dirname, '../..');
const NAME = /^[a-z0-9][a-z0-9-]{1,62}$/;

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

function overlays(evidenceDir: string, specDir: string): Record<ObservedFamily, OverlayDocument> {
  return Object.fromEntries(OBSERVED_FAMILIES.map((family) => [family, buildOverlay({ evidenceDir, specDir, family })])) as Record<
    ObservedFamily,
    OverlayDocument
  >;
}

async function shares(
  evidenceDir: string,
  specDir: string,
  before: Record<ObservedFamily, OverlayDocument>,
  after: Record<ObservedFamily, OverlayDocument>,
): Promise<FlavourChange[]> {
  const { compatible } = catalogueOperations(specDir);
  const sources = loadSources(evidenceDir).filter((s) => s.bodies.length > 0);
  const out: FlavourChange[] = [];
  for (const family of OBSERVED_FAMILIES) {
    const [was, now] = await Promise.all([bundleOf(rootDir, family, before[family]), bundleOf(rootDir, family, after[family])]);
    const rows = sources.flatMap((s) => {
      const view = viewOf(s, family, compatible);
      if (view.bodies.length === 0) return [];
      return [
        { source: s.info.id, before: percent(shareOfBodies(was, family, [view])), after: percent(shareOfBodies(now, family, [view])) },
      ];
    });
    out.push({ flavour: family, before: before[family], after: after[family], shares: rows });
  }
  return out;
}

function headOf(name: string, recording: Recording): string[] {
  const p = recording.provenance;
  const tool = isRecord(p.tool) ? `${String(p.tool.name)} ${String(p.tool.version)}` : 'the recorder';
  const upstream = isRecord(p.upstream) ? String(p.upstream.kind) : 'unknown';
  const replaced = isRecord(p.replaced) ? p.replaced : {};
  const requests = recording.bodies.filter((b) => b.body === 'request').length;
  const kept = [...recording.untyped].map(([why, n]) => `- ${n} file${n === 1 ? '' : 's'}: ${why}`);
  return [
    `## Evidence: \`${name}\``,
    `A recording by ${tool} from a ${upstream} upstream, ${String(p.started)} to ${String(p.ended)}: ${String(p.exchanges)} exchanges. ` +
      `${recording.bodies.length} bodies type an observed flavour (${requests} requests, ${recording.bodies.length - requests} answers). ` +
      `Replaced when recorded: ${Object.entries(replaced)
        .map(([k, v]) => `${String(v)} ${k}`)
        .join(', ')}. The import's leak check found every replaced value a placeholder in ${recording.files.size} files.`,
    ...(kept.length > 0 ? ['Kept in `evidence/` without typing anything:', kept.join('\n')] : []),
  ];
}

async function main(): Promise<number> {
  const { values, positionals } = scriptArgs({
    command: 'npm run observed:add',
    usage: `Usage: npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run]

Imports a recording (\`mock --record\`, \`proxy --record\`) into evidence/<name>/ after its
leak check, rebuilds, and prints what the observed flavours gained.

  --source NAME   the evidence folder's name (lower-case letters, digits, hyphens)
  --report FILE   write the import report there too
  --dry-run       import into a copy of evidence/ and only print the report
  --help          this text`,
    positionals: true,
    options: { source: { type: 'string' }, report: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const [dir] = positionals;
  const name = values.source;
  if (dir === undefined || positionals.length !== 1 || name === undefined)
    throw new ImportError('usage: npm run observed:add -- <recording-dir> --source <name> [--report FILE] [--dry-run]', 2);
  if (!NAME.test(name) || NOT_SOURCES.includes(name))
    throw new ImportError(`--source: a folder name of lower-case letters, digits and hyphens (not ${NOT_SOURCES.join(', ')})`, 2);
  const evidenceDir = path.join(rootDir, 'evidence');
  const specDir = path.join(rootDir, 'spec');
  const { v2 } = catalogueOperations(specDir);
  const recording = readRecording(dir, v2);
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
  if (recording.bodies.length === 0) throw new ImportError(`${dir}: no body on a route with an observed flavour; nothing imported`);

  const before = overlays(evidenceDir, specDir);
  // A dry run imports into a copy of evidence/ and only prints the report.
  const scratch = values['dry-run'] ? await mkdtemp(path.join(tmpdir(), 'observed-add-')) : undefined;
  const into = scratch ? path.join(scratch, 'evidence') : evidenceDir;
  if (scratch) await cp(evidenceDir, into, { recursive: true });
  let report: string;
  try {
    let after: Record<ObservedFamily, OverlayDocument>;
    try {
      writeSource(path.join(into, name), name, recording);
      after = overlays(into, specDir);
    } catch (error) {
      rmSync(path.join(into, name), { recursive: true, force: true });
      throw new ImportError(`the recording does not fit the observed flavours, nothing imported: ${(error as Error).message}`);
    }
    report = importReport(headOf(name, recording), await shares(into, specDir, before, after));
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
  if (scratch) {
    if (values.report) writeFileSync(path.resolve(values.report), report);
    process.stdout.write(report);
    console.error('Dry run: nothing was written to evidence/, spec/ or generated/.');
    return 0;
  }

  // The build regenerates both flavours (overlays, bundles, types, docs) from evidence/.
  console.error(`Imported into evidence/${name}/; rebuilding…`);
  const build = spawnSync(process.execPath, ['--max-opt=2', path.join(rootDir, 'scripts/pipeline/main.ts')], {
    cwd: rootDir,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) throw new ImportError(`evidence/${name}/ is in place but \`npm run build\` failed: fix it and run it again`);
  await includeObservedFigures(rootDir, false);
  if (values.report) writeFileSync(path.resolve(values.report), report);
  process.stdout.write(report);
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`observed:add: ${(error as Error).message}`);
      process.exitCode = error instanceof ImportError ? error.code : 1;
    },
  );
}

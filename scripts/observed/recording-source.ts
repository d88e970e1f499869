// A recording (`proxy --record`, `flows --record`) read as an evidence source: its
// provenance, a hash of its files (the same recording imported twice is one source), the
// bodies that may type an observed flavour, what is kept without typing, and the import's
// own leak check (every value the sanitizer replaces must be a placeholder).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../src/lib/json.ts';
import { unsanitizedPaths } from '../../src/record/sanitize.ts';
import { RECORDING_FILE } from '../../src/record/recorder.ts';
import { routeNamed } from './routes.ts';

export interface RecordedBody {
  operation: string;
  body: 'request' | 'response';
  /** The recording's folder for the route (`api-V2-Voos`, `AereoNoSession.svc`). */
  route: string;
  /** Path inside the recording. */
  file: string;
  /** `body` for an answer file (`{ status, body }`). */
  member?: 'body';
}

export interface Recording {
  dir: string;
  provenance: Record<string, unknown>;
  sha256: string;
  /** Every file, path inside the recording → text. */
  files: Map<string, string>;
  /** The bodies that may type a flavour: JSON objects on a flavour's route, answers of HTTP 200 only. */
  bodies: RecordedBody[];
  /** Why the other exchange files are kept without typing anything, counted. */
  untyped: Map<string, number>;
  /** Where a value is not a placeholder though the sanitizer replaces what stands there. */
  leaks: Array<{ file: string; field: string }>;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Reads a recording folder; `operations` are the names an observed flavour may type. */
export function readRecording(dir: string, operations: ReadonlySet<string>): Recording {
  const root = path.resolve(dir);
  let names: string[];
  try {
    names = listFiles(root);
  } catch (error) {
    throw new Error(`cannot read the recording ${dir}: ${(error as Error).message}`);
  }
  if (!names.includes(RECORDING_FILE))
    throw new Error(`${dir}: no ${RECORDING_FILE}: not a recording of \`proxy --record\` or \`flows --record\``);
  const files = new Map(names.map((name) => [name, readFileSync(path.join(root, name), 'utf8')]));
  const hash = createHash('sha256');
  for (const [name, text] of files) hash.update(`${name}\u0000${text}\u0000`);
  let provenance: unknown;
  try {
    provenance = JSON.parse(files.get(RECORDING_FILE) ?? '');
  } catch (error) {
    throw new Error(`${dir}/${RECORDING_FILE}: ${(error as Error).message}`);
  }
  if (!isRecord(provenance) || typeof provenance.ended !== 'string')
    throw new Error(`${dir}/${RECORDING_FILE}: expected the recorder's provenance`);

  const bodies: RecordedBody[] = [];
  const untyped = new Map<string, number>();
  const leaks: Recording['leaks'] = [];
  const skip = (why: string): void => void untyped.set(why, (untyped.get(why) ?? 0) + 1);
  for (const [file, text] of files) {
    if (file === RECORDING_FILE) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      leaks.push({ file, field: '$ (not JSON)' });
      continue;
    }
    for (const field of unsanitizedPaths(value)) leaks.push({ file, field });
    const match = /^([^/]+)\/([^/]+)\/\d+\.(request|response)\.json$/.exec(file);
    if (!match) {
      skip('a file outside the recorder’s layout');
      continue;
    }
    const [, route = '', operation = '', body] = match;
    if (routeNamed(route) === undefined) skip(`on ${route}, a route without an observed flavour`);
    else if (!operations.has(operation)) skip(`${operation}, not an operation of the V2 Portuguese catalogue`);
    else if (body === 'request') {
      if (isRecord(value)) bodies.push({ operation, body: 'request', route, file });
      else skip('a request without a JSON object body');
    } else if (!isRecord(value) || value.status !== 200 || !isRecord(value.body)) skip('an answer other than HTTP 200 with a JSON object');
    else bodies.push({ operation, body: 'response', route, file, member: 'body' });
  }
  return { dir: root, provenance, sha256: hash.digest('hex'), files, bodies, untyped, leaks };
}

/** The source.json of a recording imported as `id`, its files under `recording/`. */
export function recordingSourceJson(id: string, recording: Recording): Record<string, unknown> {
  const p = recording.provenance;
  const routes = [...new Set(recording.bodies.map((b) => b.route))].sort();
  const replaced = isRecord(p.replaced) ? p.replaced : {};
  return {
    id,
    kind: 'captured traffic',
    route: routes.length > 0 ? routes.join(', ') : 'none with an observed flavour',
    what: `Sandbox traffic an integrator recorded with \`${isRecord(p.tool) ? String(p.tool.name) : 'the recorder'} --record\` and imported with \`npm run observed:add\`: ${String(p.exchanges)} exchanges, ${recording.bodies.length} bodies that type an observed flavour.`,
    recording: { ...p, sha256: recording.sha256 },
    bodies: recording.bodies.map((b) => ({
      operation: b.operation,
      body: b.body,
      route: b.route,
      file: `recording/${b.file}`,
      ...(b.member ? { member: b.member } : {}),
      from: b.file,
    })),
    sanitization: `In memory, before anything was written, by the recorder (src/record/sanitize.ts): credentials to fixed placeholders, personal values and identifiers to placeholders of the same shape, the same value to the same placeholder throughout (replaced: ${Object.entries(
      replaced,
    )
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}); checked again on import (every value the sanitizer replaces is a placeholder).`,
  };
}

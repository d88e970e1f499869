// A recording (`proxy --record`, `flows --record`) read as an evidence source: its
// provenance, a hash of its files (the same recording imported twice is one source), the
// bodies that may type an observed flavour, what is kept without typing, and the import's
// own leak check (every value the sanitizer replaces must be a placeholder). It reads the
// recorder's folder format: dotfiles (the recorder's lock, files being
// written) are not the recording; an answer file's `contract` member says where the proxy
// found an exchange outside the published contract, and such a body types nothing unless
// the reviewer accepts it.
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

/** Where the proxy found a field outside the published contract: a JSON pointer and the keyword only. */
export interface ContractBreach {
  path: string;
  keyword: string;
}

/** A body the proxy found outside the published contract, with where. */
export interface OffContractBody extends RecordedBody {
  breaches: ContractBreach[];
}

export interface Recording {
  dir: string;
  provenance: Record<string, unknown>;
  sha256: string;
  /** Every file, path inside the recording → text. */
  files: Map<string, string>;
  /** The bodies that may type a flavour: JSON objects on a flavour's route, answers of HTTP 200 only. */
  bodies: RecordedBody[];
  /** Bodies that would type a flavour but that the proxy found outside the published contract (not in `bodies`). */
  offContract: OffContractBody[];
  /** A recorder still holds the folder (its `.lock` is there). */
  locked: boolean;
  /** Values the recorder's in-memory check replaced (the `replaced` members), counted. */
  replacedValues: number;
  /** Why the other exchange files are kept without typing anything, counted. */
  untyped: Map<string, number>;
  /** Where a value is not a placeholder though the sanitizer replaces what stands there. */
  leaks: Array<{ file: string; field: string }>;
  /**
   * Requests left out because their answer types nothing (not parsed, not HTTP 200, outside
   * the contract): an example request needs its answer of the same name, or the build's pair
   * check fails. Each says why.
   */
  unpaired: Array<{ file: string; operation: string; why: string }>;
}

/** The recording's files: dotfiles (the lock, a file being written) are the recorder's, not the recording. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((name) => !name.split('/').some((segment) => segment.startsWith('.')))
    .sort();
}

/** The breaches of one side in a `contract` member; [] when it conforms or was not checked. */
function breachesOf(contract: unknown, side: 'request' | 'response'): ContractBreach[] {
  const list = isRecord(contract) ? contract[side] : undefined;
  if (!Array.isArray(list)) return [];
  return list.map((entry) => ({
    path: isRecord(entry) && typeof entry.path === 'string' ? entry.path : '(unknown)',
    keyword: isRecord(entry) && typeof entry.keyword === 'string' ? entry.keyword : '(unknown)',
  }));
}

/**
 * Reads a recording folder; `operations` are the names an observed flavour may type. With
 * `acceptOffContract`, a body the proxy found outside the published contract types too
 * (it is still listed in `offContract`).
 */
export function readRecording(dir: string, operations: ReadonlySet<string>, acceptOffContract = false): Recording {
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
  // A recording still open (or cut short) may have no end yet: its start stands for it.
  if (isRecord(provenance) && provenance.complete === false && provenance.ended === undefined && typeof provenance.started === 'string')
    provenance = { ...provenance, ended: provenance.started };
  if (!isRecord(provenance) || typeof provenance.ended !== 'string')
    throw new Error(`${dir}/${RECORDING_FILE}: expected the recorder's provenance`);

  const bodies: RecordedBody[] = [];
  const offContract: OffContractBody[] = [];
  const untyped = new Map<string, number>();
  const leaks: Recording['leaks'] = [];
  let replacedValues = 0;
  /** Why each answer file types nothing, for the request it leaves without a pair. */
  const answerSkipped = new Map<string, string>();
  let current = '';
  const skip = (why: string): void => {
    untyped.set(why, (untyped.get(why) ?? 0) + 1);
    if (current.endsWith('.response.json')) answerSkipped.set(current, why);
  };
  const parsed = new Map<string, unknown>();
  for (const [file, text] of files) {
    if (file === RECORDING_FILE) continue;
    try {
      parsed.set(file, JSON.parse(text));
    } catch {
      leaks.push({ file, field: '$ (not JSON)' });
    }
  }
  // The exchange's check against the published contract is on its answer file.
  const contractOf = (file: string): unknown => {
    const answer = parsed.get(file.replace(/\.request\.json$/, '.response.json'));
    return isRecord(answer) ? answer.contract : undefined;
  };
  const keep = (found: RecordedBody): void => {
    const breaches = breachesOf(contractOf(found.file), found.body);
    if (breaches.length > 0) offContract.push({ ...found, breaches });
    if (breaches.length === 0 || acceptOffContract) bodies.push(found);
    else skip('a body outside the published contract (`--accept-off-contract` to count it)');
  };
  for (const [file, value] of parsed) {
    current = file;
    for (const field of unsanitizedPaths(value)) leaks.push({ file, field });
    if (isRecord(value) && Array.isArray(value.replaced)) replacedValues += value.replaced.length;
    const match = /^([^/]+)\/([^/]+)\/\d+\.(request|response)\.json$/.exec(file);
    if (!match) {
      skip('a file outside the recorder’s layout');
      continue;
    }
    const [, route = '', operation = '', body] = match;
    if (routeNamed(route) === undefined) skip(`on ${route}, a route without an observed flavour`);
    else if (!operations.has(operation)) skip(`${operation}, not an operation of the V2 Portuguese catalogue`);
    else if (body === 'request') {
      if (isRecord(value)) keep({ operation, body: 'request', route, file });
      else skip('a request without a JSON object body');
    } else if (isRecord(value) && isRecord(value.unparsed)) skip('an answer labelled JSON that could not be parsed');
    else if (!isRecord(value) || value.status !== 200 || !isRecord(value.body)) skip('an answer other than HTTP 200 with a JSON object');
    else keep({ operation, body: 'response', route, file, member: 'body' });
  }
  // A request whose answer types nothing would be an example with no answer of its name: it is left out, and named.
  const answered = new Set(bodies.filter((b) => b.body === 'response').map((b) => b.file));
  const unpaired: Recording['unpaired'] = [];
  const paired = bodies.filter((b) => {
    if (b.body !== 'request') return true;
    const answerFile = b.file.replace(/\.request\.json$/, '.response.json');
    if (answered.has(answerFile)) return true;
    const why = answerSkipped.get(answerFile) ?? (files.has(answerFile) ? 'its answer types nothing' : 'no answer file');
    unpaired.push({ file: b.file, operation: b.operation, why });
    untyped.set(
      'a request whose answer types nothing (no example without its answer)',
      (untyped.get('a request whose answer types nothing (no example without its answer)') ?? 0) + 1,
    );
    return false;
  });
  const locked = readdirSync(root).includes('.lock');
  return {
    dir: root,
    provenance,
    sha256: hash.digest('hex'),
    files,
    bodies: paired,
    offContract,
    untyped,
    leaks,
    locked,
    replacedValues,
    unpaired,
  };
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
    bodies: recording.bodies.map((b) => {
      // A body counted although the proxy found it outside the published contract (--accept-off-contract) says where.
      const breaches = recording.offContract.find((o) => o.file === b.file)?.breaches;
      return {
        operation: b.operation,
        body: b.body,
        route: b.route,
        file: `recording/${b.file}`,
        ...(b.member ? { member: b.member } : {}),
        from: b.file,
        ...(breaches ? { outsideContract: breaches } : {}),
      };
    }),
    sanitization: `In memory, before anything was written, by the recorder (src/record/sanitize.ts): credentials to fixed placeholders, personal values and identifiers to placeholders of the same shape, the same value to the same placeholder throughout (replaced: ${Object.entries(
      replaced,
    )
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}); checked again on import (every value the sanitizer replaces is a placeholder).`,
  };
}

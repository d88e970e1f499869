// A recording of sandbox traffic for the observed flavour: each exchange is sanitized in
// memory (sanitize.ts) and written as a request/answer pair per route and operation, with
// a provenance file. When the recording ends, every file is searched for every secret and
// personal value seen, in every encoding the client's redactor knows; a file that holds
// one is removed and named (with the field path, never the value).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '../lib/json.ts';
import { createRedactor } from '../redact.ts';
import { Sanitizer, type SanitizeCounts } from './sanitize.ts';

export const RECORDING_FILE = 'recording.json';

/** Route prefixes the description publishes (Part 9), by family. */
const FAMILIES: ReadonlyArray<[prefix: string, family: string]> = [
  ['/api/V2/Voos/', 'v2-pt'],
  ['/api/V2/Flights/', 'v2-en'],
  ['/api/V3/Voos/', 'v3'],
  ['/api/Voos/', 'v1'],
  ['/AereoNoSession.svc/', 'legacy'],
  ['/Aereo.svc/', 'legacy'],
  ['/Usuario.svc/', 'legacy'],
];

export interface Exchange {
  /** The request path, e.g. `/api/V2/Voos/Reservar`. */
  path: string;
  /** Parsed request body (undefined when none). */
  request: unknown;
  status: number;
  /** Parsed answer body (undefined when it was not JSON). */
  response: unknown;
  /** Secrets sent outside the body (the developer headers): never written, searched for at the end. */
  secrets?: readonly string[];
}

export interface RecordingOptions {
  /** `air-travel-api-contract proxy`, `air-travel-api-contract flows`. */
  tool: string;
  toolVersion: string;
  /** The upstream recorded from; only its kind is kept (sandbox, local, other), never its host. */
  upstream: string;
}

export interface LeakFinding {
  file: string;
  /** JSON path of the field that holds a secret or personal value (never the value). */
  field: string;
}

export interface RecordingSummary {
  dir: string;
  exchanges: number;
  files: number;
  counts: SanitizeCounts;
  /** Files removed because a secret or personal value was still found in them. */
  leaks: LeakFinding[];
}

export interface Recorder {
  record(exchange: Exchange): Promise<void>;
  /** Writes the provenance file, runs the leak check; resolves with what was written and what was removed. */
  finish(): Promise<RecordingSummary>;
}

function upstreamKind(upstream: string): string {
  try {
    const host = new URL(upstream).hostname;
    if (host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]') return 'local';
    return /sandbox|homolog|hml|staging|test/i.test(host) ? 'sandbox' : 'other';
  } catch {
    return 'other';
  }
}

/** `/api/V2/Voos/Reservar` → { family: 'v2-pt', route: 'api-V2-Voos', operation: 'Reservar' }. */
export function placeOf(requestPath: string): { family: string; route: string; operation: string } {
  const clean = requestPath.split('?')[0] ?? '';
  const prefix = FAMILIES.find(([p]) => clean.startsWith(p));
  // Folder names are written as they are: only an operation-shaped name and a published
  // prefix make one, so no segment of an unknown path (a token, an id) reaches the disk.
  const last = clean.split('/').filter(Boolean).at(-1) ?? '';
  const operation = prefix && /^[A-Z][a-z]+[A-Za-z]{0,62}$/.test(last) ? last : 'unknown';
  const route = prefix ? prefix[0].split('/').filter(Boolean).join('-') : 'other';
  return { family: prefix?.[1] ?? 'unknown', route, operation };
}

/** The JSON path of the first string (value or key) in `value` that `leaks` says holds a secret. */
function leakingField(value: unknown, leaks: (text: string) => boolean, at = '$'): string | undefined {
  if (typeof value === 'string') return leaks(value) ? at : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = leakingField(item, leaks, `${at}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (leaks(key)) return `${at} (a field name)`;
      const found = leakingField(inner, leaks, `${at}.${/^[A-Za-z_]\w*$/.test(key) ? key : JSON.stringify(key).slice(0, 40)}`);
      if (found) return found;
    }
  }
  return undefined;
}

export async function createRecorder(dir: string, options: RecordingOptions): Promise<Recorder> {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true });
  const sanitizer = new Sanitizer();
  const started = new Date().toISOString();
  const perOperation = new Map<string, number>();
  const families = new Set<string>();
  const written: string[] = [];
  let exchanges = 0;
  let writing: Promise<void> = Promise.resolve();

  async function write(exchange: Exchange): Promise<void> {
    for (const secret of exchange.secrets ?? []) sanitizer.remember(secret);
    const { family, route, operation } = placeOf(exchange.path);
    families.add(family);
    const key = `${route}/${operation}`;
    const n = (perOperation.get(key) ?? 0) + 1;
    perOperation.set(key, n);
    exchanges += 1;
    const folder = path.join(root, route, operation);
    await mkdir(folder, { recursive: true });
    const base = String(n).padStart(4, '0');
    const pairs: Array<[string, unknown]> = [
      [`${base}.request.json`, exchange.request === undefined ? null : sanitizer.sanitize(exchange.request)],
      [
        `${base}.response.json`,
        { status: exchange.status, body: exchange.response === undefined ? null : sanitizer.sanitize(exchange.response) },
      ],
    ];
    for (const [name, value] of pairs) {
      const file = path.join(folder, name);
      await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
      written.push(file);
    }
  }

  return {
    record(exchange) {
      writing = writing.then(() => write(exchange));
      return writing;
    },
    async finish() {
      await writing;
      const counts = sanitizer.counts;
      const provenance = {
        what: 'Sandbox traffic recorded and sanitized by this tool: every credential, personal value and identifier replaced by a placeholder of the same shape, the same value by the same placeholder throughout.',
        tool: { name: options.tool, version: options.toolVersion },
        upstream: { kind: upstreamKind(options.upstream) },
        families: [...families].sort(),
        started,
        ended: new Date().toISOString(),
        exchanges,
        operations: Object.fromEntries([...perOperation].sort(([a], [b]) => a.localeCompare(b))),
        replaced: counts,
      };
      await writeFile(path.join(root, RECORDING_FILE), `${JSON.stringify(provenance, null, 2)}\n`);
      // A value quoted in text before a field named it is known now: put it in its placeholder.
      for (const file of written) {
        const text = await readFile(file, 'utf8');
        const again = `${JSON.stringify(sanitizer.requote(JSON.parse(text)), null, 2)}\n`;
        if (again !== text) await writeFile(file, again);
      }
      const leaks = await leakCheck(root, sanitizer.replaced);
      return { dir: root, exchanges, files: written.length + 1 - leaks.length, counts, leaks };
    },
  };
}

/**
 * Every JSON file under `root` searched for `values` in every encoding the client's
 * redactor knows (plain, JSON and URL escapes, HTML entities, Base64 at any alignment, hex):
 * a file that holds one is removed and reported with the field path.
 */
export async function leakCheck(root: string, values: readonly string[]): Promise<LeakFinding[]> {
  const searched = values.filter((v) => v.length >= 4);
  if (searched.length === 0) return [];
  const redactor = createRedactor(searched);
  const leaks = (text: string) => redactor.text(text) !== text;
  const findings: LeakFinding[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    if (!leaks(text)) continue;
    let field = '$';
    try {
      field = leakingField(JSON.parse(text), leaks) ?? '$';
    } catch {
      // not JSON: the file as a whole
    }
    await rm(file, { force: true });
    findings.push({ file: path.relative(root, file), field });
  }
  return findings;
}

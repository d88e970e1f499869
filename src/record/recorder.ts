// A recording of sandbox traffic for the observed flavour, one folder held by one writer
// (a `.lock` made with O_EXCL). Each exchange is read losslessly, sanitized in memory
// (sanitize.ts: only what is known harmless is kept) and checked in memory by the decoding
// detector of src/redact.ts on every string as decoded, a value that fails replaced where it
// stands; only then is each file written under a temporary dot-name, flushed and linked into
// place. A kill at any instant leaves checked files only. A disk that refuses a write stops
// the recording with one line, never the caller; what was not recorded is counted.
import { link, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { FAMILY_IDS, operationsOf } from '../lib/contract-index.ts';
import { isRecord } from '../lib/json.ts';
import { createRedactor, type Redactor } from '../redact.ts';
import { defineMember, JsonNumber, parseLossless, stringifyLossless } from './json-text.ts';
import { openTrip, Sanitizer, type SanitizeCounts } from './sanitize.ts';

export const RECORDING_FILE = 'recording.json';
export const LOCK_FILE = '.lock';
export const RECORDING_FORMAT = 2;

/** Route prefixes of the contract's operations, by family (the contract index; a published family before its observed flavour). */
const FAMILIES: ReadonlyArray<[prefix: string, family: string]> = (() => {
  const prefixes = new Map<string, string>();
  for (const family of FAMILY_IDS)
    for (const op of operationsOf(family)) {
      const prefix = op.path.slice(0, op.path.lastIndexOf('/') + 1);
      if (!prefixes.has(prefix)) prefixes.set(prefix, family);
    }
  return [...prefixes].sort(([a], [b]) => b.length - a.length);
})();

/** Where the published contract was broken: a field's JSON pointer and the keyword, no message, no value. */
export interface ContractFinding {
  path: string;
  keyword: string;
}

export interface Exchange {
  /** The request path, e.g. `/api/V2/Voos/Reservar`. */
  path: string;
  /** Parsed request body (undefined when none); used when `requestText` is not given. */
  request: unknown;
  status: number;
  /** Parsed answer body (undefined when it was not JSON); used when `responseText` is not given. */
  response: unknown;
  /** The request body as sent (content-encoding undone): read losslessly. */
  requestText?: string;
  /** The answer as sent (content-encoding undone): read losslessly, or recorded as unparsed. */
  responseText?: string;
  /** The answer's media type. */
  mediaType?: string;
  /** Secrets sent outside the body (the developer headers): never written, searched for in every file. */
  secrets?: readonly string[];
  /** What the published contract said of the exchange, when the tool checked it. */
  contract?: { request: ContractFinding[]; response: ContractFinding[] };
}

export interface RecordingOptions {
  /** `air-travel-api-contract proxy`, `air-travel-api-contract flows`. */
  tool: string;
  toolVersion: string;
  /** The upstream recorded from; only its kind is kept (sandbox, local, other), never its host. */
  upstream: string;
  /** Where the one line goes when the disk stops the recording (stderr by default). */
  log?: (line: string) => void;
}

export interface ReplacedFinding {
  file: string;
  /** JSON path of a value the in-memory check replaced (never the value). */
  field: string;
}

export interface RecordingSummary {
  dir: string;
  /** Exchanges written whole. */
  exchanges: number;
  files: number;
  counts: SanitizeCounts;
  /** Values the in-memory check found a secret in and replaced where they stood: the answers are kept. */
  replaced: ReplacedFinding[];
  /** Answers recorded without a body because they could not be read as JSON. */
  unparsed: number;
  notRecorded: { count: number; reasons: Record<string, number> };
  /** Why the recording stopped early: the error code and the path it was met on. */
  stopped?: { code: string; path: string };
}

export interface Recorder {
  record(exchange: Exchange): Promise<void>;
  /** Waits for the writes, writes the provenance, frees the folder; resolves with what was written. */
  finish(): Promise<RecordingSummary>;
}

/** A folder another recorder holds, or one that holds files already: nothing is written there. */
export class RecordingRefused extends Error {
  override name = 'RecordingRefused';
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

const segment = (at: string, key: string): string => `${at}.${/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key).slice(0, 40)}`;

/** An error's code and path, for one line: `ENOSPC`, `EROFS`, `EACCES`… */
function failureOf(error: unknown, fallbackPath: string): { code: string; path: string } {
  const e = error as NodeJS.ErrnoException;
  return { code: typeof e?.code === 'string' ? e.code : e instanceof Error ? e.name : 'unknown error', path: fallbackPath };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes `text` to `file` through `.<name>.tmp`: written, flushed, then linked (never over an existing file) or renamed into place. */
async function writeChecked(file: string, text: string, replace = false): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  try {
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (replace) await rename(tmp, file);
    else {
      try {
        await link(tmp, file);
      } catch (error) {
        // A file system without hard links: a rename, the name being new in a folder this recorder holds.
        if (!['EPERM', 'ENOTSUP', 'EXDEV', 'ENOSYS'].includes(String((error as NodeJS.ErrnoException).code))) throw error;
        await rename(tmp, file);
      }
    }
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** Takes `root` for this process, or says why not (naming the folder). Disk errors are thrown as they are. */
/** `mkdir -p`, its failure told by its real cause: Node says ENOENT for a read-only or forbidden parent. */
async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = dir;
    while (
      path.dirname(missing) !== missing &&
      !(await stat(path.dirname(missing)).then(
        () => true,
        () => false,
      ))
    )
      missing = path.dirname(missing);
    await mkdir(missing);
    throw error;
  }
}

async function takeFolder(root: string): Promise<void> {
  await makeFolder(root);
  const lock = path.join(root, LOCK_FILE);
  try {
    const handle = await open(lock, 'wx');
    try {
      await handle.writeFile(`${process.pid}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number.parseInt(await readFile(lock, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid))
      throw new RecordingRefused(
        `${root} is being recorded by another recorder (pid ${pid}): one folder has one writer; record into another folder.`,
      );
    throw new RecordingRefused(
      `${root} holds the lock of a recording that did not end (${Number.isInteger(pid) ? `pid ${pid}, ` : ''}no longer running): its files are kept as they are; record into another folder.`,
    );
  }
  const others = (await readdir(root)).filter((name) => !name.startsWith('.'));
  if (others.length > 0) {
    await unlink(lock).catch(() => undefined);
    throw new RecordingRefused(
      `${root} already holds files (${others.length}): a recording never writes over another; record into a new folder.`,
    );
  }
}

/**
 * Bodies larger than this are recorded as unparsed (status, media type, size): sanitizing
 * one runs on the proxy's thread, and the largest captured answer is 26 kB.
 */
export const MAX_RECORDED_BYTES = 1024 * 1024;
/** recording.json is refreshed every this many exchanges, so a killed recording still says what it holds. */
const REFRESH_EVERY = 8;

/** A JSON value read losslessly from text, or why it cannot be. */
function readBody(text: string | undefined, parsed: unknown): { value: unknown } | { unparsed: true } {
  if (text === undefined) return { value: parsed === undefined ? null : parsed };
  if (text.trim() === '') return { value: null };
  if (text.length > MAX_RECORDED_BYTES) return { unparsed: true };
  try {
    return { value: parseLossless(text) };
  } catch {
    return { unparsed: true };
  }
}

export async function createRecorder(dir: string, options: RecordingOptions): Promise<Recorder> {
  const root = path.resolve(dir);
  const log = options.log ?? ((line: string) => console.error(line));
  const sanitizer = new Sanitizer();
  const started = new Date().toISOString();
  const perOperation = new Map<string, number>();
  const families = new Set<string>();
  const replaced: ReplacedFinding[] = [];
  const notRecorded = { count: 0, reasons: {} as Record<string, number> };
  let exchanges = 0;
  let files = 0;
  let unparsed = 0;
  let stopped: { code: string; path: string } | undefined;
  let writing: Promise<void> = Promise.resolve();
  let redactor: { key: string; redactor: Redactor } | undefined;

  const lost = (reason: string): void => {
    notRecorded.count += 1;
    notRecorded.reasons[reason] = (notRecorded.reasons[reason] ?? 0) + 1;
  };
  const stop = (error: unknown, where: string): string => {
    const failure = failureOf(error, where);
    stopped = failure;
    log(`✗ recording stopped: ${failure.code} on ${failure.path}; calls go on, not recorded from now on.`);
    return failure.code;
  };

  const provenance = (complete: boolean) => {
    const counts = sanitizer.counts;
    return {
      format: RECORDING_FORMAT,
      what: 'Sandbox traffic recorded and sanitized by this tool: only values known harmless (codes, airports, dates, figures, flags, values of a closed set) kept, every other string and unknown key replaced by a placeholder of its shape, the same word by the same placeholder throughout.',
      tool: { name: options.tool, version: options.toolVersion },
      upstream: { kind: upstreamKind(options.upstream) },
      families: [...families].sort(),
      started,
      ended: new Date().toISOString(),
      complete,
      exchanges,
      operations: Object.fromEntries([...perOperation].sort(([a], [b]) => a.localeCompare(b))),
      replaced: counts,
      notRecorded,
      unparsed,
    };
  };

  let ownLock = false;
  try {
    await takeFolder(root);
    ownLock = true;
    await writeChecked(path.join(root, RECORDING_FILE), `${JSON.stringify(provenance(false), null, 2)}\n`, true);
  } catch (error) {
    if (error instanceof RecordingRefused) throw error;
    stop(error, root);
  }

  const detector = (): Redactor => {
    const secrets = sanitizer.replaced;
    const key = JSON.stringify(secrets);
    if (redactor?.key !== key) redactor = { key, redactor: createRedactor(secrets) };
    return redactor.redactor;
  };

  /** Every string of a value (keys, values, inside a trip identifier), for one search of them all. */
  const stringsOf = (value: unknown, out: string[], depth = 0): string[] => {
    if (typeof value === 'string') {
      out.push(value);
      const inner = openTrip(value);
      if (inner !== undefined) out.push(stringifyLossless(inner, 0));
    } else if (depth <= 64 && typeof value === 'object' && value !== null && !(value instanceof JsonNumber)) {
      if (Array.isArray(value)) for (const item of value) stringsOf(item, out, depth + 1);
      else
        for (const [key, inner] of Object.entries(value)) {
          out.push(key);
          stringsOf(inner, out, depth + 1);
        }
    }
    return out;
  };

  /** The second line: the strings searched all at once; only when one holds a secret is each searched and replaced where it stands. */
  const check = (value: unknown, at: string, file: string): unknown => {
    const all = stringsOf(value, []).join('\u0000');
    return detector().text(all) === all ? value : checkEach(value, at, file);
  };

  /** Every string (value or key, and inside a trip identifier) decoded and searched; a hit replaced where it stands. */
  const checkEach = (value: unknown, at: string, file: string, depth = 0): unknown => {
    const found = (text: string): boolean => detector().text(text) !== text;
    if (typeof value === 'string') {
      const inner = openTrip(value);
      const leaks = found(value) || (inner !== undefined && found(stringifyLossless(inner, 0)));
      if (!leaks) return value;
      replaced.push({ file, field: at });
      return sanitizer.placeholder(value);
    }
    if (depth > 64 || typeof value !== 'object' || value === null || value instanceof JsonNumber) return value;
    if (Array.isArray(value)) return value.map((item, i) => checkEach(item, `${at}[${i}]`, file, depth + 1));
    if (!isRecord(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      let name = key;
      if (found(key)) {
        name = sanitizer.placeholder(key);
        replaced.push({ file, field: `${segment(at, name)} (a field name)` });
      }
      defineMember(out, name, checkEach(inner, segment(at, name), file, depth + 1));
    }
    return out;
  };

  /** The file's text, checked as a whole too: what still holds a secret after the value check has every string replaced. */
  const fileText = (value: unknown, file: string): string => {
    const text = `${stringifyLossless(value, 2)}\n`;
    // Numbers are figures and stay (a phone number's digits may well be inside a fare's): the text is searched with each number as 0.
    const strings = (node: unknown, depth = 0): unknown => {
      if (typeof node === 'number' || node instanceof JsonNumber) return 0;
      if (depth > 64 || typeof node !== 'object' || node === null) return node;
      if (Array.isArray(node)) return node.map((item) => strings(item, depth + 1));
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(node)) defineMember(out, key, strings(inner, depth + 1));
      return out;
    };
    const searched = stringifyLossless(strings(value), 2);
    if (detector().text(searched) === searched) return text;
    replaced.push({ file, field: '$ (every string)' });
    const blank = (node: unknown, depth = 0): unknown => {
      if (typeof node === 'string') return sanitizer.placeholder(node);
      if (depth > 64 || typeof node !== 'object' || node === null || node instanceof JsonNumber) return node;
      if (Array.isArray(node)) return node.map((item) => blank(item, depth + 1));
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(node)) defineMember(out, sanitizer.placeholder(key), blank(inner, depth + 1));
      return out;
    };
    return `${stringifyLossless(blank(value), 2)}\n`;
  };

  async function write(exchange: Exchange): Promise<void> {
    if (stopped) return lost(stopped.code);
    sanitizer.beginExchange();
    for (const secret of exchange.secrets ?? []) sanitizer.remember(secret);
    const { family, route, operation } = placeOf(exchange.path);
    const key = `${route}/${operation}`;
    const n = (perOperation.get(key) ?? 0) + 1;
    const base = String(n).padStart(4, '0');
    const rel = (name: string) => path.join(route, operation, `${base}.${name}.json`);

    // Everything is prepared in memory first.
    const request = readBody(exchange.requestText, exchange.request);
    const answer = readBody(exchange.responseText, exchange.response);
    const requestBody = 'value' in request ? check(sanitizer.sanitize(request.value), '$', rel('request')) : null;
    const response: Record<string, unknown> = { status: exchange.status };
    if ('value' in answer) response.body = check(sanitizer.sanitize(answer.value), '$.body', rel('response'));
    else {
      unparsed += 1;
      response.body = null;
      response.unparsed = {
        mediaType: (exchange.mediaType ?? 'unknown').split(';')[0]!.trim().slice(0, 100),
        bytes: Buffer.byteLength(exchange.responseText ?? ''),
      };
    }
    if (exchange.contract) {
      const clean = (list: ContractFinding[]) =>
        list.map((finding) => ({
          path: finding.path
            .split('/')
            .map((part) => (part === '' || /^\d+$/.test(part) || sanitizer.knowsKey(part) ? part : sanitizer.placeholder(part)))
            .join('/'),
          keyword: /^[A-Za-z]{1,40}$/.test(finding.keyword) ? finding.keyword : 'other',
        }));
      response.contract = { request: clean(exchange.contract.request), response: clean(exchange.contract.response) };
    }
    const ownReplaced = replaced.filter((r) => r.file === rel('response')).map((r) => r.field);
    if (ownReplaced.length > 0) response.replaced = ownReplaced;
    const texts: Array<[string, string]> = [
      [rel('request'), fileText(requestBody, rel('request'))],
      [rel('response'), fileText(response, rel('response'))],
    ];

    const folder = path.join(root, route, operation);
    const done: string[] = [];
    try {
      await makeFolder(folder);
      for (const [name, text] of texts) {
        await writeChecked(path.join(root, name), text);
        done.push(path.join(root, name));
      }
    } catch (error) {
      for (const file of done) await unlink(file).catch(() => undefined);
      return lost(stop(error, path.join(root, texts[done.length]?.[0] ?? '')));
    }
    perOperation.set(key, n);
    families.add(family);
    exchanges += 1;
    files += 2;
    if (exchanges % REFRESH_EVERY === 0) {
      try {
        await writeChecked(path.join(root, RECORDING_FILE), `${JSON.stringify(provenance(false), null, 2)}\n`, true);
      } catch (error) {
        stop(error, path.join(root, RECORDING_FILE));
      }
    }
  }

  return {
    record(exchange) {
      writing = writing
        .then(() => write(exchange))
        .catch((error: unknown) => {
          lost(stop(error, root));
        });
      return writing;
    },
    async finish() {
      await writing;
      if (ownLock) {
        // Tried even after the disk stopped the recording: the provenance is small and says what was lost.
        try {
          await writeChecked(path.join(root, RECORDING_FILE), `${JSON.stringify(provenance(true), null, 2)}\n`, true);
          files += 1;
        } catch (error) {
          if (!stopped) stop(error, path.join(root, RECORDING_FILE));
        }
        await unlink(path.join(root, LOCK_FILE)).catch(() => undefined);
      }
      return {
        dir: root,
        exchanges,
        files,
        counts: sanitizer.counts,
        replaced,
        unparsed,
        notRecorded,
        ...(stopped ? { stopped } : {}),
      };
    },
  };
}

// An integrator's own pairs in Node: a folder of JSON files in Specmatic's external example
// format, or the same fixtures handed in as an object, read by fixture-read.ts and checked with
// the mock's own validators: the request body against its schema, the answer body against its
// status's. Only regular files inside the folder are read, each within LIMITS' bounds, all of
// them found before any is read. One invalid file refuses the whole folder, every bad file
// listed by name, field and rule.
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Buffer, isUtf8 } from 'node:buffer';
import { bundleFile, PACKAGE_ROOT } from '../lib/layout.ts';
import { LIMITS } from '../lib/limits.ts';
import { followRefs, type JsonObject } from '../lib/refs.ts';
import { jsonSyntaxReason, jsonText, utf8Fault } from './body-text.ts';
import {
  type FixtureChecks,
  type FixtureFault,
  type FixturePairs,
  type FixtureSource,
  fixturePairsOf,
  fixtureRefusal,
} from './fixture-read.ts';
import { type MockOperation, RouteTable } from './routes.ts';
import { StartError } from './start-error.ts';
import { compileBodyValidator, compileSchemaValidator, validatorCompilers } from './validators.ts';

export { type FixturePairs, withFixtures } from './fixture-read.ts';

function responseSchema(op: MockOperation, status: number): unknown {
  const spec = op.responses.find((r) => r.code === String(status));
  return spec?.contents.find((c) => c.mediaType.toLowerCase() === 'application/json')?.schema;
}

/** Both bodies checked against `documents`' schemas, with the validators the mock compiles. */
function schemaChecks(documents: ReadonlyArray<{ doc: unknown }>): FixtureChecks {
  const compilers = validatorCompilers(documents);
  const requestValidators = new Map<MockOperation, ReturnType<typeof compileBodyValidator>>();
  return {
    request(op, body) {
      let validator = requestValidators.get(op);
      if (!validator) {
        validator = compileBodyValidator(compilers, op);
        requestValidators.set(op, validator);
      }
      return validator(body);
    },
    response(op, status, body) {
      const schema = responseSchema(op, status);
      if (schema === undefined) return undefined;
      return compileSchemaValidator(compilers, op.doc, followRefs(op.doc, schema), 'response')(body);
    },
  };
}

/** What a directory entry is, named for a message, when it is not a regular file. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Whether `target` lies inside the folder `root` (both real paths). */
const inside = (root: string, target: string): boolean => {
  const relative = path.relative(root, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** A file the loader will read: its name, where it is for messages, the path opened, its size. */
interface Listed {
  name: string;
  where: string;
  opened: string;
  size: number;
}

/**
 * The file one entry names, found with lstat (a FIFO is never opened, so it cannot block the
 * loader), or why it is refused: not a regular file, a symbolic link out of the folder, too large.
 */
async function listed(root: string, dir: string, file: string): Promise<Listed | string> {
  const where = path.join(dir, file);
  let stats = await lstat(where);
  let opened = where;
  if (stats.isSymbolicLink()) {
    const target = await realpath(where).catch(() => undefined);
    if (target === undefined) return 'a symbolic link to nothing; only regular files inside the folder are read';
    if (!inside(root, target)) return 'a symbolic link out of the folder; only regular files inside it are read';
    stats = await stat(target);
    opened = target;
  }
  if (!stats.isFile()) return `${kindOf(stats)}; only regular files inside the folder are read`;
  if (stats.size > LIMITS.fixtureFileBytes)
    return `${stats.size} bytes, more than the ${LIMITS.fixtureFileBytes} a fixture may hold (LIMITS.fixtureFileBytes); not read`;
  return { name: path.basename(file, '.json'), where, opened, size: stats.size };
}

/** Opened without following a link and without waiting on a FIFO swapped in since lstat; its file type and size checked again on the handle. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Bytes read at a time. */
const READ_PIECE = 64 * 1024;

/** A listed file's bytes, at most LIMITS.fixtureFileBytes of them, or why it is refused. */
async function bytesOf(file: Listed): Promise<Uint8Array | string> {
  const handle = await open(file.opened, READ_FLAGS);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return `${kindOf(stats)}; only regular files inside the folder are read`;
    // In pieces, stopping one byte past the bound: a file grown since it was listed is found too large, never read whole.
    const pieces: Uint8Array[] = [];
    let length = 0;
    while (length <= LIMITS.fixtureFileBytes) {
      const piece = new Uint8Array(Math.min(READ_PIECE, LIMITS.fixtureFileBytes + 1 - length));
      const { bytesRead } = await handle.read(piece, 0, piece.length, length);
      if (bytesRead === 0) break;
      pieces.push(piece.subarray(0, bytesRead));
      length += bytesRead;
    }
    if (length > LIMITS.fixtureFileBytes)
      return `more than the ${LIMITS.fixtureFileBytes} bytes a fixture may hold (LIMITS.fixtureFileBytes); not read`;
    return Buffer.concat(pieces, length);
  } finally {
    await handle.close();
  }
}

/** A fixture's JSON from its bytes, as the mock's body parser reads a call's: UTF-8, a byte order mark allowed. */
function jsonOf(bytes: Uint8Array): { json: unknown } | string {
  const fault = utf8Fault(bytes, isUtf8);
  if (fault) return `not UTF-8 (${fault})`;
  try {
    return { json: JSON.parse(jsonText(bytes)) };
  } catch (error) {
    // The reason, never the text around it: a fixture may hold a password.
    return `not JSON (${jsonSyntaxReason(error as Error)})`;
  }
}

const folderNote = (bytes: number): string =>
  `its files add up to ${bytes} bytes, more than the ${LIMITS.fixtureFolderBytes} one folder may hold (LIMITS.fixtureFolderBytes)`;

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'unreadable';

/**
 * Every `*.json` file of `dir` as pairs of the operations `routes` serves (built from
 * `documents`, whose schemas check them). Every file is listed and bounded (LIMITS) before
 * any is read. Throws a StartError listing every refused file.
 */
export async function loadFixtures(dir: string, routes: RouteTable, documents: ReadonlyArray<{ doc: unknown }>): Promise<FixturePairs> {
  let names: string[];
  let root: string;
  try {
    root = await realpath(dir);
    names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new StartError('MISSING_FILE', `examples: no folder ${dir} to read fixtures from.`);
  }
  if (names.length > LIMITS.fixtureFiles)
    throw fixtureRefusal(
      [],
      `${dir} holds ${names.length} fixture files, more than the ${LIMITS.fixtureFiles} one folder may hold (LIMITS.fixtureFiles)`,
    );
  const refused: FixtureFault[] = [];
  const files: Listed[] = [];
  for (const file of names) {
    const found = await listed(root, dir, file).catch((error: unknown) => `cannot be read (${reason(error)})`);
    if (typeof found === 'string') refused.push({ where: path.join(dir, file), fault: found });
    else files.push(found);
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > LIMITS.fixtureFolderBytes) throw fixtureRefusal(refused, folderNote(total));
  const sources: FixtureSource[] = [];
  let read = 0;
  for (const file of files) {
    const bytes = await bytesOf(file).catch((error: unknown) => `cannot be read (${reason(error)})`);
    if (typeof bytes !== 'string') read += bytes.length;
    // Files grown since they were listed are bounded too.
    if (read > LIMITS.fixtureFolderBytes) throw fixtureRefusal(refused, folderNote(read));
    const json = typeof bytes === 'string' ? bytes : jsonOf(bytes);
    if (typeof json === 'string') refused.push({ where: file.where, fault: json });
    else sources.push({ name: file.name, where: file.where, json: json.json });
  }
  return fixturePairsOf(sources, routes, schemaChecks(documents), refused);
}

/** The package's own bundles of these document ids, and the routes they make. */
async function bundles(documentIds: readonly string[]) {
  const documents = await Promise.all(
    documentIds.map(async (id) => ({ id, doc: JSON.parse(await readFile(bundleFile(PACKAGE_ROOT, id), 'utf8')) as JsonObject })),
  );
  return { documents, routes: new RouteTable(documents) };
}

/** The fixtures of a folder checked against the package's own bundles (these document ids): the MSW handlers' loader, in Node. */
export async function loadFixturesOfBundles(dir: string, documentIds: readonly string[]): Promise<FixturePairs> {
  const { documents, routes } = await bundles(documentIds);
  return loadFixtures(path.resolve(dir), routes, documents);
}

/** Fixtures handed in as an object (fixture-read.ts), checked in Node as a folder's are: both bodies against the bundles' schemas. */
export async function checkFixturesOfBundles(sources: readonly FixtureSource[], documentIds: readonly string[]): Promise<FixturePairs> {
  const { documents, routes } = await bundles(documentIds);
  return fixturePairsOf(sources, routes, schemaChecks(documents));
}

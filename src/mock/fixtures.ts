// An integrator's own pairs in Node: a folder of JSON files in Specmatic's external example
// format, or the same fixtures handed in as an object, read by fixture-read.ts and checked with
// the mock's own validators: the request body against its schema, the answer body against its
// status's. One invalid file refuses the whole folder, naming the file and the field.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleFile, PACKAGE_ROOT } from '../lib/layout.ts';
import { followRefs, type JsonObject } from '../lib/refs.ts';
import { jsonSyntaxReason } from './body-text.ts';
import { type FixtureChecks, type FixturePairs, type FixtureSource, fixturePairsOf } from './fixture-read.ts';
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

/**
 * Every `*.json` file of `dir` as pairs of the operations `routes` serves (built from
 * `documents`, whose schemas check them). Throws a StartError listing every refused file.
 */
export async function loadFixtures(dir: string, routes: RouteTable, documents: ReadonlyArray<{ doc: unknown }>): Promise<FixturePairs> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new StartError('MISSING_FILE', `examples: no folder ${dir} to read fixtures from.`);
  }
  const sources: FixtureSource[] = [];
  const refused: string[] = [];
  for (const file of names) {
    const where = path.join(dir, file);
    try {
      sources.push({ name: path.basename(file, '.json'), where, json: JSON.parse(await readFile(where, 'utf8')) });
    } catch (error) {
      // The reason, never the text around it: a fixture may hold a password.
      refused.push(`${where}: not JSON (${jsonSyntaxReason(error as Error)})`);
    }
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

// TypeScript types with openapi-typescript's Node API, byte for byte what its CLI
// writes when it reads redocly.yaml's `apis:` (same header, same options, same input).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import openapiTS, { COMMENT_HEADER, astToString, type OpenAPI3 } from 'openapi-typescript';

// openapi-typescript depends on its own (1.x) @redocly/openapi-core; a Config from
// our 2.x copy does not fit it, so the config is made with the copy it ships.
const requireFromOpenapiTs = createRequire(import.meta.resolve('openapi-typescript'));
const { createConfig } = requireFromOpenapiTs('@redocly/openapi-core') as {
  createConfig(raw: { rules: Record<string, never> }, opts: Record<string, never>): Promise<unknown>;
};

type OpenapiTsConfig = NonNullable<Parameters<typeof openapiTS>[1]>['redocly'];

/** Options a derived flavour may add; the published families pass none. */
export type TypeOptions = Pick<NonNullable<Parameters<typeof openapiTS>[1]>, 'transform' | 'postTransform' | 'additionalProperties'>;

/**
 * A config with no lint rule: the pipeline's Redocly step has already linted every
 * document with redocly.yaml's rules, and linting again was most of the types step's
 * cost; the types are the same bytes (tested).
 */
export async function loadTypesConfig(): Promise<OpenapiTsConfig> {
  return (await createConfig({ rules: {} }, {})) as OpenapiTsConfig;
}

/**
 * Types of a document: a file, or a bundle already in memory (the pipeline's, so no
 * document is read twice). From a family's bundle they are the bytes the CLI writes
 * from its source files (tests/pipeline/cli-route.test.ts).
 */
export async function generateTypes(
  config: OpenapiTsConfig,
  entry: string | Record<string, unknown>,
  options: TypeOptions = {},
): Promise<string> {
  // A bundle in memory was linted by the pipeline: openapi-typescript checks its version again.
  const source = typeof entry === 'string' ? pathToFileURL(entry) : (entry as unknown as OpenAPI3);
  const ast = await openapiTS(source, { ...options, redocly: config, silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

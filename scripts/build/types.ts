// TypeScript types with openapi-typescript's Node API, byte for byte what its CLI
// writes when it reads redocly.yaml's `apis:` (same header, same options, same input).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';

// openapi-typescript depends on its own (1.x) @redocly/openapi-core; a Config from
// our 2.x copy does not fit it, so the config is loaded with the copy it ships.
const requireFromOpenapiTs = createRequire(import.meta.resolve('openapi-typescript'));
const { loadConfig } = requireFromOpenapiTs('@redocly/openapi-core') as {
  loadConfig(opts: { configPath: string }): Promise<unknown>;
};

type OpenapiTsConfig = NonNullable<Parameters<typeof openapiTS>[1]>['redocly'];

/** Options a derived flavour may add; the published families pass none. */
export type TypeOptions = Pick<NonNullable<Parameters<typeof openapiTS>[1]>, 'postTransform'>;

export async function loadTypesConfig(configPath: string): Promise<OpenapiTsConfig> {
  return (await loadConfig({ configPath })) as OpenapiTsConfig;
}

export async function generateTypes(config: OpenapiTsConfig, entry: string, options: TypeOptions = {}): Promise<string> {
  const ast = await openapiTS(pathToFileURL(entry), { ...options, redocly: config, silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

// The MCP SDK is an optional peer dependency, as msw is: a plain install does not carry it.
// Loaded on first need; missing, it is one line naming the package to add.
import { addCommand } from '../lib/install-command.ts';
import { StartError } from '../mock/start-error.ts';

export const SDK_PACKAGE = '@modelcontextprotocol/sdk';

export type ServerModule = typeof import('@modelcontextprotocol/sdk/server/index.js');
export type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');

export interface Sdk {
  server: ServerModule;
  types: TypesModule;
}

function missing(error: unknown): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(message).includes(SDK_PACKAGE);
}

/** The SDK's server and types, or a StartError naming the package when it is not installed. */
export async function loadSdk(): Promise<Sdk> {
  try {
    const [server, types] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
    return { server, types };
  } catch (error) {
    if (missing(error)) throw new StartError('NEEDS_PACKAGE', `The MCP server needs ${SDK_PACKAGE}: ${addCommand([SDK_PACKAGE])}`);
    throw error;
  }
}

/** Another module of the SDK (a transport), with the same one-line failure. */
export async function loadSdkModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (missing(error)) throw new StartError('NEEDS_PACKAGE', `The MCP server needs ${SDK_PACKAGE}: ${addCommand([SDK_PACKAGE])}`);
    throw error;
  }
}

type Validator = InstanceType<typeof import('@modelcontextprotocol/sdk/validation/ajv').AjvJsonSchemaValidator>;
let validator: Promise<Validator> | undefined;

/**
 * One JSON Schema validator for every server of the process: the SDK makes an Ajv instance
 * per server otherwise (a few hundred kB and milliseconds for each HTTP session). It compiles
 * only the confirmation's schema, one constant object, so its cache does not grow.
 */
export function sharedSchemaValidator(): Promise<Validator> {
  validator ??= loadSdkModule(() => import('@modelcontextprotocol/sdk/validation/ajv')).then(
    ({ AjvJsonSchemaValidator }) => new AjvJsonSchemaValidator(),
  );
  return validator;
}

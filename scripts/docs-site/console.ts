// The try-it console of the reference pages: what each operation gives it (route, the
// developer headers its security asks, a body to start from, where the credentials go, the
// compiled validator that checks the body as the reader types), and the browser code and
// style placed in the page. The console is
// our own small script (console/console.js): a library console (Scalar's client) would
// replace Redoc's page and add about 1 MB gzipped to every page; see docs/pipeline.md.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { createAjv } from '../../src/mock/validators.ts';
import { rootSchema, standaloneModule } from '../lib/standalone-validators.ts';
import { tagSlug } from './crossrefs.ts';
import { commonCredentialFields, credentialKind } from '../../src/lib/contract-index.ts';
import type { Credentials } from '../../src/credentials.ts';
import { followRefs } from '../../src/lib/refs.ts';
import { isObject, listOperations, type JsonObject } from './openapi.ts';

export interface ConsoleOperation {
  operationId: string;
  method: string;
  path: string;
  /** The Redoc section of the operation (`/tag-slug/operationid`). */
  section: string;
  /** Header names the operation's security asks (the developer headers). */
  headers: string[];
  /** The body the editor starts with, and where it comes from. */
  body: unknown;
  bodyFrom: 'example' | 'capture' | 'skeleton';
  /** The name of its body's compiled validator in the page's validators script, when it has a body schema. */
  validator?: string;
  /** Where the agency credentials go in its body (`["AutenticacaoUsuario", "Senha"]`, `["senha"]`…), by credential. */
  credentials: Array<{ path: string[]; field: keyof Credentials }>;
  /** The same operation on the other flavour's page, with what the evidence holds for it. */
  counterpart?: { href: string; label: string };
}

export interface ConsoleData {
  page: string;
  operations: ConsoleOperation[];
}

/** The first value a schema offers (`example`, `examples[0]`, `default`, `const`, the first of `enum`). */
function offered(schema: JsonObject): { value: unknown } | undefined {
  if ('example' in schema) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('default' in schema) return { value: schema.default };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** The console's credential field of a body field (`x-credential`, any spelling), named as Part 2.1 writes it. */
function consoleField(name: string): keyof Credentials | undefined {
  const kind = credentialKind(name);
  return kind === undefined ? undefined : (commonCredentialFields('v2-pt')?.[kind] as keyof Credentials);
}

/** The properties a schema publishes, through refs and `allOf`/`oneOf`/`anyOf` (each part's). */
function propertiesOf(doc: JsonObject, node: unknown, depth = 0): Record<string, unknown> {
  const schema = followRefs(doc, node);
  if (!isObject(schema) || depth > 8) return {};
  const own = isObject(schema.properties) ? schema.properties : {};
  const parts = [schema.allOf, schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return Object.assign({}, ...parts.map((part) => propertiesOf(doc, part, depth + 1)), own);
}

/**
 * Where a body carries the agency credentials: a top-level field named Login, Senha or
 * ClienteId in any case (legacy `Autenticar` writes `login`, `senha`). A nested pair such as
 * `AutenticacaoUsuario.Senha` is an application user's, not the agency's: never filled (a copy hides it).
 */
export function credentialPaths(doc: JsonObject, schema: unknown): ConsoleOperation['credentials'] {
  return Object.keys(propertiesOf(doc, schema)).flatMap((name) => {
    const field = consoleField(name);
    return field ? [{ path: [name], field }] : [];
  });
}

/**
 * Every published field, each with the value its schema offers, else a labelled placeholder
 * (`<Origem>`) or a value of its type: a first Send shows what the operation reads. The
 * credentials stay empty (the console's fields fill them).
 */
export function prefill(doc: JsonObject, node: unknown, depth = 0, name = ''): unknown {
  const schema = followRefs(doc, node);
  if (!isObject(schema) || depth > 8) return {};
  const own = offered(schema);
  if (own) return own.value;
  const kind = credentialKind(name);
  if (kind === 'login' || kind === 'password') return '';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const props = propertiesOf(doc, schema);
  if (type === 'object' || Object.keys(props).length > 0)
    return Object.fromEntries(Object.entries(props).map(([key, sub]) => [key, prefill(doc, sub, depth + 1, key)]));
  const first = [schema.oneOf, schema.anyOf].find((list) => Array.isArray(list) && list.length > 0) as unknown[] | undefined;
  if (first) return prefill(doc, first[0], depth + 1, name);
  if (type === 'array') return isObject(schema.items) ? [prefill(doc, schema.items, depth + 1, name)] : [];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return false;
  return name === '' ? '' : `<${name}>`;
}

function securityHeaders(doc: JsonObject, operation: JsonObject): string[] {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const names = new Set<string>();
  const first = requirements.find(isObject);
  for (const key of Object.keys(first ?? {})) {
    const scheme = schemes[key];
    if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') names.add(scheme.name);
  }
  return [...names];
}

export interface ConsoleOptions {
  page: string;
  /** The other flavour's link for an operation (published ↔ observed), when it has one. */
  counterpart?: (operationId: string) => { href: string; label: string } | undefined;
}

/** What the console of one page needs, from the document the page shows; `validators` the page's validators script. */
export function consoleParts(doc: JsonObject, options: ConsoleOptions): { data: ConsoleData; validators: string } {
  const operations: ConsoleOperation[] = [];
  // The validators as the MSW build makes them (scripts/lib/standalone-validators.ts): every error listed.
  const ajv = createAjv(true, { source: true, esm: true });
  const names: Record<string, string> = {};
  for (const entry of listOperations(doc)) {
    const body = followRefs(doc, entry.operation.requestBody);
    const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    const media = isObject(content) ? content : {};
    const schema = media.schema ?? {};
    const examples = isObject(media.examples) ? Object.values(media.examples).map((e) => followRefs(doc, e)) : [];
    const example = 'example' in media ? { value: media.example } : examples.find((e) => isObject(e) && 'value' in e);
    const captured = isObject(example) && typeof example.summary === 'string' && /observed|capture/i.test(example.summary);
    const counterpart = options.counterpart?.(entry.operationId);
    let validator: string | undefined;
    if (media.schema !== undefined) {
      validator = `o${operations.length}`;
      ajv.addSchema(rootSchema(doc, media.schema) as JsonObject, validator);
      names[validator] = validator;
    }
    operations.push({
      operationId: entry.operationId,
      method: entry.method.toUpperCase(),
      path: entry.path,
      section: `/${tagSlug(entry.tags[0] ?? 'other')}/${entry.operationId.toLowerCase()}`,
      headers: securityHeaders(doc, entry.operation),
      body: isObject(example) ? example.value : prefill(doc, schema),
      bodyFrom: isObject(example) ? (captured ? 'capture' : 'example') : 'skeleton',
      ...(validator ? { validator } : {}),
      credentials: credentialPaths(doc, schema),
      ...(counterpart ? { counterpart } : {}),
    });
  }
  return { data: { page: options.page, operations }, validators: validatorsScript(standaloneModule(ajv, names)) };
}

/** What the console of one page needs, from the document the page shows. */
export function consoleData(doc: JsonObject, options: ConsoleOptions): ConsoleData {
  return consoleParts(doc, options).data;
}

const BODY_CHECK = fileURLToPath(new URL('../../src/mock/body-check.ts', import.meta.url));
const CONTRACT_INDEX = fileURLToPath(new URL('../../src/lib/contract-index.ts', import.meta.url));

/**
 * The validators' module, the mock's wording of a violation (body-check.ts) and the contract
 * index's secret names (which fields and headers a copy hides: isRedactedField, isSecretHeader,
 * isSecretField, credentialKind; about 1.5 kB, the operations left out) as one classic script
 * that sets `tryConsoleValidators`: placed inline, it runs from file:// too, and no code is
 * compiled in the page.
 */
function validatorsScript(esm: string): string {
  const result = buildSync({
    stdin: {
      contents: `${esm}\nexport { prismViolation } from ${JSON.stringify(BODY_CHECK)};\nexport { credentialKind, isRedactedField, isSecretField, isSecretHeader } from ${JSON.stringify(CONTRACT_INDEX)};\n`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName: 'tryConsoleValidators',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** JSON safe inside a `<script type="application/json">`: no `<` can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ASSET = (name: string) => readFileSync(fileURLToPath(new URL(`./console/${name}`, import.meta.url)), 'utf8');
/** The console's script and style, read once. */
export const CONSOLE_ASSETS = { script: ASSET('console.js'), style: ASSET('console.css') };

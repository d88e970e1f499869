// Applies the observed overlay to the published bundle of the V2 Portuguese route and
// writes the observed flavour's bundle, deterministically (same inputs, same bytes).
// The Overlay is applied by openapi-format (a maintained Overlay 1.0/1.1
// implementation); this module only guards it: the overlay may add components but
// never touch a published one, every action must match, every $ref must resolve.
//   node scripts/observed/apply.ts [--published FILE] [--overlay FILE] [--out FILE]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scriptArgs } from '../lib/args.ts';
import type { OpenAPIOverlayAction } from 'openapi-format';
import { isObject, type JsonObject } from '../../src/lib/json.ts';
import { plainCopy } from '../../src/lib/refs.ts';

export interface ObservedBundleOptions {
  /** The published bundle's file: read from there unless `published` is given, and named in errors. */
  publishedBundlePath: string;
  /** The published bundle already in memory (the pipeline's); it is not changed. */
  published?: unknown;
  /** The overlay's file: read from there unless `overlay` is given, and named in errors. */
  overlayPath: string;
  /** The overlay already in memory (the pipeline renders it and writes overlayPath itself). */
  overlay?: unknown;
  outPath: string;
}

const rootDir = path.resolve(import.meta.dirname, '../..');
export const DEFAULTS: ObservedBundleOptions = {
  publishedBundlePath: path.join(rootDir, 'generated/v2-pt/openapi.yaml'),
  overlayPath: path.join(rootDir, 'generated/v2-pt-observed/overlay.yaml'),
  outPath: path.join(rootDir, 'generated/v2-pt-observed/openapi.yaml'),
};

// Redocly's YAML reader and writer (js-yaml; `yaml` parses the large overlay several times slower), loaded on first use, not for --help.
const redoclyYaml = () => import('@redocly/openapi-core');

async function readYamlObject(file: string, what: string): Promise<JsonObject> {
  const { parseYaml } = await redoclyYaml();
  let value: unknown;
  try {
    value = parseYaml(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the ${what} ${file}: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new Error(`the ${what} ${file} is not a YAML mapping`);
  return value;
}

interface Overlay {
  overlay: string;
  info?: JsonObject;
  extends?: string;
  actions: OpenAPIOverlayAction[];
  [key: string]: unknown;
}

function checkOverlay(raw: JsonObject, file: string): Overlay {
  if (typeof raw.overlay !== 'string' || !/^1\.0\.\d+$/.test(raw.overlay)) {
    throw new Error(`${file}: not an Overlay 1.0 document (overlay: ${JSON.stringify(raw.overlay)})`);
  }
  if (!Array.isArray(raw.actions) || raw.actions.length === 0) throw new Error(`${file}: no actions`);
  raw.actions.forEach((action: unknown, i) => {
    const where = `${file}: action #${i + 1}`;
    if (!isObject(action) || typeof action.target !== 'string' || !action.target.startsWith('$'))
      throw new Error(`${where}: needs a JSONPath target`);
    const hasUpdate = isObject(action.update);
    const hasRemove = action.remove === true;
    if (hasUpdate === hasRemove) throw new Error(`${where} (${action.target}): needs exactly one of an update object or remove: true`);
  });
  return raw as unknown as Overlay;
}

const COMPONENTS_TARGET = /^\$\.components\.([A-Za-z]+)$/;

/** Components may be added, never edited: a name the published bundle has is a collision. */
function checkAddsOnly(published: JsonObject, overlay: Overlay, file: string): void {
  const components = isObject(published.components) ? published.components : {};
  const added = new Set<string>();
  for (const action of overlay.actions) {
    if (action.target.startsWith('$.components') && !COMPONENTS_TARGET.test(action.target)) {
      throw new Error(`${file}: ${action.target}: the overlay may add components, not edit inside one`);
    }
    const section = COMPONENTS_TARGET.exec(action.target)?.[1];
    if (section === undefined) continue;
    if (action.remove) throw new Error(`${file}: ${action.target}: the overlay may not remove published components`);
    const existing = isObject(components[section]) ? components[section] : {};
    for (const name of Object.keys(action.update as JsonObject)) {
      const key = `${section}/${name}`;
      if (Object.hasOwn(existing, name)) throw new Error(`${file}: components/${key} is published; the overlay would change it`);
      if (added.has(key)) throw new Error(`${file}: components/${key} is added twice`);
      added.add(key);
    }
  }
}

/** Every local `$ref` of the document leads somewhere. */
function unresolvedRefs(doc: JsonObject): string[] {
  const missing = new Set<string>();
  const resolve = (pointer: string): boolean => {
    let node: unknown = doc;
    for (const token of pointer.slice(2).split('/')) {
      const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!isObject(node) || !Object.hasOwn(node, key)) return false;
      node = node[key];
    }
    return true;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !resolve(value)) missing.add(value);
        else walk(value);
      }
    }
  };
  walk(doc);
  return [...missing].sort();
}

/** Applies the overlay to the published bundle, writes the observed bundle and returns it. */
export async function buildObservedBundle(opts: ObservedBundleOptions): Promise<JsonObject> {
  const published =
    opts.published === undefined ? await readYamlObject(opts.publishedBundlePath, 'published bundle') : plainCopy(opts.published);
  if (!isObject(published)) throw new Error(`the published bundle ${opts.publishedBundlePath} is not a mapping`);
  const rawOverlay = opts.overlay === undefined ? await readYamlObject(opts.overlayPath, 'overlay') : opts.overlay;
  if (!isObject(rawOverlay)) throw new Error(`the overlay ${opts.overlayPath} is not a mapping`);
  const overlay = checkOverlay(rawOverlay, opts.overlayPath);
  checkAddsOnly(published, overlay, opts.overlayPath);

  // openapi-format too, loaded on the first bundle rather than with the module.
  const { openapiOverlay } = await import('openapi-format');
  const { data, resultData } = await openapiOverlay(published, { overlaySet: overlay });
  const unused = (resultData.unusedActions as OpenAPIOverlayAction[] | undefined) ?? [];
  if (unused.length > 0) {
    throw new Error(
      `${opts.overlayPath}: ${unused.length} action(s) matched nothing in ${opts.publishedBundlePath}: ${unused.map((a) => a.target).join(', ')}`,
    );
  }
  const doc = data as JsonObject;
  const missing = unresolvedRefs(doc);
  if (missing.length > 0) throw new Error(`the observed bundle has unresolved references: ${missing.join(', ')}`);

  await mkdir(path.dirname(opts.outPath), { recursive: true });
  // The same serializer and options as the pipeline's published bundles.
  const { stringifyYaml } = await redoclyYaml();
  await writeFile(opts.outPath, stringifyYaml(doc, { noRefs: true, lineWidth: -1 }));
  return doc;
}

async function main(): Promise<void> {
  const { values } = scriptArgs({
    command: 'npm run observed:bundle',
    usage: `Usage: npm run observed:bundle [-- --published FILE --overlay FILE --out FILE]

Applies the observed overlay to the published bundle and writes the observed bundle.

  --published FILE   the published bundle (default ${path.relative(process.cwd(), DEFAULTS.publishedBundlePath)})
  --overlay FILE     the overlay (default ${path.relative(process.cwd(), DEFAULTS.overlayPath)})
  --out FILE         where to write (default ${path.relative(process.cwd(), DEFAULTS.outPath)})
  --help             this text`,
    options: {
      published: { type: 'string', default: DEFAULTS.publishedBundlePath },
      overlay: { type: 'string', default: DEFAULTS.overlayPath },
      out: { type: 'string', default: DEFAULTS.outPath },
    },
  });
  const opts = {
    publishedBundlePath: path.resolve(values.published),
    overlayPath: path.resolve(values.overlay),
    outPath: path.resolve(values.out),
  };
  await buildObservedBundle(opts);
  console.log(`wrote ${path.relative(process.cwd(), opts.outPath)}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`observed bundle: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}

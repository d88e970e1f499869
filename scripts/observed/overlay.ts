// Builds the observed flavour's Overlay (Overlay Specification 1.0) for the V2
// Portuguese route from evidence/ and the published spec/ sources: named schemas,
// one request and one response schema per observed operation, the sanitized example
// pairs, and the retargeting of each observed operation to them. Adds; never edits a
// published component (apply.ts refuses an overlay that would).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { loadExample, loadInventory, type Body, type Inventory } from './evidence.ts';
import { mergeNodes, treeOf, withProperties, type FieldNode, type Occurrence } from './field-tree.ts';
import { ENVELOPE, ENVELOPE_KEYS, RESPONSE_DATE, namedSchemas, type NamedSchema } from './names.ts';
import { loadCatalog } from '../lib/catalog.ts';
import type { Json, JsonObject } from '../lib/json.ts';
import { NO_DATE_TOKEN, nodeSchema, observedRecord, ref, structural, type SchemaContext } from './schema.ts';

export const FAMILY = 'v2-pt';
export const LEGACY_SERVICE = 'AereoNoSession.svc';

export interface OverlayInputs {
  /** The project's evidence copy (evidence/). */
  evidenceDir: string;
  /** The hand-written spec root (spec/). */
  specDir: string;
}

export interface OverlayAction {
  target: string;
  description: string;
  update?: JsonObject;
  remove?: true;
}

export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string; description: string };
  extends: string;
  actions: OverlayAction[];
}

const KEY_ORDER = ['$ref', 'allOf', 'anyOf', 'type', 'description', 'required', 'properties', 'items', 'additionalProperties', 'examples', 'x-undocumented', 'x-inferred', 'x-observed'];

function ordered(schema: JsonObject): JsonObject {
  const rank = (k: string): number => (KEY_ORDER.includes(k) ? KEY_ORDER.indexOf(k) : KEY_ORDER.length);
  return Object.fromEntries(Object.entries(schema).sort(([a], [b]) => rank(a) - rank(b)));
}

function readYaml(file: string): unknown {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function at(value: unknown, keys: string[], file: string): unknown {
  let node = value;
  for (const key of keys) {
    if (typeof node !== 'object' || node === null || !(key in node)) throw new Error(`${file}: no ${keys.join('.')}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** What the overlay needs from the published sources of the family. */
interface Published {
  prefix: string;
  operations: Set<string>;
  info: { title: string; summary: string; description: string };
  /** Component name of each operation's published request schema, as Redocly bundles it (file name). */
  requestSchema(operation: string): string;
}

function readPublished(specDir: string): Published {
  const catalog = loadCatalog(pathToFileURL(path.join(specDir, 'catalog.yaml')));
  const family = catalog.families.find((entry) => entry.name === FAMILY);
  const prefix = family?.prefixes[0];
  if (!family || prefix === undefined) throw new Error(`${catalog.source}: unexpected ${FAMILY} entry`);
  const operations = new Set(family.operations);
  const rootFile = path.join(specDir, FAMILY, 'openapi.yaml');
  const info = at(readYaml(rootFile), ['info'], rootFile) as Record<string, unknown>;
  return {
    prefix,
    operations,
    info: { title: String(info.title ?? ''), summary: String(info.summary ?? ''), description: String(info.description ?? '') },
    requestSchema(operation) {
      const file = path.join(specDir, FAMILY, 'paths', `${operation}.yaml`);
      const target = at(readYaml(file), ['post', 'requestBody', 'content', 'application/json', 'schema', '$ref'], file);
      if (typeof target !== 'string' || !target.endsWith('.yaml')) throw new Error(`${file}: the request schema is not a $ref to a schema file`);
      return path.basename(target, '.yaml');
    },
  };
}

function jsonPathKey(key: string): string {
  return `['${key.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}

function sourceFile(inventory: Inventory, operation: string, body: Body): string {
  const pair = inventory.provenance.examples[operation];
  if (!pair) throw new Error(`the evidence names no example pair for ${operation}`);
  return pair[body];
}

/** `homologacao/<scenario>/<file>` → `<scenario>`: the example's name. */
function scenarioOf(file: string): string {
  const parts = file.split('/');
  return parts[parts.length - 2] ?? file;
}

export function buildOverlay(inputs: OverlayInputs): OverlayDocument {
  const inventory = loadInventory(inputs.evidenceDir);
  const published = readPublished(inputs.specDir);
  const { repository, commit } = inventory.provenance;
  const operations = Object.keys(inventory.operations);
  for (const op of operations) {
    if (!published.operations.has(op)) throw new Error(`${op} is observed but not an operation of ${FAMILY} in spec/catalog.yaml`);
  }

  const bodies = new Map(operations.map((op) => [op, { request: treeOf(inventory, op, 'request'), response: treeOf(inventory, op, 'response') }]));
  const tree = (op: string, body: Body): FieldNode => bodies.get(op)?.[body] as FieldNode;

  // The node each named schema stands for: its places' trees merged.
  const named = namedSchemas(operations);
  const namedNodes = new Map<string, FieldNode>();
  const placeOwner = new Map<string, string>();
  const placeKey = (o: { operation: string; body: Body; path: string }): string => `${o.operation}\u0000${o.body}\u0000${o.path}`;
  for (const n of named) {
    if (n.places === 'every response body') {
      const only = new Set(n.only ?? []);
      namedNodes.set(n.name, withProperties(mergeNodes(operations.map((op) => tree(op, 'response'))), (key) => only.has(key)));
      continue;
    }
    const nodes = n.places.map((p) => treeOf(inventory, p.operation, p.body, p.path));
    const node = mergeNodes(nodes);
    node.occurrences = node.occurrences.filter(structural);
    if (node.occurrences.length === 0) throw new Error(`${n.name}: none of its places was seen as anything but null`);
    namedNodes.set(n.name, node);
    for (const p of n.places) placeOwner.set(placeKey(p), n.name);
  }

  const ctx: SchemaContext = {
    repository,
    commit,
    namedFor(node) {
      const owners = new Set(node.occurrences.filter(structural).map((o) => placeOwner.get(placeKey(o))));
      if (owners.size !== 1) return undefined;
      return [...owners][0];
    },
  };

  const namedSchemaObjects: JsonObject = { [RESPONSE_DATE]: responseDateSchema(ctx, inventory) };
  for (const n of named) namedSchemaObjects[n.name] = namedSchemaObject(ctx, n, namedNodes.get(n.name) as FieldNode);

  const actions: OverlayAction[] = [
    {
      target: '$.info',
      description: 'Label the document as the observed flavour, not the published contract.',
      update: {
        title: `${published.info.title} (observed flavour)`,
        summary: `Observed flavour: ${published.info.summary} Payloads typed from sanitized sandbox traffic; not published by the provider.`,
        description: `${published.info.description.trimEnd()}\n\n${flavourNote(inventory, operations)}`,
      },
    },
    {
      target: '$.components.schemas',
      description: 'Schemas shared by the observed operations: the response envelope, the error in the body, the request parts and the response date.',
      update: namedSchemaObjects,
    },
  ];

  for (const op of operations) {
    const pathKey = `$.paths${jsonPathKey(`${published.prefix}/${op}`)}.post`;
    const rq = `${op}RQObservado`;
    const rs = `${op}RSObservado`;
    const pair = inventory.provenance.examples[op];
    const scenario = scenarioOf(sourceFile(inventory, op, 'request'));
    actions.push(
      {
        target: '$.components.schemas',
        description: `${op}: the observed request and response schemas.`,
        update: {
          [rq]: requestSchema(ctx, op, tree(op, 'request'), published.requestSchema(op)),
          [rs]: responseSchema(ctx, op, tree(op, 'response')),
        },
      },
      {
        target: `${pathKey}.requestBody.content${jsonPathKey('application/json')}`,
        description: `${op}: type the request body by the observed schema and give the observed example.`,
        update: {
          schema: ref(rq),
          examples: { [scenario]: example(inventory, inputs.evidenceDir, op, 'request', 'Observed request (sanitized sandbox capture)') },
        },
      },
      {
        target: `${pathKey}.responses${jsonPathKey('200')}`,
        description: `${op}: describe the answer by the observed schema, with the observed example.`,
        update: {
          description: `The operation's answer as observed in sanitized sandbox traffic (not published by the provider). Errors are reported in the body (\`Exception\`); the HTTP status was not captured.`,
          'x-inferred': 'The HTTP status was not captured; 200 is assumed for an answered call, as in the published contract.',
          content: {
            'application/json': {
              schema: ref(rs),
              examples: {
                [scenario]: example(
                  inventory,
                  inputs.evidenceDir,
                  op,
                  'response',
                  pair?.responseHasException ? 'Observed error, reported in the body (sanitized sandbox capture)' : 'Observed answer (sanitized sandbox capture)',
                ),
              },
            },
          },
        },
      },
      {
        target: `${pathKey}.responses${jsonPathKey('200')}${jsonPathKey('$ref')}`,
        description: `${op}: drop the published reference to the unpublished result, now described in place.`,
        remove: true,
      },
    );
  }

  return {
    overlay: '1.0.0',
    info: {
      title: `Observed flavour of the ${FAMILY} contract`,
      version: commit.slice(0, 12),
      description: [
        `Generated by \`node scripts/observed/generate.ts\` from \`evidence/\` (sanitized sandbox captures of ${repository} at commit ${commit}) and the published \`spec/\`. Do not edit: regenerate.`,
        `Apply it to the published bundle \`generated/${FAMILY}/openapi.yaml\` with \`node scripts/observed/apply.ts\` (openapi-format) to get \`generated/${FAMILY}-observed/openapi.yaml\`.`,
        'It only adds: schemas typed from the observations, each with an `x-observed` record (source repository, commit, and `seen` of `of` captures, counting captures in which the path occurred, even as null), the example pairs, and the retargeting of the observed operations. Types are the ones seen; `null` in a type means a null was seen; a property of an answer is required only where it occurred in every capture that carried its parent object, and no request property is made required beyond the published ones (a capture shows what one client sent, not what the service demands); no value list is an enum; objects stay open (`additionalProperties: true`) because 81 captures cannot prove that other fields never come.',
      ].join('\n\n'),
    },
    extends: `../../generated/${FAMILY}/openapi.yaml`,
    actions,
  };
}

function flavourNote(inventory: Inventory, operations: string[]): string {
  const p = inventory.provenance;
  return [
    '## Observed flavour',
    `This is **not** the provider's published contract. It is the published contract plus the payloads of ${operations.length} operations (${operations.map((o) => `\`${o}\``).join(', ')}) as seen in ${p.captures} sanitized captures of one integration's homologation traffic against the sandbox of the legacy service (\`${LEGACY_SERVICE}\`), from ${p.repository} at commit ${p.commit}.`,
    'Every observed schema carries `x-observed` with its provenance and how often it was seen. The transfer from the legacy route to this one is an inference (`x-inferred`): the migration rules keep the operation names. Fields, values and messages may differ for other agencies, suppliers or production, and absence here proves nothing.',
  ].join('\n\n');
}

function namedSchemaObject(ctx: SchemaContext, n: NamedSchema, node: FieldNode): JsonObject {
  const schema = nodeSchema(ctx, node, true);
  const places = node.occurrences;
  return ordered({
    ...schema,
    description: `${n.description} ${String(schema.description ?? '')}`.trim(),
    'x-observed': observedRecord(ctx, { seen: sum(places, 'present'), of: sum(places, 'of') }, places),
  });
}

function sum(places: Occurrence[], key: 'present' | 'of'): number {
  return places.reduce((n, o) => n + o.stats[key], 0);
}

const TRANSFER = (op: string): string =>
  `Captured on the legacy route \`${LEGACY_SERVICE}/${op}\`; applied to \`/api/V2/Voos/${op}\` because the migration from the legacy service to V2 keeps the operation name (Part 9, rule 1).`;

/** Published in every V2 body (Part 5): typed by the published schema through `allOf`, never re-declared. */
const PUBLISHED_CREDENTIALS = ['Login', 'Senha', 'ClienteId'];

function requestSchema(ctx: SchemaContext, op: string, node: FieldNode, publishedSchema: string): JsonObject {
  const schema = nodeSchema(ctx, withProperties(node, (key) => !PUBLISHED_CREDENTIALS.includes(key)), true);
  const captures = node.occurrences[0]?.stats.of ?? 0;
  return ordered({
    allOf: [ref(publishedSchema)],
    ...schema,
    description: `Request body of \`${op}\` as seen in ${captures} sanitized sandbox captures; not published by the provider. The published schema (\`${publishedSchema}\`) still applies through \`allOf\`. The observed fields are typed but none is made required: a capture shows what one client chose to send, not what the service demands (\`x-observed\` tells how often each was sent). Other fields stay allowed.`,
    'x-inferred': TRANSFER(op),
    'x-observed': observedRecord(ctx, { seen: captures, of: captures }, node.occurrences),
  });
}

function responseSchema(ctx: SchemaContext, op: string, node: FieldNode): JsonObject {
  const own = withProperties(node, (key) => !(ENVELOPE_KEYS as readonly string[]).includes(key));
  const schema = nodeSchema(ctx, own, true);
  const captures = node.occurrences[0]?.stats.of ?? 0;
  const exception = node.properties.get('Exception')?.occurrences[0]?.stats.types ?? [];
  const allErrors = exception.length === 1 && exception[0] === 'object';
  return ordered({
    allOf: [ref(ENVELOPE)],
    ...schema,
    description: [
      `Answer of \`${op}\` as seen in ${captures} sanitized sandbox captures; not published by the provider. The envelope (\`${ENVELOPE}\`) comes through \`allOf\`; the observed fields are typed, others stay allowed.`,
      allErrors ? 'Every capture of this operation reported an error in `Exception`, so its result fields were seen only as null.' : '',
    ]
      .filter(Boolean)
      .join(' '),
    'x-inferred': TRANSFER(op),
    'x-observed': observedRecord(ctx, { seen: captures, of: captures }, node.occurrences),
  });
}

/** Dates in responses: the observed token (`DataLegada`), or ISO 8601 as V2 publishes. */
function responseDateSchema(ctx: SchemaContext, inventory: Inventory): JsonObject {
  let seen = 0;
  let of = 0;
  for (const bodies of Object.values(inventory.operations)) {
    const dates = Object.values(bodies.response.fields).filter((f) => f.dateToken === true);
    // Captures with a date token: at least the most frequent date field's count (`Data` is in every answer).
    seen += Math.max(0, ...dates.map((f) => f.present));
    of += bodies.response.captures;
  }
  return {
    description: `A date in an observed answer. The captures (legacy route) carry the legacy token \`/Date(ms±hhmm)/\` (\`DataLegada\`), the .NET "no date" token \`${NO_DATE_TOKEN}\` (year 0001) among them where there is no date; the V2 route serializes dates in ISO 8601 \`YYYY-MM-DDTHH:mm:ss\` (Part 9), so both forms are accepted.`,
    anyOf: [ref('DataLegada'), ref('DataHora')],
    'x-inferred': 'The ISO 8601 branch is what the description says V2 responses use (Part 9); the token branch is what the captures of the legacy route show.',
    'x-observed': observedRecord(ctx, { seen, of }),
  };
}

function example(inventory: Inventory, evidenceDir: string, op: string, body: Body, summary: string): JsonObject {
  const file = sourceFile(inventory, op, body);
  return {
    summary,
    description: `\`${file}\` of ${inventory.provenance.repository} at commit ${inventory.provenance.commit}, sanitized (evidence/README.md), every array cut to its first 2 items. Seen on the legacy route; not published by the provider.`,
    value: loadExample(evidenceDir, op, body) as Json,
  };
}

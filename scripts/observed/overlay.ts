// Builds an observed flavour's Overlay (Overlay Specification 1.0) from the sources
// under evidence/ and the published spec/: named schemas, one request and one response
// schema per observed operation, the sanitized example bodies, and either the
// retargeting of each observed operation (V2 Portuguese route, an inference: same
// operation names) or its addition on the route the captures were taken on
// (`AereoNoSession.svc`, legacy family). Adds; never edits a published component
// (apply.ts refuses an overlay that would).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { Body } from './evidence.ts';
import { mergeNodes, treeOf, withProperties, type FieldNode, type Occurrence } from './field-tree.ts';
import { ENVELOPE, ENVELOPE_KEYS, RESPONSE_DATE, namedSchemas, type NamedSchema } from './names.ts';
import { loadCatalog } from '../lib/catalog.ts';
import type { Json, JsonObject } from '../../src/lib/json.ts';
import { conditionKey, conditionsOf } from '../../src/mock/pairs.ts';
import { computeLineage, type Lineage } from '../../src/scenarios/lineage.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { NO_DATE_TOKEN, nodeSchema, observedRecord, ref, structural, type SchemaContext } from './schema.ts';
import { factsMarkdown, observedFacts, publishedLegacyOperations } from './facts.ts';
import { routeName, transferNote, type Route } from './routes.ts';
import { behaviourActions, loadBehaviours, narrowRequest, narrowResponse } from './behaviours.ts';
import { loadSources, routesOf, viewOf, type Source, type SourceBody } from './sources.ts';

export const FAMILY = 'v2-pt';
export const LEGACY_SERVICE = 'AereoNoSession.svc';
export const LEGACY_PREFIX = `/${LEGACY_SERVICE}`;

/** The families with an observed flavour: V2 Portuguese (inferred transfer) and legacy (where captured). */
export type ObservedFamily = 'v2-pt' | 'legacy';
export const OBSERVED_FAMILIES: readonly ObservedFamily[] = ['v2-pt', 'legacy'];

/**
 * The component name of an observed schema in a family's flavour: the legacy flavour's
 * are suffixed `Legado`, since its dates and request bases differ from the V2 ones and
 * the mock serves both flavours from one joined document.
 */
export function observedName(family: ObservedFamily, name: string): string {
  return family === 'legacy' ? `${name}Legado` : name;
}

export interface OverlayInputs {
  /** The evidence root (evidence/), one folder per source. */
  evidenceDir: string;
  /** The hand-written spec root (spec/). */
  specDir: string;
  /** Which flavour; v2-pt unless said. */
  family?: ObservedFamily;
  /** Source ids left out (leave-one-source-out folds). */
  exclude?: readonly string[];
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
  /** Requests left without a pair, `<operation>: <example>`: their answer could not be read, so no example pair names them. */
  'x-unpaired-requests'?: string[];
}

const KEY_ORDER = [
  '$ref',
  'allOf',
  'anyOf',
  'type',
  'description',
  'required',
  'properties',
  'items',
  'additionalProperties',
  'examples',
  'x-undocumented',
  'x-inferred',
  'x-observed',
];

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
  /** The top-level fields the operation's published request schema declares. */
  requestFields(operation: string): string[];
  /** The group (tag) the description lists the operation under. */
  groupOf(operation: string): string;
  /** The published description of a group's tag. */
  tagDescription(tag: string): string;
  /** The operation's `x-effect` in the published family (its path file). */
  effectOf(operation: string): 'read' | 'write';
  /** Whether the published operation cancels, removes or deletes something (`x-destructive`). */
  destructiveOf(operation: string): boolean;
  /** The published operation's step in a booking flow (`x-flow-role`), if it has one. */
  roleOf(operation: string): string | undefined;
}

function tagsOf(file: string): Map<string, string> {
  const tags = (readYaml(file) as Record<string, unknown> | null)?.['tags'];
  const entries = Array.isArray(tags) ? tags : [];
  return new Map(
    entries.flatMap((t: unknown) => {
      const tag = t as Record<string, unknown> | null;
      return typeof tag?.['name'] === 'string' ? [[tag['name'], String(tag['description'] ?? '')] as [string, string]] : [];
    }),
  );
}

function readPublished(specDir: string): Published {
  const catalog = loadCatalog(pathToFileURL(path.join(specDir, 'catalog.yaml')));
  const family = catalog.families.find((entry) => entry.name === FAMILY);
  const prefix = family?.prefixes[0];
  if (!family || prefix === undefined) throw new Error(`${catalog.source}: unexpected ${FAMILY} entry`);
  const operations = new Set(family.operations);
  const rootFile = path.join(specDir, FAMILY, 'openapi.yaml');
  const info = at(readYaml(rootFile), ['info'], rootFile) as Record<string, unknown>;
  const tags = tagsOf(rootFile);
  return {
    groupOf(operation) {
      const group = family.groups.find((g) => g.operations.includes(operation));
      if (group === undefined) throw new Error(`${catalog.source}: ${operation} is in no group of ${FAMILY}`);
      return group.name;
    },
    tagDescription(tag) {
      const description = tags.get(tag);
      if (description === undefined) throw new Error(`${rootFile}: no tag ${tag}`);
      return description;
    },
    prefix,
    operations,
    info: { title: String(info.title ?? ''), summary: String(info.summary ?? ''), description: String(info.description ?? '') },
    requestSchema(operation) {
      return path.basename(requestSchemaFile(specDir, operation), '.yaml');
    },
    requestFields(operation) {
      return declaredFields(requestSchemaFile(specDir, operation));
    },
    effectOf(operation) {
      const file = path.join(specDir, FAMILY, 'paths', `${operation}.yaml`);
      const effect = at(readYaml(file), ['post', 'x-effect'], file);
      if (effect !== 'read' && effect !== 'write') throw new Error(`${file}: x-effect is neither read nor write`);
      return effect;
    },
    destructiveOf(operation) {
      const file = path.join(specDir, FAMILY, 'paths', `${operation}.yaml`);
      return (readYaml(file) as { post?: { 'x-destructive'?: unknown } } | null)?.post?.['x-destructive'] === true;
    },
    roleOf(operation) {
      const file = path.join(specDir, FAMILY, 'paths', `${operation}.yaml`);
      const role = (readYaml(file) as { post?: { 'x-flow-role'?: unknown } } | null)?.post?.['x-flow-role'];
      return typeof role === 'string' ? role : undefined;
    },
  };
}

/** The schema file the operation's published request body refers to. */
function requestSchemaFile(specDir: string, operation: string): string {
  const file = path.join(specDir, FAMILY, 'paths', `${operation}.yaml`);
  const target = at(readYaml(file), ['post', 'requestBody', 'content', 'application/json', 'schema', '$ref'], file);
  if (typeof target !== 'string' || !target.endsWith('.yaml'))
    throw new Error(`${file}: the request schema is not a $ref to a schema file`);
  return path.resolve(path.dirname(file), target);
}

/** The property names a published schema file declares, with those of its `allOf` members (files followed). */
function declaredFields(file: string): string[] {
  const schema = readYaml(file) as Record<string, unknown> | null;
  const own = schema?.['properties'];
  const members = Array.isArray(schema?.['allOf']) ? (schema['allOf'] as unknown[]) : [];
  const fromMembers = members.flatMap((m) => {
    const member = m as Record<string, unknown> | null;
    const target = member?.['$ref'];
    if (typeof target === 'string') return target.endsWith('.yaml') ? declaredFields(path.resolve(path.dirname(file), target)) : [];
    return member && typeof member['properties'] === 'object' && member['properties'] !== null ? Object.keys(member['properties']) : [];
  });
  return [...new Set([...(typeof own === 'object' && own !== null ? Object.keys(own) : []), ...fromMembers])];
}

function jsonPathKey(key: string): string {
  return `['${key.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}

/** The bodies of one operation and direction, shaping sources first-listed first. */
function bodiesOf(sources: readonly Source[], op: string, body: Body): Array<{ source: Source; body: SourceBody }> {
  return sources.flatMap((source) => source.bodies.filter((b) => b.operation === op && b.body === body).map((b) => ({ source, body: b })));
}

/** `homologacao/<scenario>/<file>` → `<scenario>`; otherwise the source's id: the example's name. */
function exampleName(source: Source, from: string): string {
  const parts = from.split('/');
  return parts.length >= 3 && source.info.kind === 'captured traffic' && !source.info.recording
    ? (parts[parts.length - 2] as string)
    : source.info.id;
}

/** The operations the shaping sources saw, the first source's order first. */
function observedOperationsOf(sources: readonly Source[]): string[] {
  const out: string[] = [];
  for (const source of sources) for (const op of Object.keys(source.operations)) if (!out.includes(op)) out.push(op);
  return out;
}

/** The merged tree of one place over every source that saw it. */
function placeTree(sources: readonly Source[], op: string, body: Body, basePath = ''): FieldNode | undefined {
  const trees = sources.flatMap((s) => {
    const t = treeOf(s, op, body, basePath);
    return t ? [t] : [];
  });
  return trees.length > 0 ? mergeNodes(trees) : undefined;
}

/**
 * The operations an observed flavour may type (the V2 Portuguese catalogue), those the
 * legacy service lists, and the V2 seat and ancillary operations Part 4.1 declares fully
 * compatible with the legacy ones of the same name.
 */
export function catalogueOperations(
  specDir: string,
  v2: Set<string> = readPublished(specDir).operations,
): { v2: Set<string>; onLegacy: Set<string>; compatible: Set<string> } {
  const onLegacy = publishedLegacyOperations(specDir);
  return { v2, onLegacy, compatible: new Set([...v2].filter((op) => onLegacy.has(op))) };
}

export function buildOverlay(inputs: OverlayInputs): OverlayDocument {
  const family = inputs.family ?? FAMILY;
  const all = loadSources(inputs.evidenceDir, inputs.exclude ? { exclude: inputs.exclude } : {});
  const published = readPublished(inputs.specDir);
  const credentials = publishedCredentials(inputs.specDir);
  const behaviours = loadBehaviours(inputs.evidenceDir, inputs.exclude);
  const { onLegacy, compatible } = catalogueOperations(inputs.specDir, published.operations);
  // Code-derived sources and hand-written fixtures never shape a type (evidence/README.md);
  // a source shapes a flavour with the bodies its routes allow (routes.ts).
  const sources = all
    .filter((s) => s.shapesTypes)
    .map((s) => viewOf(s, family, compatible))
    .filter((s) => Object.keys(s.operations).length > 0);
  if (sources.length === 0) throw new Error('no source under evidence/ may shape a type');
  const routesFor = (op: string): Set<Route> => new Set(sources.flatMap((s) => [...routesOf(s, op)]));
  const inferred = (op: string): JsonObject => {
    const note = transferNote(family, op, routesFor(op), compatible);
    return note ? { 'x-inferred': note } : {};
  };
  const prefix = family === 'legacy' ? LEGACY_PREFIX : published.prefix;
  const operations = observedOperationsOf(sources);
  for (const op of operations) {
    if (!published.operations.has(op)) throw new Error(`${op} is observed but not an operation of ${FAMILY} in spec/catalog.yaml`);
  }

  const bodies = new Map(
    operations.map((op) => [op, { request: placeTree(sources, op, 'request'), response: placeTree(sources, op, 'response') }]),
  );

  // The node each named schema stands for: its places' trees merged.
  // The named schemas' places name their operations by flow role (`x-flow-role` of the published family).
  const named = namedSchemas(operations, (role) => {
    const found = [...published.operations].find((op) => published.roleOf(op) === role);
    if (found === undefined) throw new Error(`no operation of ${FAMILY} has x-flow-role ${role}`);
    return found;
  });
  const namedNodes = new Map<string, FieldNode>();
  const placeOwner = new Map<string, string>();
  const placeKey = (o: { operation: string; body: Body; path: string }): string => `${o.operation}\u0000${o.body}\u0000${o.path}`;
  for (const n of named) {
    if (n.places === 'every response body') {
      const only = new Set(n.only ?? []);
      const trees = operations.flatMap((op) => bodies.get(op)?.response ?? []);
      namedNodes.set(
        n.name,
        withProperties(mergeNodes(trees), (key) => only.has(key)),
      );
      continue;
    }
    const nodes = n.places.flatMap((p) => placeTree(sources, p.operation, p.body, p.path) ?? []);
    if (nodes.length === 0) continue;
    const node = mergeNodes(nodes);
    node.occurrences = node.occurrences.filter(structural);
    if (node.occurrences.length === 0) continue;
    namedNodes.set(n.name, node);
    for (const p of n.places) placeOwner.set(placeKey(p), observedName(family, n.name));
  }

  const ctx: SchemaContext = {
    sources: new Map(sources.map((s) => [s.info.id, s.info])),
    dateSchema: { request: family === 'legacy' ? 'DataLegada' : 'DataDeEntrada', response: observedName(family, RESPONSE_DATE) },
    namedFor(node) {
      const owners = new Set(node.occurrences.filter(structural).map((o) => placeOwner.get(placeKey(o))));
      if (owners.size !== 1) return undefined;
      return [...owners][0];
    },
  };

  const namedSchemaObjects: JsonObject = {};
  if (family === 'legacy') namedSchemaObjects.DataLegada = sharedSchema(inputs.specDir, 'DataLegada');
  namedSchemaObjects[observedName(family, RESPONSE_DATE)] = responseDateSchema(
    ctx,
    family,
    operations.flatMap((op) => bodies.get(op)?.response ?? []),
  );
  for (const n of named) {
    const node = namedNodes.get(n.name);
    if (node) namedSchemaObjects[observedName(family, n.name)] = namedSchemaObject(ctx, n, node);
  }

  const info = family === 'legacy' ? readLegacyInfo(inputs.specDir) : published.info;
  const unpaired: string[] = [];
  // The captured flows' lineage (evidence/flows): which request field an earlier answer fed.
  const flowsDir = path.join(inputs.evidenceDir, 'flows');
  const lineage = existsSync(flowsDir) ? computeLineage(readScenarios('', flowsDir)) : undefined;
  const actions: OverlayAction[] = [
    {
      target: '$.info',
      description: 'Label the document as the observed flavour, not the published contract.',
      update: {
        title: `${info.title} (observed flavour)`,
        summary: `Observed flavour: ${info.summary} Payloads typed from sanitized bodies of public integrations; not published by the provider.`,
        description: `${info.description.trimEnd()}\n\n${flavourNote(all, sources, operations, family, onLegacy)}\n\n${factsMarkdown(observedFacts(all, inputs.specDir))}`,
        'x-observed-sources': all.map((s) => sourceEntry(s)),
      },
    },
    {
      target: '$.components.schemas',
      description:
        'Schemas shared by the observed operations: the response envelope, the error in the body, the request parts and the response date.',
      update: namedSchemaObjects,
    },
  ];

  const addedPaths: JsonObject = {};
  for (const op of operations) {
    const pathKey = `$.paths${jsonPathKey(`${prefix}/${op}`)}.post`;
    const rq = observedName(family, `${op}RQObservado`);
    const rs = observedName(family, `${op}RSObservado`);
    const request = bodies.get(op)?.request;
    const response = bodies.get(op)?.response;
    const schemas: JsonObject = {};
    // Added on the legacy route (not listed there): the credentials every legacy body carries are its base.
    const added = family === 'legacy' && !onLegacy.has(op);
    if (request)
      schemas[rq] = narrowRequest(
        requestSchema(
          ctx,
          op,
          request,
          added ? undefined : { name: published.requestSchema(op), fields: published.requestFields(op) },
          inferred(op),
          credentials,
        ),
        namedSchemaObjects,
        behaviours,
        op,
      );
    if (request) chainDescriptions(schemas[rq] as JsonObject, op, lineage);
    if (response) schemas[rs] = narrowResponse(responseSchema(ctx, family, op, response, inferred(op)), behaviours, op);
    actions.push({ target: '$.components.schemas', description: `${op}: the observed request and response schemas.`, update: schemas });
    const requestExamples = examplesOf(sources, op, 'request');
    const responseExamples = examplesOf(sources, op, 'response');
    // A request whose answer could not be read (an import left it out) pairs with nothing: it is no example pair, and is named.
    for (const name of Object.keys(requestExamples))
      if (!(name in responseExamples)) {
        delete requestExamples[name];
        unpaired.push(`${op}: ${name}`);
      }
    // Recordings keep only answers of HTTP 200: their status was captured, the public sources' was not.
    const recordedOnly = bodiesOf(sources, op, 'response').every(({ source }) => source.info.recording !== undefined);
    const answer: JsonObject = {
      ...(response && recordedOnly
        ? {
            description:
              "The operation's answer as recorded with HTTP 200 in integrators' sanitized sandbox traffic (not published by the provider). Errors are reported in the body (`Exception`).",
          }
        : {
            description: `The operation's answer as observed in sanitized bodies of public integrations (not published by the provider). Errors are reported in the body (\`Exception\`); the HTTP status was not captured.`,
            'x-inferred': 'The HTTP status was not captured; 200 is assumed for an answered call, as in the published contract.',
          }),
      content: { 'application/json': { ...(response ? { schema: ref(rs) } : {}), examples: responseExamples } },
    };
    if (added) {
      const observed = observedRecord(ctx, operationPlaces(request, response), true);
      const tag = published.groupOf(op);
      addedPaths[`${prefix}/${op}`] = {
        post: legacyOperation(
          op,
          tag,
          published.effectOf(op),
          published.destructiveOf(op),
          published.roleOf(op),
          observed,
          request ? ref(rq) : legacyCredentials(credentials),
          requestExamples,
          answer,
        ),
      };
      continue;
    }
    actions.push(
      {
        target: `${pathKey}.requestBody.content${jsonPathKey('application/json')}`,
        description: `${op}: type the request body by the observed schema and give the observed example.`,
        update: { ...(request ? { schema: ref(rq) } : {}), examples: requestExamples },
      },
      {
        target: `${pathKey}.responses${jsonPathKey('200')}`,
        description: `${op}: describe the answer by the observed schema, with the observed example.`,
        update: answer,
      },
      {
        target: `${pathKey}.responses${jsonPathKey('200')}${jsonPathKey('$ref')}`,
        description: `${op}: drop the published reference to the unpublished result, now described in place.`,
        remove: true,
      },
    );
  }
  if (family === 'legacy' && Object.keys(addedPaths).length > 0) {
    const used = [...new Set(operations.filter((op) => !onLegacy.has(op)).map((op) => published.groupOf(op)))];
    actions.push({
      // Overlay 1.0 merges an update of `$` into the root, appending to its arrays: the only way to add tags.
      target: '$',
      description: `The tags of the observed operations: the V2 groups of the same names, which the provider does not list on \`${LEGACY_SERVICE}\`.`,
      update: { tags: used.map((name) => legacyTag(name, published.tagDescription(name))) },
    });
    actions.push({
      target: '$.paths',
      description: `The observed operations on the route the captures were taken on (\`${LEGACY_SERVICE}/<Operation>\`); the provider does not list them on the legacy service.`,
      update: addedPaths,
    });
  }

  actions.push(...behaviourActions(behaviours, prefix, operations));

  const ids = sources.map((s) => `${s.info.id} (${s.info.origin})`).join(', ');
  return {
    overlay: '1.0.0',
    info: {
      title: `Observed flavour of the ${family} contract`,
      version: sources.map((s) => s.info.stamp).join('+'),
      description: [
        `Generated by \`node scripts/observed/generate.ts${family === 'legacy' ? ' --family legacy' : ''}\` from \`evidence/\` (the sources that shape types: ${ids}) and the published \`spec/\`. Do not edit: regenerate.`,
        `Apply it to the published bundle \`generated/${family}/openapi.yaml\` with \`node scripts/observed/apply.ts\` (openapi-format) to get \`generated/${family}-observed/openapi.yaml\`.`,
        'It only adds: schemas typed from the observations, each with an `x-observed` record (captures seen of captures, counting captures in which the path occurred, even as null, then the same per source, by the id `info.x-observed-sources` describes: kind, repository, commit), the example bodies, and the observed operations. The rules (docs/observed.md, "Rules that generalise"): no `required`, no `integer` and no non-null claim resting on a single source; a field seen null in any source is nullable; a field seen in one source only is typed but optional; no request property is made required beyond the published ones (a capture shows what one client sent, not what the service demands); no value list is an enum; objects stay open (`additionalProperties: true`) because a few captures cannot prove that other fields never come.',
      ].join('\n\n'),
    },
    extends: `../../generated/${family}/openapi.yaml`,
    actions,
    ...(unpaired.length > 0 ? { 'x-unpaired-requests': unpaired } : {}),
  };
}

/** The document's record of one source: what the ids in `x-observed` records stand for. */
function sourceEntry(s: Source): JsonObject {
  const { repository, url, commit, commitDate, recording } = s.info;
  const origin: JsonObject =
    repository !== undefined && url !== undefined && commit !== undefined && commitDate !== undefined
      ? { repository, url, commit, commitDate }
      : { recording: { tool: (recording?.tool ?? null) as Json, ended: recording?.ended ?? null, sha256: recording?.sha256 ?? null } };
  return {
    source: s.info.id,
    kind: s.info.kind,
    shapesTypes: s.shapesTypes,
    ...origin,
    captures: s.captures,
    evidence: `evidence/${s.info.id}/`,
  };
}

/**
 * An observed request field the captured flows fed from an earlier answer says so in its
 * description (`From Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem.`), the lineage's
 * most threaded source first: the chain reaches the bundles, the types, the pages and the MCP tools.
 */
function chainDescriptions(schema: JsonObject, op: string, lineage: Lineage | undefined): void {
  if (!lineage) return;
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonObject[]) : [schema];
  for (const part of parts) {
    const properties = part.properties;
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) continue;
    for (const [field, property] of Object.entries(properties as JsonObject)) {
      if (typeof property !== 'object' || property === null || Array.isArray(property)) continue;
      const rows = lineage.summary.filter((r) => r.request === op && r.field === field);
      if (rows.length === 0) continue;
      const from = rows.map((r) => `${r.fromOperation}: ${r.fromField}`).join('; or ');
      const chain = `From ${from} (the captured certification flows thread it so; observed, not published).`;
      const node = property as JsonObject;
      node.description = typeof node.description === 'string' && node.description !== '' ? `${chain} ${node.description}` : chain;
    }
  }
}

/**
 * Every body of an operation as a named example, one per source (the first capture of each).
 * A request that another source already sent with the same values is left out: the two would
 * match exactly the same calls, so the mock could never answer the second pair (pairs-check.ts).
 */
function examplesOf(sources: readonly Source[], op: string, body: Body): JsonObject {
  const out: JsonObject = {};
  const seen = new Set<string>();
  const requests = new Set<string>();
  for (const { source, body: b } of bodiesOf(sources, op, body)) {
    if (seen.has(source.info.id)) continue;
    seen.add(source.info.id);
    if (body === 'request') {
      const read = conditionsOf(b.value);
      const key = read.ok ? conditionKey(read.conditions) : undefined;
      if (key !== undefined && requests.has(key)) continue;
      if (key !== undefined) requests.add(key);
    }
    const hasException =
      body === 'response' &&
      typeof b.value === 'object' &&
      b.value !== null &&
      typeof (b.value as { Exception?: unknown }).Exception === 'object' &&
      (b.value as { Exception?: unknown }).Exception !== null;
    const what = source.info.kind === 'captured traffic' ? 'sanitized sandbox capture' : `sanitized ${source.info.kind}`;
    out[exampleName(source, b.from)] = {
      summary:
        body === 'request'
          ? `Observed request (${what})`
          : hasException
            ? `Observed error, reported in the body (${what})`
            : `Observed answer (${what})`,
      description: source.info.recording
        ? `\`${b.from}\` of ${source.info.origin}, sanitized before it was written (evidence/${source.info.id}/). Seen on ${b.route ? routeName(b.route) : source.info.route}; not published by the provider.`
        : `\`${b.from}\` of ${source.info.repository} at commit ${source.info.commit}, sanitized (evidence/${source.info.id}/), ${source.info.kind === 'captured traffic' ? 'every array cut to its first 2 items' : 'as quoted there'}. Seen on the legacy route; not published by the provider.`,
      value: b.value as Json,
    };
  }
  return out;
}

/** A schema of spec/shared/schemas/, as written there (a legacy flavour needs the date token). */
function sharedSchema(specDir: string, name: string): JsonObject {
  const file = path.join(specDir, 'shared', 'schemas', `${name}.yaml`);
  const value = readYaml(file);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file}: not a schema`);
  return value as JsonObject;
}

function readLegacyInfo(specDir: string): { title: string; summary: string; description: string } {
  const rootFile = path.join(specDir, 'legacy', 'openapi.yaml');
  const info = at(readYaml(rootFile), ['info'], rootFile) as Record<string, unknown>;
  return { title: String(info.title ?? ''), summary: String(info.summary ?? ''), description: String(info.description ?? '') };
}

/**
 * Part 2.1 and 4.4: every body of the legacy service carries Login and Senha (published
 * components); the rest of the body is not published, so the object is open and says so.
 */
function legacyCredentials(credentials: PublishedCredentials): JsonObject {
  const credential = (component: string): JsonObject => ({ ...ref(component), 'x-source': '2.1, 4.4' });
  return {
    type: 'object',
    description:
      'The agency credentials, which travel in every body of the legacy service (Parts 2.1 and 4.4) and are exact here; every other field of the body is not published, so it stays open.',
    required: credentials.required,
    properties: Object.fromEntries(credentials.fields.map(({ name, component }) => [name, credential(component)])),
    additionalProperties: true,
    'x-undocumented': true,
    'x-source': '2.1, 4.4',
  };
}

/** A V2 group's tag on the legacy observed flavour, saying it is observed there. */
function legacyTag(name: string, v2Description: string): JsonObject {
  return {
    name,
    description: `${v2Description.trim()} Observed on \`${LEGACY_SERVICE}\`: public integrations call these V2 operation names there; the provider does not list them on the legacy service.`,
  };
}

/**
 * An operation added on the legacy route: tagged with its V2 group, and marked
 * `x-observed` (the record its bodies' schemas carry) since the provider does not list it there.
 */
function legacyOperation(
  op: string,
  tag: string,
  effect: 'read' | 'write',
  destructive: boolean,
  role: string | undefined,
  observed: JsonObject,
  requestSchemaRef: JsonObject,
  requestExamples: JsonObject,
  answer: JsonObject,
): JsonObject {
  return {
    operationId: op,
    tags: [tag],
    summary: `${op} (observed on the legacy route)`,
    deprecated: true,
    'x-replaced-by': { operationId: op, path: `/api/V2/Voos/${op}` },
    description: [
      `Observed, not published: the provider does not list \`${op}\` on the legacy service; public integrations call it at \`POST {legacy_base_url}/${LEGACY_SERVICE}/${op}\` and their sanitized bodies type it here.`,
      `**Deprecated.** The legacy \`${LEGACY_SERVICE}\` is kept for existing integrations only. The V2 Portuguese operation of the same name (\`POST {base_url}/api/V2/Voos/${op}\`) replaces it (Part 9, rule 1).`,
    ].join('\n\n'),
    requestBody: { required: true, content: { 'application/json': { schema: requestSchemaRef, examples: requestExamples } } },
    responses: { '200': answer, default: { $ref: '#/components/responses/ErroNaoPublicado' } },
    'x-observed': observed,
    'x-effect': effect,
    'x-effect-inferred': `Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: ${effect === 'read' ? 'it only reads' : 'it may book, issue, cancel or change something'}.`,
    ...(destructive ? { 'x-destructive': true } : {}),
    ...(role === undefined
      ? {}
      : {
          'x-flow-role': role,
          'x-flow-role-inferred':
            'Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), whose step in a booking flow is inferred (spec/extensions.md).',
        }),
  };
}

function flavourNote(
  all: readonly Source[],
  shaping: readonly Source[],
  operations: string[],
  family: ObservedFamily,
  onLegacy: ReadonlySet<string>,
): string {
  const inPlace = operations.filter((op) => onLegacy.has(op));
  const listed = all.filter((s) => !s.shapesTypes);
  const recorded = shaping.some((s) => s.info.recording !== undefined);
  return [
    '## Observed flavour',
    `This is **not** the provider's published contract. It is the published contract plus the payloads of ${operations.length} operations (${operations.map((o) => `\`${o}\``).join(', ')}) as seen in sanitized bodies of ${shaping.length} independent ${recorded ? 'source' : 'public integration'}${shaping.length === 1 ? '' : 's'}${recorded ? " (public integrations and integrators' sandbox recordings)" : ` of the legacy service (\`${LEGACY_SERVICE}\`)`}: ${shaping.map((s) => `${s.info.id} (${s.info.kind}, ${s.captures} capture${s.captures === 1 ? '' : 's'}, ${s.info.recording ? s.info.origin : `${s.info.repository} at commit ${s.info.commit}`})`).join('; ')}.${listed.length > 0 ? ` Also listed, without shaping a type: ${listed.map((s) => `${s.info.id} (${s.info.kind}, ${s.info.repository ?? s.info.origin})`).join('; ')}.` : ''}`,
    'A claim that narrows what an answer may be (`required`, `integer`, non-null) rests on at least two sources; a field seen in one source only is typed but optional and nullable. Every observed schema carries `x-observed` with how often it was seen, in how many sources, and where.',
    family === 'legacy'
      ? `The operations are added on \`${LEGACY_SERVICE}/<Operation>\`, where the bodies were taken; each names its V2 replacement (\`x-replaced-by\`).${inPlace.length > 0 ? ` The seat and ancillary operations the legacy service lists (${inPlace.map((o) => `\`${o}\``).join(', ')}) are typed in place; Part 4.1 declares the V2 ones fully compatible, so bodies of either route type them (\`x-inferred\`).` : ''} Fields, values and messages may differ for other agencies, suppliers or production, and absence here proves nothing.`
      : 'The transfer from the legacy route to this one is an inference (`x-inferred`): the migration rules keep the operation names. Fields, values and messages may differ for other agencies, suppliers or production, and absence here proves nothing.',
  ].join('\n\n');
}

function namedSchemaObject(ctx: SchemaContext, n: NamedSchema, node: FieldNode): JsonObject {
  const schema = nodeSchema(ctx, node, true);
  return ordered({
    ...schema,
    description: `${n.description} ${String(schema.description ?? '')}`.trim(),
    'x-observed': observedRecord(ctx, node.occurrences, true),
  });
}

/** The root occurrences of a tree: one per source that saw the body. */
function rootPlaces(node: FieldNode): Occurrence[] {
  return node.occurrences;
}

/**
 * The body roots that count an operation's calls: per source, the direction seen more
 * often (request or answer), so that a call seen both ways counts once.
 */
function operationPlaces(request: FieldNode | undefined, response: FieldNode | undefined): Occurrence[] {
  const all = [...(request ? rootPlaces(request) : []), ...(response ? rootPlaces(response) : [])];
  const calls = (list: readonly Occurrence[]): number => list.reduce((n, o) => n + o.stats.of, 0);
  return [...new Set(all.map((o) => o.source))].flatMap((source) => {
    const sent = all.filter((o) => o.source === source && o.body === 'request');
    const answered = all.filter((o) => o.source === source && o.body === 'response');
    return calls(answered) >= calls(sent) ? answered : sent;
  });
}

/** The credential fields of every published V2 body (Part 5), in the spec's order: each name with its component, and those required. */
interface PublishedCredentials {
  fields: Array<{ name: string; component: string }>;
  required: string[];
}

/** Read from the published body every V2 call shares, its fields with `x-credential` (the index's rule, before the index is built). */
function publishedCredentials(specDir: string): PublishedCredentials {
  const file = path.join(specDir, 'shared', 'schemas', 'RequisicaoComCredenciais.yaml');
  const schema = readYaml(file) as { properties?: Record<string, { $ref?: unknown }>; required?: unknown } | null;
  const fields = Object.entries(schema?.properties ?? {}).flatMap(([name, property]) => {
    if (typeof property.$ref !== 'string') return [];
    const target = readYaml(path.resolve(path.dirname(file), property.$ref)) as { 'x-credential'?: unknown } | null;
    return target?.['x-credential'] === undefined ? [] : [{ name, component: path.basename(property.$ref, '.yaml') }];
  });
  if (fields.length === 0) throw new Error(`${file}: no property with x-credential`);
  const names = new Set(fields.map((f) => f.name));
  const required = Array.isArray(schema?.required) ? schema.required.filter((n): n is string => typeof n === 'string' && names.has(n)) : [];
  return { fields, required };
}

/**
 * The observed fields as an `allOf` member of their own, beside the published base: the same
 * meaning as fields written beside `allOf`, which some generators drop (openapi-zod-client,
 * openapi-typescript-codegen) while every one reads a member.
 */
function besidePublished(base: JsonObject, schema: JsonObject): JsonObject[] {
  const { description: _description, 'x-observed': _observed, 'x-inferred': _inferred, ...fields } = schema;
  return [
    base,
    ordered({ ...fields, description: 'The fields seen in sanitized bodies; not published by the provider, so others stay allowed.' }),
  ];
}

function capturesIn(node: FieldNode): number {
  return rootPlaces(node).reduce((n, o) => n + o.stats.of, 0);
}

function requestSchema(
  ctx: SchemaContext,
  op: string,
  node: FieldNode,
  published: { name: string; fields: string[] } | undefined,
  inferred: JsonObject,
  credentials: PublishedCredentials,
): JsonObject {
  // Published in every V2 body (Part 5): typed by the published schema through `allOf`, never re-declared.
  const credentialNames = credentials.fields.map((f) => f.name);
  // A field the published schema declares is typed by it alone: re-declared beside it through
  // `allOf`, an observed `[string, null]` would still refuse null while its text said "null stays
  // allowed", and generators that merge the two types (openapi-python-client) give up.
  const publishedFields = published?.fields ?? [];
  const seenPublished = [...node.properties.keys()].filter((key) => publishedFields.includes(key) && !credentialNames.includes(key));
  const schema = nodeSchema(
    ctx,
    withProperties(node, (key) => !credentialNames.includes(key) && !publishedFields.includes(key)),
    true,
  );
  const captures = capturesIn(node);
  const base = published ? ref(published.name) : legacyCredentials(credentials);
  const baseName = published
    ? `The published schema (\`${published.name}\`)`
    : 'The published credentials (Login and Senha in every body, Part 4.4)';
  const typedByPublished =
    seenPublished.length > 0
      ? ` Fields it declares and the bodies hold (${seenPublished.map((k) => `\`${k}\``).join(', ')}) are typed by it alone, as published (null only where it allows null), and not re-declared here.`
      : '';
  return ordered({
    allOf: besidePublished(base, schema),
    description: `Request body of \`${op}\` as seen in ${captures} sanitized bodies; not published by the provider. ${baseName} still applies through \`allOf\`.${typedByPublished} The observed fields are typed but none is made required: a capture shows what one client chose to send, not what the service demands (\`x-observed\` tells how often each was sent). Other fields stay allowed.`,
    ...inferred,
    'x-observed': observedRecord(ctx, rootPlaces(node), true),
  });
}

function responseSchema(ctx: SchemaContext, family: ObservedFamily, op: string, node: FieldNode, inferred: JsonObject): JsonObject {
  const own = withProperties(node, (key) => !(ENVELOPE_KEYS as readonly string[]).includes(key));
  const schema = nodeSchema(ctx, own, true);
  const captures = capturesIn(node);
  const exceptionTypes = new Set(node.properties.get('Exception')?.occurrences.flatMap((o) => o.stats.types) ?? []);
  const allErrors = exceptionTypes.size === 1 && exceptionTypes.has('object');
  return ordered({
    allOf: besidePublished(ref(observedName(family, ENVELOPE)), schema),
    description: [
      `Answer of \`${op}\` as seen in ${captures} sanitized bodies; not published by the provider. The envelope (\`${observedName(family, ENVELOPE)}\`) comes through \`allOf\`; the observed fields are typed, others stay allowed.`,
      allErrors ? 'Every capture of this operation reported an error in `Exception`, so its result fields were seen only as null.' : '',
    ]
      .filter(Boolean)
      .join(' '),
    ...inferred,
    'x-observed': observedRecord(ctx, rootPlaces(node), true),
  });
}

/** Dates in responses: the observed token (`DataLegada`), or on V2 also ISO 8601 as V2 publishes. */
function responseDateSchema(ctx: SchemaContext, family: ObservedFamily, responses: FieldNode[]): JsonObject {
  // `Data` (server time) is in every answer: its token occurrences stand for the date form seen.
  const dates = responses.flatMap((r) => r.properties.get('Data')?.occurrences.filter((o) => o.stats.dateToken === true) ?? []);
  if (family === 'legacy') {
    return {
      description: `A date in an observed answer of the legacy service: the token \`/Date(ms±hhmm)/\` (\`DataLegada\`), the .NET "no date" token \`${NO_DATE_TOKEN}\` (year 0001) among them where there is no date.`,
      allOf: [ref('DataLegada')],
      'x-observed': observedRecord(ctx, dates),
    };
  }
  return {
    // `string` beside `anyOf`: both branches are strings, and generators then type it so (NSwag made an empty class of it).
    type: 'string',
    description: `A date in an observed answer. The captures (legacy route) carry the legacy token \`/Date(ms±hhmm)/\` (\`DataLegada\`), the .NET "no date" token \`${NO_DATE_TOKEN}\` (year 0001) among them where there is no date; the V2 route serializes dates in ISO 8601 \`YYYY-MM-DDTHH:mm:ss\` (Part 9), so both forms are accepted.`,
    anyOf: [ref('DataLegada'), ref('DataHora')],
    'x-inferred':
      'The ISO 8601 branch is what the description says V2 responses use (Part 9); the token branch is what the captures of the legacy route show.',
    'x-observed': observedRecord(ctx, dates),
  };
}

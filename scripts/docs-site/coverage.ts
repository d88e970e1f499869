// Coverage of a bundled OpenAPI document: for every operation, how much of its
// request and of its response the provider publishes, read from the
// `x-undocumented` markers (spec/extensions.md). A pure function of the document,
// so the docs site, tests and later tools (the observed overlay) share one answer.
//
// Rules, from spec/extensions.md, applied to a request or response schema:
//   no marker anywhere                  -> documented
//   marker, with published properties   -> partly documented
//   marker, no property                 -> not published
// A schema without a marker whose parts carry one (a documented wrapper around an
// open result, an array of open objects, a $ref or allOf to a marked schema) takes
// its state from those parts. A field whose name is published but whose type is not
// is a $ref to the one schema UNTYPED_SCHEMA (a convention of spec/extensions.md): it
// counts as a part that is not published, so its parent is partly documented. An operation without a body (no requestBody, or a
// response without content) is `absent`. New states (e.g. "observed only") are added
// to COVERAGE_STATES and to the classification, and every count follows.

import { deref, isObject, listOperations, pointerToken, type JsonObject } from './openapi.ts';

export const UNDOCUMENTED_MARKER = 'x-undocumented';
/** The shared schema every untyped field refers to (spec/extensions.md). */
export const UNTYPED_SCHEMA = '#/components/schemas/TipoNaoPublicado';

export const COVERAGE_STATES = ['documented', 'partial', 'unpublished', 'absent'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

export const COVERAGE_LABELS: Readonly<Record<CoverageState, string>> = {
  documented: 'Documented',
  partial: 'Partly documented',
  unpublished: 'Not published',
  absent: 'No body',
};

export interface PartCoverage {
  state: CoverageState;
  /**
   * Where the unpublished parts are, as JSON pointers in document order: the schemas
   * that carry the marker, fields that refer to UNTYPED_SCHEMA, and media types
   * given without a schema.
   */
  markers: string[];
}

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  deprecated: boolean;
  request: PartCoverage;
  response: PartCoverage;
}

export type StateCounts = Record<CoverageState, number>;

export interface CoverageCounts {
  operations: number;
  request: StateCounts;
  response: StateCounts;
}

export interface DocumentCoverage {
  operations: OperationCoverage[];
  counts: CoverageCounts;
}

export function emptyCounts(): StateCounts {
  return Object.fromEntries(COVERAGE_STATES.map((s) => [s, 0])) as StateCounts;
}

/** One state for several parts: equal states stay, anything mixed is partial. */
export function combineStates(states: readonly CoverageState[]): CoverageState {
  const present = states.filter((s) => s !== 'absent');
  if (present.length === 0) return 'absent';
  const first = present[0] as CoverageState;
  return present.every((s) => s === first) ? first : 'partial';
}

interface Walk {
  doc: unknown;
  markers: string[];
  /** Refs on the current path, to stop at recursive schemas. */
  stack: Set<string>;
}

function hasEntries(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length > 0;
}

function classify(walk: Walk, raw: unknown, pointer: string): CoverageState {
  if (!isObject(raw)) return 'documented'; // `true`/`false` schemas carry no marker
  let node: JsonObject = raw;
  let here = pointer;
  const members: Array<[unknown, string]> = [];
  if (typeof raw.$ref === 'string') {
    const ref = raw.$ref;
    if (ref === UNTYPED_SCHEMA) {
      walk.markers.push(pointer);
      return 'unpublished';
    }
    if (walk.stack.has(ref)) return 'documented'; // a recursion adds nothing new
    const siblings = Object.keys(raw).filter((k) => k !== '$ref');
    if (siblings.length === 0) {
      walk.stack.add(ref);
      try {
        return classify(walk, deref(walk.doc, raw).node, ref);
      } finally {
        walk.stack.delete(ref);
      }
    }
    // OpenAPI 3.1: keywords beside $ref apply too; the target is one more member.
    members.push([{ $ref: ref }, ref]);
    node = raw;
    here = pointer;
  }

  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list)) for (const [i, m] of list.entries()) members.push([m, `${here}/${keyword}/${i}`]);
  }
  const children: Array<[unknown, string]> = [];
  if (isObject(node.items)) children.push([node.items, `${here}/items`]);
  if (Array.isArray(node.prefixItems)) for (const [i, m] of node.prefixItems.entries()) children.push([m, `${here}/prefixItems/${i}`]);
  const properties: Array<[unknown, string]> = [];
  for (const keyword of ['properties', 'patternProperties'] as const) {
    const map = node[keyword];
    if (isObject(map)) for (const [name, s] of Object.entries(map)) properties.push([s, `${here}/${keyword}/${pointerToken(name)}`]);
  }
  if (isObject(node.additionalProperties)) properties.push([node.additionalProperties, `${here}/additionalProperties`]);

  const marked = node[UNDOCUMENTED_MARKER] === true;
  if (marked) walk.markers.push(here);

  const memberStates = members.map(([m, p]) => classify(walk, m, p));
  const childStates = children.map(([m, p]) => classify(walk, m, p));
  const propertyStates = properties.map(([m, p]) => classify(walk, m, p));
  const ownProperties = hasEntries(node.properties) || hasEntries(node.patternProperties);

  if (marked) {
    // Open object: partly documented as soon as anything inside it is published.
    const publishedInside = ownProperties || [...memberStates, ...childStates].some((s) => s !== 'unpublished');
    return publishedInside ? 'partial' : 'unpublished';
  }
  if (ownProperties) {
    // Published fields: documented only if every part is.
    return [...memberStates, ...childStates, ...propertyStates].every((s) => s === 'documented') ? 'documented' : 'partial';
  }
  const parts = [...memberStates, ...childStates, ...propertyStates];
  return parts.length === 0 ? 'documented' : combineStates(parts);
}

/** Coverage of one schema (request or response body) inside `doc`. */
export function classifySchema(doc: unknown, schema: unknown, pointer = '#'): PartCoverage {
  const walk: Walk = { doc, markers: [], stack: new Set() };
  const state = classify(walk, schema, pointer);
  return { state, markers: [...new Set(walk.markers)] };
}

/** A request body or response: every media type's schema, combined. */
function classifyBody(doc: unknown, raw: unknown, pointer: string): PartCoverage {
  const { node, ref } = deref(doc, raw);
  const here = ref ?? pointer;
  if (!isObject(node) || !isObject(node.content) || Object.keys(node.content).length === 0) {
    return { state: 'absent', markers: [] };
  }
  const parts: PartCoverage[] = Object.entries(node.content).map(([mediaType, media]) => {
    const mediaPointer = `${here}/content/${pointerToken(mediaType)}`;
    // A media type without a schema says a body exists but not its shape.
    if (!isObject(media) || media.schema === undefined) return { state: 'unpublished', markers: [mediaPointer] };
    return classifySchema(doc, media.schema, `${mediaPointer}/schema`);
  });
  return merge(parts);
}

function merge(parts: readonly PartCoverage[]): PartCoverage {
  return {
    state: combineStates(parts.map((p) => p.state)),
    markers: [...new Set(parts.flatMap((p) => p.markers))],
  };
}

/** The success responses (2xx) tell what a call returns; without any, every response does. */
function classifyResponses(doc: unknown, operation: JsonObject, pointer: string): PartCoverage {
  const { node: responses } = deref(doc, operation.responses);
  if (!isObject(responses)) return { state: 'absent', markers: [] };
  const codes = Object.keys(responses);
  const success = codes.filter((c) => /^2(\d\d|XX)$/i.test(c));
  const chosen = success.length > 0 ? success : codes;
  if (chosen.length === 0) return { state: 'absent', markers: [] };
  return merge(chosen.map((code) => classifyBody(doc, responses[code], `${pointer}/responses/${pointerToken(code)}`)));
}

export function countCoverage(operations: readonly OperationCoverage[]): CoverageCounts {
  const counts: CoverageCounts = { operations: operations.length, request: emptyCounts(), response: emptyCounts() };
  for (const op of operations) {
    counts.request[op.request.state] += 1;
    counts.response[op.response.state] += 1;
  }
  return counts;
}

/** Coverage of every operation of a bundled document, with counts. */
export function computeCoverage(doc: unknown): DocumentCoverage {
  const operations = listOperations(doc).map((entry): OperationCoverage => {
    const request =
      entry.operation.requestBody === undefined
        ? { state: 'absent' as const, markers: [] }
        : classifyBody(doc, entry.operation.requestBody, `${entry.pointer}/requestBody`);
    return {
      operationId: entry.operationId,
      method: entry.method,
      path: entry.path,
      tags: entry.tags,
      deprecated: entry.deprecated,
      request,
      response: classifyResponses(doc, entry.operation, entry.pointer),
    };
  });
  return { operations, counts: countCoverage(operations) };
}

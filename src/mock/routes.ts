// The mock's route table, read from the families' bundles: what the front needs to
// route a request by its exact path (a Map lookup, not Prism's scoring of every
// operation), to check its developer headers, and to say what an operation declares.
import type { IncomingHttpHeaders } from 'node:http';
import { isObject, followRefs, type JsonObject } from '../lib/refs.ts';
import type { FamilyDocument } from './join.ts';
import { documentPairsOf, type ExamplePair, requestExamplesOf } from './pairs.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface MockOperation {
  family: string;
  operationId: string;
  method: string;
  /** The path as the document writes it (templated segments kept). */
  template: string;
  /** The document the operation comes from: its components resolve the schema's refs. */
  doc: JsonObject;
  bodySchema?: unknown;
  bodyRequired: boolean;
  /** Media types the request body declares. */
  mediaTypes: string[];
  /** Alternatives of header names (apiKey schemes in headers): one alternative must be fully present. */
  securityHeaders: string[][];
  /** Status codes the responses declare explicitly (`default` is not a status). */
  declaredStatuses: number[];
  /** Names of the examples of each declared status's JSON answer. */
  exampleNames: Map<number, string[]>;
  /** Every response as declared (`200`, `2XX`, `default`), with its media types and their schemas. */
  responses: ResponseSpec[];
  /** The document's named example pairs (pairs.ts), in document order: empty for most operations. */
  pairs: readonly ExamplePair[];
}

export interface ResponseSpec {
  code: string;
  contents: Array<{ mediaType: string; schema?: unknown }>;
}

export interface RouteMatch {
  /** Operations at this path, by lower-case method. */
  byMethod: Map<string, MockOperation>;
}

function securityHeadersOf(doc: JsonObject, op: JsonObject): string[][] {
  const requirements = (op.security ?? doc.security) as unknown;
  if (!Array.isArray(requirements)) return [];
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  return requirements.filter(isObject).map((requirement) =>
    Object.keys(requirement).flatMap((name) => {
      const scheme = followRefs(doc, schemes[name]);
      return isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string'
        ? [scheme.name.toLowerCase()]
        : [];
    }),
  );
}

function operationOf(family: string, doc: JsonObject, template: string, method: string, op: JsonObject): MockOperation {
  const body = followRefs(doc, op.requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content : {};
  const json = followRefs(doc, content['application/json']);
  const responses = isObject(op.responses) ? op.responses : {};
  const declaredStatuses: number[] = [];
  const exampleNames = new Map<number, string[]>();
  const specs: ResponseSpec[] = [];
  for (const [key, value] of Object.entries(responses)) {
    const declared = followRefs(doc, value);
    const declaredContent = isObject(declared) && isObject(declared.content) ? declared.content : {};
    specs.push({
      code: key,
      contents: Object.entries(declaredContent).map(([mediaType, media]) => {
        const resolved = followRefs(doc, media);
        return isObject(resolved) && resolved.schema !== undefined ? { mediaType, schema: resolved.schema } : { mediaType };
      }),
    });
    if (!/^\d{3}$/.test(key)) continue;
    const status = Number(key);
    declaredStatuses.push(status);
    const response = followRefs(doc, value);
    const media = isObject(response) && isObject(response.content) ? followRefs(doc, response.content['application/json']) : undefined;
    exampleNames.set(status, isObject(media) && isObject(media.examples) ? Object.keys(media.examples) : []);
  }
  return {
    family,
    operationId: String(op.operationId ?? ''),
    method,
    template,
    doc,
    ...(isObject(json) && json.schema !== undefined ? { bodySchema: json.schema } : {}),
    bodyRequired: isObject(body) && body.required === true,
    mediaTypes: Object.keys(content),
    securityHeaders: securityHeadersOf(doc, op),
    declaredStatuses: declaredStatuses.sort((a, b) => a - b),
    exampleNames,
    responses: specs,
    pairs: documentPairsOf(requestExamplesOf(doc, op), exampleNames),
  };
}

/** A header given with something in it (blanks are nothing). */
function present(value: string | string[] | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && String(value).trim() !== '';
}

/** The header names of the first security alternative the request fails, or undefined when one holds. */
export function missingSecurityHeaders(op: MockOperation, headers: IncomingHttpHeaders): { missing: string[]; all: string[] } | undefined {
  if (op.securityHeaders.length === 0) return undefined;
  // The common call holds every header: nothing is allocated to find that out.
  if (op.securityHeaders.some((alternative) => alternative.every((name) => present(headers[name])))) return undefined;
  const alternative = op.securityHeaders[0]!;
  return { missing: alternative.filter((name) => !present(headers[name])), all: alternative };
}

/** A path template as a whole-path pattern: a `{parameter}` matches one segment. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** Edit distance, bounded work: both strings are a path's last segment or a short path. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

export class RouteTable {
  private readonly exact = new Map<string, RouteMatch>();
  private readonly templated: Array<{ pattern: RegExp; match: RouteMatch }> = [];
  readonly operations: MockOperation[] = [];
  /** Each named schema's pattern and the form its description gives it (`YYYY-MM-DD`). */
  readonly patternForms = new Map<string, string>();

  constructor(families: FamilyDocument[]) {
    for (const { id, doc } of families) {
      const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
      for (const schema of Object.values(schemas)) {
        if (!isObject(schema) || typeof schema.pattern !== 'string') continue;
        const described = typeof schema.description === 'string' ? /`([^`]+)`/.exec(schema.description)?.[1] : undefined;
        const example = Array.isArray(schema.examples) && typeof schema.examples[0] === 'string' ? schema.examples[0] : undefined;
        this.patternForms.set(schema.pattern, described ?? example ?? schema.pattern);
      }
      const paths = isObject(doc.paths) ? doc.paths : {};
      for (const [template, item] of Object.entries(paths)) {
        const resolved = followRefs(doc, item);
        if (!isObject(resolved)) continue;
        const byMethod = new Map<string, MockOperation>();
        for (const method of METHODS) {
          const op = followRefs(doc, resolved[method]);
          if (isObject(op)) byMethod.set(method, operationOf(id, doc, template, method, op));
        }
        this.operations.push(...byMethod.values());
        if (template.includes('{')) this.templated.push({ pattern: templatePattern(template), match: { byMethod } });
        else this.exact.set(template, { byMethod });
      }
    }
  }

  lookup(pathname: string): RouteMatch | undefined {
    const exact = this.exact.get(pathname);
    if (exact) return exact;
    for (const { pattern, match } of this.templated) if (pattern.test(pathname)) return match;
    return undefined;
  }

  /**
   * The operations whose path is closest to this one: the same prefix first, then the
   * nearest last segment. Only the first 200 characters are compared (bounded work).
   */
  closest(pathname: string, count = 3): string[] {
    const wanted = pathname.slice(0, 200);
    const cut = wanted.lastIndexOf('/');
    const prefix = wanted.slice(0, cut + 1).toLowerCase();
    const name = wanted.slice(cut + 1).toLowerCase();
    return this.operations
      .map((op) => {
        const opCut = op.template.lastIndexOf('/');
        const samePrefix = op.template.slice(0, opCut + 1).toLowerCase() === prefix;
        const score =
          distance(name, op.template.slice(opCut + 1).toLowerCase()) +
          (samePrefix ? 0 : 1000 + distance(prefix, op.template.slice(0, opCut + 1).toLowerCase()));
        return { op, score };
      })
      .sort((a, b) => a.score - b.score || a.op.template.localeCompare(b.op.template))
      .slice(0, count)
      .map(({ op }) => `${op.method.toUpperCase()} ${op.template}`);
  }
}

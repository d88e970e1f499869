// Compares two bundles of one family operation by operation: paths, parameters,
// request bodies, responses, security; schemas go through schema-diff.ts.
import { HTTP_METHODS, isObject, type Json, type JsonObject } from '../../../src/lib/json.ts';
import { child, type Located, type OpenApiDocument } from './document.ts';
import { RULES, type RuleId, type Severity } from './rules.ts';
import { compareSchemas, type Side } from './schema-diff.ts';

export interface Finding {
  rule: RuleId;
  severity: Severity;
  family: string;
  /** `operationId (METHOD /path)`. */
  operation: string;
  /** JSON pointer of the change, in the document `side` names. */
  pointer: string;
  side: Side;
  detail: string;
  why: string;
}

/** `/a/{id}` and `/a/{x}` are the same path to a client. */
const pathShape = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

const locatedObject = (doc: OpenApiDocument, located: Located): Located<JsonObject> | undefined => {
  const resolved = doc.deref(located);
  return isObject(resolved.node) ? { node: resolved.node, pointer: resolved.pointer } : undefined;
};

type OperationEntry = { path: string; method: string; op: Located<JsonObject>; item: Located<JsonObject> };

function operationsByKey(doc: OpenApiDocument): Map<string, OperationEntry> {
  const out = new Map<string, OperationEntry>();
  const paths = doc.root.paths;
  if (!isObject(paths)) return out;
  for (const [path, raw] of Object.entries(paths)) {
    const item = locatedObject(doc, { node: raw, pointer: child('#/paths', path) });
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const op = item.node[method];
      if (isObject(op))
        out.set(`${method} ${pathShape(path)}`, { path, method, op: { node: op, pointer: child('#/paths', path, method) }, item });
    }
  }
  return out;
}

function label(path: string, method: string, op: JsonObject): string {
  const where = `${method.toUpperCase()} ${path}`;
  return typeof op.operationId === 'string' ? `${op.operationId} (${where})` : where;
}

export function diffDocuments(family: string, base: OpenApiDocument, head: OpenApiDocument): Finding[] {
  const findings = new Map<string, Finding>();
  const baseOps = operationsByKey(base);
  const headOps = operationsByKey(head);
  const basePaths = new Set([...baseOps.values()].map((o) => pathShape(o.path)));
  const headPaths = new Set([...headOps.values()].map((o) => pathShape(o.path)));

  const reporter =
    (operation: string) =>
    (rule: RuleId, side: Side, pointer: string, detail: string): void => {
      const finding: Finding = { rule, severity: RULES[rule].severity, family, operation, pointer, side, detail, why: RULES[rule].why };
      findings.set(`${rule}|${operation}|${pointer}|${detail}`, finding);
    };

  for (const [key, b] of baseOps) {
    const name = label(b.path, b.method, b.op.node);
    const report = reporter(name);
    const h = headOps.get(key);
    if (!h) {
      if (headPaths.has(pathShape(b.path)))
        report('operation-removed', 'baseline', b.op.pointer, `${b.method.toUpperCase()} removed from ${b.path}`);
      else report('path-removed', 'baseline', b.op.pointer, `${b.path} removed`);
      continue;
    }
    const ctx = { base, head, report, seen: new Set<string>() };
    compareParameters(ctx, b, h);
    compareRequestBodies(ctx, b.op, h.op);
    compareResponses(ctx, b.op, h.op);
    compareSecurity(ctx, b.op, h.op);
  }
  for (const [key, h] of headOps) {
    if (baseOps.has(key)) continue;
    const report = reporter(label(h.path, h.method, h.op.node));
    if (basePaths.has(pathShape(h.path)))
      report('operation-added', 'current', h.op.pointer, `${h.method.toUpperCase()} added to ${h.path}`);
    else report('path-added', 'current', h.op.pointer, `${h.path} added`);
  }
  return [...findings.values()];
}

interface Ctx {
  base: OpenApiDocument;
  head: OpenApiDocument;
  report: (rule: RuleId, side: Side, pointer: string, detail: string) => void;
  seen: Set<string>;
}

/** Path-level parameters, overridden by operation-level ones, keyed by `in:name`. */
function parametersOf(doc: OpenApiDocument, entry: OperationEntry): Map<string, Located<JsonObject>> {
  const out = new Map<string, Located<JsonObject>>();
  for (const owner of [entry.item, entry.op]) {
    const list = owner.node.parameters;
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const param = locatedObject(doc, { node: raw, pointer: child(owner.pointer, 'parameters', i) });
      if (!param || typeof param.node.name !== 'string' || typeof param.node.in !== 'string') return;
      const name = param.node.in === 'header' ? param.node.name.toLowerCase() : param.node.name;
      out.set(`${param.node.in}:${name}`, param);
    });
  }
  return out;
}

/** A parameter's or header's schema, directly or through its single `content` entry. */
function schemaOf(owner: Located<JsonObject>): Located | undefined {
  if (owner.node.schema !== undefined) return { node: owner.node.schema, pointer: child(owner.pointer, 'schema') };
  if (isObject(owner.node.content)) {
    const [media, value] = Object.entries(owner.node.content)[0] ?? [];
    if (media && isObject(value) && value.schema !== undefined)
      return { node: value.schema, pointer: child(owner.pointer, 'content', media, 'schema') };
  }
  return undefined;
}

function compareParameters(ctx: Ctx, b: OperationEntry, h: OperationEntry): void {
  const bParams = parametersOf(ctx.base, b);
  const hParams = parametersOf(ctx.head, h);
  const isRequired = (p: JsonObject) => p.required === true || p.in === 'path';
  for (const [key, bp] of bParams) {
    const hp = hParams.get(key);
    if (!hp) {
      ctx.report('parameter-removed', 'baseline', bp.pointer, `parameter ${key} removed`);
      continue;
    }
    if (isRequired(hp.node) && !isRequired(bp.node))
      ctx.report('parameter-required', 'current', hp.pointer, `parameter ${key} is now required`);
    const bs = schemaOf(bp);
    const hs = schemaOf(hp);
    if (bs && hs) compareSchemas(ctx, 'request', bs, hs, `parameter ${key}`);
  }
  for (const [key, hp] of hParams) {
    if (!bParams.has(key) && isRequired(hp.node))
      ctx.report('parameter-required', 'current', hp.pointer, `parameter ${key} is new and required`);
  }
}

function contentOf(owner: Located<JsonObject>): Map<string, Located<JsonObject>> {
  const out = new Map<string, Located<JsonObject>>();
  if (!isObject(owner.node.content)) return out;
  for (const [media, value] of Object.entries(owner.node.content)) {
    if (isObject(value)) out.set(media, { node: value, pointer: child(owner.pointer, 'content', media) });
  }
  return out;
}

function compareRequestBodies(ctx: Ctx, bOp: Located<JsonObject>, hOp: Located<JsonObject>): void {
  const at = (doc: OpenApiDocument, op: Located<JsonObject>) =>
    op.node.requestBody === undefined
      ? undefined
      : locatedObject(doc, { node: op.node.requestBody, pointer: child(op.pointer, 'requestBody') });
  const b = at(ctx.base, bOp);
  const h = at(ctx.head, hOp);
  if (b && !h) {
    ctx.report('request-body-removed', 'baseline', b.pointer, 'the request body was removed');
    return;
  }
  if (!h) return;
  if (h.node.required === true && b?.node.required !== true) {
    ctx.report('request-body-required', 'current', h.pointer, b ? 'the request body is now required' : 'a required request body was added');
  }
  if (!b) return;
  const hContent = contentOf(h);
  for (const [media, bm] of contentOf(b)) {
    const hm = hContent.get(media);
    if (!hm) {
      ctx.report('request-media-type-removed', 'baseline', bm.pointer, `request content type ${media} removed`);
      continue;
    }
    if (bm.node.schema !== undefined && hm.node.schema !== undefined) {
      compareSchemas(
        ctx,
        'request',
        { node: bm.node.schema, pointer: child(bm.pointer, 'schema') },
        { node: hm.node.schema, pointer: child(hm.pointer, 'schema') },
        'request',
      );
    }
  }
}

function compareResponses(ctx: Ctx, bOp: Located<JsonObject>, hOp: Located<JsonObject>): void {
  const responsesOf = (doc: OpenApiDocument, op: Located<JsonObject>) => {
    // Keyed by the status in upper case (`2XX` = `2xx`); `at` is where the operation lists it.
    const out = new Map<string, Located<JsonObject> & { at: string }>();
    const list = op.node.responses;
    if (!isObject(list)) return out;
    for (const [status, raw] of Object.entries(list)) {
      const at = child(op.pointer, 'responses', status);
      const response = locatedObject(doc, { node: raw, pointer: at });
      if (response) out.set(status.toUpperCase(), { ...response, at });
    }
    return out;
  };
  const bResponses = responsesOf(ctx.base, bOp);
  const hResponses = responsesOf(ctx.head, hOp);
  for (const [status, b] of bResponses) {
    const h = hResponses.get(status);
    if (!h) {
      ctx.report('response-status-removed', 'baseline', b.at, `response ${status.toLowerCase()} removed`);
      continue;
    }
    const hContent = contentOf(h);
    for (const [media, bm] of contentOf(b)) {
      const hm = hContent.get(media);
      if (!hm) {
        ctx.report(
          'response-media-type-removed',
          'baseline',
          bm.pointer,
          `response ${status.toLowerCase()}: content type ${media} removed`,
        );
        continue;
      }
      if (bm.node.schema !== undefined && hm.node.schema !== undefined) {
        compareSchemas(
          ctx,
          'response',
          { node: bm.node.schema, pointer: child(bm.pointer, 'schema') },
          { node: hm.node.schema, pointer: child(hm.pointer, 'schema') },
          `response ${status.toLowerCase()}`,
        );
      }
    }
    compareResponseHeaders(ctx, b, h, status.toLowerCase());
  }
  for (const [status, h] of hResponses) {
    if (!bResponses.has(status)) ctx.report('response-status-added', 'current', h.at, `response ${status.toLowerCase()} added`);
  }
}

function compareResponseHeaders(ctx: Ctx, b: Located<JsonObject>, h: Located<JsonObject>, status: string): void {
  const headersOf = (doc: OpenApiDocument, response: Located<JsonObject>) => {
    const out = new Map<string, Located<JsonObject>>();
    if (!isObject(response.node.headers)) return out;
    for (const [name, raw] of Object.entries(response.node.headers)) {
      const header = locatedObject(doc, { node: raw, pointer: child(response.pointer, 'headers', name) });
      if (header) out.set(name.toLowerCase(), header);
    }
    return out;
  };
  const hHeaders = headersOf(ctx.head, h);
  for (const [name, bh] of headersOf(ctx.base, b)) {
    const hh = hHeaders.get(name);
    if (!hh) {
      ctx.report('response-header-removed', 'baseline', bh.pointer, `response ${status}: header ${name} removed`);
      continue;
    }
    const bs = schemaOf(bh);
    const hs = schemaOf(hh);
    if (bs && hs) compareSchemas(ctx, 'response', bs, hs, `response ${status} header ${name}`);
  }
}

/**
 * Security requirements as sets of what a client must send. A scheme is known by
 * what goes on the wire (an apiKey's place and name, an http scheme), not by its
 * component name, so renaming a scheme is not a change and redefining one is.
 */
function requirementsOf(doc: OpenApiDocument, op: Located<JsonObject>): { sets: Set<string>[]; pointer: string } {
  const own = Array.isArray(op.node.security);
  const list: Json = own ? (op.node.security ?? []) : (doc.root.security ?? []);
  const pointer = own ? child(op.pointer, 'security') : '#/security';
  const schemes = isObject(doc.root.components) && isObject(doc.root.components.securitySchemes) ? doc.root.components.securitySchemes : {};
  const identity = (name: string): string => {
    const raw = schemes[name];
    const scheme = raw === undefined ? undefined : doc.deref({ node: raw, pointer: child('#/components/securitySchemes', name) }).node;
    if (!isObject(scheme)) return `unknown:${name}`;
    if (scheme.type === 'apiKey') {
      const keyName = String(scheme.name);
      return `apiKey ${String(scheme.in)} ${scheme.in === 'header' ? keyName.toLowerCase() : keyName}`;
    }
    if (scheme.type === 'http') return `http ${String(scheme.scheme).toLowerCase()}`;
    return `${String(scheme.type)} ${name}`;
  };
  const sets = (Array.isArray(list) ? list : []).filter(isObject).map((requirement) => {
    const set = new Set<string>();
    for (const [name, scopes] of Object.entries(requirement)) {
      const id = identity(name);
      set.add(id);
      if (Array.isArray(scopes)) for (const scope of scopes) set.add(`${id} scope ${String(scope)}`);
    }
    return set;
  });
  return { sets, pointer };
}

function compareSecurity(ctx: Ctx, bOp: Located<JsonObject>, hOp: Located<JsonObject>): void {
  const b = requirementsOf(ctx.base, bOp);
  const h = requirementsOf(ctx.head, hOp);
  const describe = (set: Set<string>) => (set.size ? [...set].sort().join(' + ') : 'nothing');
  // No requirement at all means anonymous calls are accepted.
  const baseSets = b.sets.length ? b.sets : [new Set<string>()];
  const headSets = h.sets.length ? h.sets : [new Set<string>()];
  for (const sent of baseSets) {
    const stillAccepted = headSets.some((needed) => [...needed].every((x) => sent.has(x)));
    if (!stillAccepted) {
      ctx.report(
        'security-requirement-added',
        'current',
        h.pointer,
        `a client sending ${describe(sent)} must now send ${headSets.map(describe).join(' or ')}`,
      );
    }
  }
}

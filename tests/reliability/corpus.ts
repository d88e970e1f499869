// The bad-input corpus: for each kind of bad input, a fast-check arbitrary per
// operation that builds a request the contract refuses, with the answer expected.
// Every kind derives its invalidity from the operation's own schema and security, so
// an open body is never "broken" by a field it accepts.
import { METHODS } from 'node:http';
import fc from 'fast-check';
import {
  admits,
  CANARY_PASSWORD,
  developerHeaders,
  JSON_CONTENT_TYPE,
  schemaTypeOf,
  matchesAnyOperation,
  validBody,
  type ContractOperation,
  type JsonType,
} from '../../scripts/lib/contract.ts';
import type { Json } from '../../src/lib/json.ts';
import { getAt, setAt, siteName, sitesOf, withoutAt, type Site } from './schema-sites.ts';
import { MAX_BODY_BYTES } from '../../src/mock/wire.ts';

export const CATEGORIES = [
  'missing-developer-header',
  'wrong-content-type',
  'malformed-json',
  'truncated-json',
  'empty-body',
  'missing-required-field',
  'wrong-type',
  'extra-nesting',
  'huge-value',
  'wrong-method',
  'unknown-path',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface BadRequest {
  category: Category;
  operation: string;
  /** What was broken, for failure messages. */
  note: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Statuses that fit; anything else (and every 5xx) fails. */
  statuses: number[];
  /** Words the problem's `detail` must contain (case-insensitive): the field, header or method at fault. */
  names: string[];
  /** How fast-check prints it in a counterexample: one short line, not the bytes. */
  [fc.toStringMethod]: () => string;
}

// Bounds: big enough to matter, small enough for 2 shared cores.
export const HUGE_STRING_MAX = 64 * 1024;
export const HUGE_ARRAY_MAX = 5_000;
export const HUGE_HEADER_MAX = 40 * 1024; // Node refuses request heads over 16 KiB

interface Prepared {
  op: ContractOperation;
  base?: Json;
  baseText?: string;
  sites: Site[];
  headers: Record<string, string>;
}

function prepare(op: ContractOperation): Prepared {
  const base = validBody(op);
  return {
    op,
    ...(base === undefined ? {} : { base, baseText: JSON.stringify(base) }),
    sites: op.body?.schema ? sitesOf(op.doc, op.body.schema) : [],
    headers: developerHeaders(op),
  };
}

type Parts = Partial<Omit<BadRequest, typeof fc.toStringMethod>> & Pick<BadRequest, 'statuses' | 'names'>;

function request(p: Prepared, category: Category, note: string, parts: Parts): BadRequest {
  const operation = `${p.op.family} ${p.op.name}`;
  return {
    [fc.toStringMethod]: () => `${operation} [${category}: ${note}]`,
    category,
    operation,
    note,
    method: p.op.method.toUpperCase(),
    path: p.op.path,
    headers: { ...p.headers, 'content-type': JSON_CONTENT_TYPE },
    ...(p.baseText === undefined ? {} : { body: Buffer.from(p.baseText) }),
    ...parts,
  };
}

/** JSON as the mock reads it: a leading byte order mark is ignored (RFC 8259, 8.1). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}

/** fast-check's JSON values, as this repository's Json type (same values, wider object type). */
const anyJson = (maxDepth: number): fc.Arbitrary<Json> => fc.jsonValue({ maxDepth }).map((v) => v as Json);

const jsonTypes: JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

/** Any JSON value whose type the site does not admit. */
function wrongValue(allowed: Set<JsonType>): fc.Arbitrary<Json> {
  const byType: Record<JsonType, fc.Arbitrary<Json>> = {
    null: fc.constant(null),
    boolean: fc.boolean(),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    string: fc.string({ maxLength: 24 }),
    array: fc.array(anyJson(2), { maxLength: 4 }),
    object: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), anyJson(2), { maxKeys: 4 }),
  };
  const wrong = jsonTypes.filter((t) => !admits(allowed, t));
  return fc.oneof(...wrong.map((t) => byType[t])).filter((v) => !admits(allowed, schemaTypeOf(v)));
}

function typedSites(p: Prepared): Array<Site & { allowed: Set<JsonType> }> {
  return p.sites.filter(
    (s): s is Site & { allowed: Set<JsonType> } => s.allowed !== undefined && jsonTypes.some((t) => !admits(s.allowed!, t)),
  );
}

const fieldName = fc.string({ minLength: 1, maxLength: 16 }).filter((k) => k !== '__proto__' && k.trim() === k && k.length > 0);

// ---- one arbitrary per kind -------------------------------------------------------

function missingDeveloperHeader(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const names = p.op.securityHeaders;
  if (!names) return undefined;
  const howToBreak = fc.constantFrom('omitted', 'empty', 'blank');
  return fc
    .tuple(fc.subarray(names, { minLength: 1 }), fc.array(howToBreak, { minLength: names.length, maxLength: names.length }))
    .map(([broken, how]) => {
      const headers: Record<string, string> = { ...p.headers, 'content-type': JSON_CONTENT_TYPE };
      const notes: string[] = [];
      broken.forEach((name, i) => {
        const mode = how[i]!;
        notes.push(`${name} ${mode}`);
        if (mode === 'omitted') delete headers[name];
        else headers[name] = mode === 'empty' ? '' : '   ';
      });
      return request(p, 'missing-developer-header', notes.join(', '), { headers, statuses: [401], names });
    });
}

function wrongContentType(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const body = p.op.body;
  if (!body || body.mediaTypes.some((t) => t.includes('*'))) return undefined;
  const declared = new Set(body.mediaTypes.map((t) => t.split(';')[0]!.trim().toLowerCase()));
  const token = fc.stringMatching(/^[a-z][a-z0-9.-]{0,11}$/);
  const type = fc
    .oneof(
      fc.constantFrom(
        'text/plain',
        'text/html',
        'text/xml',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'text/json',
        'application/javascript',
        'application/jsonx',
      ),
      fc.tuple(token, token).map(([a, b]) => `${a}/${b}`),
    )
    .chain((t) => fc.constantFrom(t, `${t}; charset=utf-8`))
    .filter((t) => !declared.has(t.split(';')[0]!.trim().toLowerCase()) && !/\+json\b|^application\/json\b/i.test(t));
  const typed = type.map((t) =>
    request(p, 'wrong-content-type', `content-type ${t}`, {
      headers: { ...p.headers, 'content-type': t },
      statuses: [415],
      names: [...declared].slice(0, 1),
    }),
  );
  // No content type at all: the body cannot be read as the declared type.
  const none = fc.constant(
    request(p, 'wrong-content-type', 'no content-type', { headers: { ...p.headers }, statuses: [415], names: ['application/json'] }),
  );
  return fc.oneof({ arbitrary: typed, weight: 4 }, { arbitrary: none, weight: 1 });
}

function malformedJson(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const text = p.baseText;
  if (text === undefined) return undefined;
  const junk = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', "'", '\\', 'x', 'NaN', 'undefined', '/*', '\u0000', '\ufeff');
  const edited = fc
    .oneof(
      fc.tuple(fc.nat(text.length), junk).map(([at, s]) => text.slice(0, at) + s + text.slice(at)),
      fc.nat(text.length - 1).map((at) => text.slice(0, at) + text.slice(at + 1)),
    )
    .filter((t) => t.length > 0 && !isJson(t));
  const crafted = fc
    .constantFrom(
      text.replaceAll('"', "'"), // single quotes
      text.replace(/}$/, ',}'), // trailing comma
      text.replace(/"([^"\\]+)":/g, '$1:'), // unquoted names
      text.replaceAll(`"${CANARY_PASSWORD}"`, CANARY_PASSWORD), // an unquoted password: must not be echoed
      `\ufeff\ufeff${text}`, // a second byte-order mark: only one is ignored
      `${text}${text}`,
      `/* comment */ ${text}`,
      `{"Senha": ${CANARY_PASSWORD}}`,
      '{"Login": NaN}',
      '{"Login": undefined}',
    )
    .filter((t) => !isJson(t));
  const random = fc.string({ minLength: 1, maxLength: 64 }).filter((t) => t.trim().length > 0 && !isJson(t));
  return fc
    .oneof(edited, crafted, random)
    .map((t) =>
      request(p, 'malformed-json', `body ${JSON.stringify(t.slice(0, 80))}`, { body: Buffer.from(t), statuses: [400], names: ['JSON'] }),
    );
}

function truncatedJson(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const text = p.baseText;
  if (text === undefined || text.length < 2) return undefined;
  return fc
    .integer({ min: 1, max: text.length - 1 })
    .filter((at) => !isJson(text.slice(0, at)))
    .map((at) =>
      request(p, 'truncated-json', `cut at ${at} of ${text.length}`, {
        body: Buffer.from(text.slice(0, at)),
        statuses: [400],
        names: ['JSON'],
      }),
    );
}

function emptyBody(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  if (!p.op.body?.required) return undefined;
  return fc
    .constantFrom('', 'null', ' ', '\r\n\t')
    .map((t) => request(p, 'empty-body', `body ${JSON.stringify(t)}`, { body: Buffer.from(t), statuses: [400, 422], names: ['body'] }));
}

function missingRequiredField(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const base = p.base;
  if (base === undefined) return undefined;
  const sites = p.sites.filter((s) => s.required.length > 0 && getAt(base, s.path) !== undefined);
  if (sites.length === 0) return undefined;
  return fc
    .constantFrom(...sites)
    .chain((s) => fc.subarray(s.required, { minLength: 1 }).map((names) => ({ s, names })))
    .map(({ s, names }) =>
      request(p, 'missing-required-field', `without ${names.join(', ')} at ${s.path.join('.') || 'body'}`, {
        body: Buffer.from(JSON.stringify(withoutAt(base, s.path, names))),
        statuses: [422],
        names,
      }),
    );
}

function wrongType(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const base = p.base;
  const sites = typedSites(p);
  if (base === undefined || sites.length === 0) return undefined;
  return fc
    .constantFrom(...sites)
    .chain((s) => wrongValue(s.allowed).map((v) => ({ s, v })))
    .map(({ s, v }) =>
      request(p, 'wrong-type', `${s.path.join('.') || 'body'} = ${JSON.stringify(v).slice(0, 60)}`, {
        body: Buffer.from(JSON.stringify(setAt(base, s.path, v))),
        statuses: [422],
        names: [siteName(s.path)],
      }),
    );
}

function extraNesting(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const base = p.base;
  if (base === undefined) return undefined;
  const body = (value: Json) => Buffer.from(JSON.stringify(value));
  const options: Array<fc.Arbitrary<BadRequest>> = [];
  // A value pushed one level down, where its type admits no object (or no array).
  const wrappable = typedSites(p).filter((s) => s.path.length > 0 && getAt(base, s.path) !== undefined);
  for (const [kind, wrap] of [
    ['object', (v: Json, k: string): Json => ({ [k]: v })],
    ['array', (v: Json): Json => [v]],
  ] as const) {
    const sites = wrappable.filter((s) => !admits(s.allowed, kind));
    if (sites.length === 0) continue;
    options.push(
      fc.tuple(fc.constantFrom(...sites), fieldName).map(([s, k]) =>
        request(p, 'extra-nesting', `${s.path.join('.')} wrapped in an ${kind}`, {
          body: body(setAt(base, s.path, wrap(getAt(base, s.path)!, k))),
          statuses: [422],
          names: [siteName(s.path)],
        }),
      ),
    );
  }
  // A nested field that a closed object does not have.
  const closed = p.sites.filter((s) => s.closed);
  if (closed.length > 0) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...closed),
          fieldName,
          anyJson(3).map((v): Json => ({ nested: { deeper: v } })),
        )
        .filter(([s, k]) => !s.properties.includes(k))
        .map(([s, k, v]) =>
          request(p, 'extra-nesting', `unknown ${JSON.stringify(k)} at ${s.path.join('.') || 'body'}`, {
            body: body(setAt(base, [...s.path, k], v)),
            statuses: [422],
            names: [k],
          }),
        ),
    );
  }
  // The whole body one level down.
  const root = p.sites[0];
  if (root?.allowed && !admits(root.allowed, 'array')) {
    options.push(
      fc.constant(request(p, 'extra-nesting', 'body wrapped in an array', { body: body([base]), statuses: [422], names: ['body'] })),
    );
  }
  if (root && root.required.length > 0) {
    options.push(
      fieldName
        .filter((k) => !root.properties.includes(k))
        .map((k) =>
          request(p, 'extra-nesting', `body wrapped in ${JSON.stringify(k)}`, {
            body: body({ [k]: base }),
            statuses: [422],
            names: root.required,
          }),
        ),
    );
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

/** A body with a huge value: 422 naming the field, or 413 once it passes the mock's body limit. */
function hugeBody(p: Prepared, note: string, value: Json, field: string): BadRequest {
  const body = Buffer.from(JSON.stringify(value));
  return body.length > MAX_BODY_BYTES
    ? request(p, 'huge-value', `${note} (${body.length} bytes)`, { body, statuses: [413], names: [] })
    : request(p, 'huge-value', note, { body, statuses: [422], names: [field] });
}

function hugeValue(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const base = p.base;
  const options: Array<fc.Arbitrary<BadRequest>> = [];
  const hugeString = fc
    .tuple(fc.integer({ min: 1024, max: HUGE_STRING_MAX }), fc.string({ minLength: 1, maxLength: 8 }))
    .map(([n, s]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));
  const hugeArray = <T extends Json>(item: fc.Arbitrary<T>) =>
    fc.tuple(fc.integer({ min: 256, max: HUGE_ARRAY_MAX }), item).map(([n, v]) => Array.from({ length: n }, () => v));
  if (base !== undefined) {
    const sites = typedSites(p);
    const notString = sites.filter((s) => !admits(s.allowed, 'string'));
    const notArray = sites.filter((s) => !admits(s.allowed, 'array'));
    const arrays = p.sites.filter((s) => s.allowed?.size === 1 && s.allowed.has('array'));
    const itemSites = sites.filter((s) => typeof s.path.at(-1) === 'number');
    if (notString.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...notString), hugeString)
          .map(([s, v]) =>
            hugeBody(p, `${s.path.join('.') || 'body'} = a string of ${v.length}`, setAt(base, s.path, v), siteName(s.path)),
          ),
      );
    }
    if (notArray.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...notArray), hugeArray(fc.string({ maxLength: 4 })))
          .map(([s, v]) =>
            hugeBody(p, `${s.path.join('.') || 'body'} = an array of ${v.length}`, setAt(base, s.path, v), siteName(s.path)),
          ),
      );
    }
    // A long array of items of the wrong type, where the items' type is known.
    const typedItems = arrays.flatMap((a) =>
      itemSites.filter((i) => i.path.length === a.path.length + 1 && a.path.every((k, n) => i.path[n] === k)).map((i) => ({ a, i })),
    );
    if (typedItems.length > 0) {
      options.push(
        fc
          .constantFrom(...typedItems)
          .chain(({ a, i }) => hugeArray(wrongValue(i.allowed)).map((v) => ({ a, v })))
          .map(({ a, v }) => hugeBody(p, `${a.path.join('.')} = ${v.length} wrong items`, setAt(base, a.path, v), siteName(a.path))),
      );
    }
  }
  // A request head past what the server accepts: a huge developer header, or a huge path.
  const headerNames = p.op.securityHeaders;
  const hugeHead = fc.integer({ min: 17 * 1024, max: HUGE_HEADER_MAX });
  if (headerNames) {
    options.push(
      fc.tuple(fc.constantFrom(...headerNames), hugeHead).map(([name, n]) =>
        request(p, 'huge-value', `${name} of ${n} characters`, {
          headers: { ...p.headers, 'content-type': JSON_CONTENT_TYPE, [name]: 'A'.repeat(n) },
          statuses: [431],
          names: [],
        }),
      ),
    );
  }
  options.push(
    hugeHead.map((n) =>
      request(p, 'huge-value', `path of ${n} characters`, { path: `${p.op.path}/${'a'.repeat(n)}`, statuses: [431], names: [] }),
    ),
  );
  return fc.oneof(...options);
}

// Methods a standard HTTP parser knows (Node's list); fetch refuses CONNECT, TRACE and
// TRACK, and HEAD answers carry no body to read a reason from.
const KNOWN_METHODS = METHODS.filter((m) => !['CONNECT', 'TRACE', 'TRACK', 'HEAD'].includes(m));

function wrongMethod(p: Prepared): fc.Arbitrary<BadRequest> | undefined {
  const defined = new Set(p.op.pathMethods.map((m) => m.toUpperCase()));
  const known = KNOWN_METHODS.filter((m) => !defined.has(m));
  const unknown = fc.stringMatching(/^[A-Z]{3,12}$/).filter((m) => !METHODS.includes(m) && m !== 'TRACK');
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: unknown, weight: 1 }).map((method) => {
    const isKnown = METHODS.includes(method);
    return request(p, 'wrong-method', `method ${method}`, {
      method,
      ...(method === 'GET' ? { body: undefined } : {}),
      // A method the parser knows: the route exists but not with it (405); any other
      // token is not HTTP this server speaks (400).
      statuses: isKnown ? [405] : [400],
      names: isKnown ? [method.toLowerCase()] : [],
    });
  });
}

function unknownPath(p: Prepared, all: ContractOperation[], baseUrl: string): fc.Arbitrary<BadRequest> {
  const segment = fc.string({ maxLength: 12, unit: fc.constantFrom(...'abcXYZ019-_.~!$&()*+,;=:@[]%^{}|`<> é\u00e3\u4e2d'.split('')) });
  const prefix = p.op.path.slice(0, p.op.path.lastIndexOf('/'));
  const swapCase = (s: string, mask: number) =>
    [...s].map((c, i) => ((mask >> (i % 30)) & 1 ? (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) : c)).join('');
  const raw = fc.oneof(
    segment.map((s) => `${p.op.path}/${s}`),
    segment.map((s) => `${prefix}/${s}`),
    fc.integer({ min: 1, max: 2 ** 30 - 1 }).map((mask) => swapCase(p.op.path, mask)),
    fc.constant(`${p.op.path}/`),
    fc.array(segment, { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join('/')}`),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `//${segments.join('/')}${p.op.path}`),
  );
  return raw
    .filter((r) => !r.includes('#') && !r.includes('?') && !r.includes('\\'))
    .map((r) => ({ r, pathname: new URL(`${baseUrl}${r}`).pathname }))
    .filter(({ pathname }) => !matchesAnyOperation(all, pathname) && !matchesAnyOperation(all, safeDecode(pathname)))
    .map(({ r, pathname }) =>
      request(p, 'unknown-path', `path ${pathname.slice(0, 100)}`, { path: r, statuses: [404], names: [pathname] }),
    );
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The arbitrary of one kind for one operation, or undefined when the kind cannot apply to it. */
export function badRequestsFor(
  category: Category,
  op: ContractOperation,
  all: ContractOperation[],
  baseUrl: string,
): fc.Arbitrary<BadRequest> | undefined {
  const p = prepare(op);
  switch (category) {
    case 'missing-developer-header':
      return missingDeveloperHeader(p);
    case 'wrong-content-type':
      return wrongContentType(p);
    case 'malformed-json':
      return malformedJson(p);
    case 'truncated-json':
      return truncatedJson(p);
    case 'empty-body':
      return emptyBody(p);
    case 'missing-required-field':
      return missingRequiredField(p);
    case 'wrong-type':
      return wrongType(p);
    case 'extra-nesting':
      return extraNesting(p);
    case 'huge-value':
      return hugeValue(p);
    case 'wrong-method':
      return wrongMethod(p);
    case 'unknown-path':
      return unknownPath(p, all, baseUrl);
  }
}

/** A parity test's probe: one request, labelled by what it tries. */
export interface ParityProbe {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

/**
 * The probes two engines must answer alike for one operation (the mock's parity test and the
 * MSW one): `__proto__`, `constructor` and `prototype` as ordinary members around a valid body,
 * and one sampled bad request of every category, seeded by the operation's index.
 */
export function sharedParityProbes(
  op: ContractOperation,
  all: ContractOperation[],
  baseUrl: string,
  index: number,
  valid: Omit<ParityProbe, 'kind' | 'body'>,
  base: unknown,
): ParityProbe[] {
  const probes: ParityProbe[] = [];
  if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
    const inner = JSON.stringify(base);
    probes.push(
      { kind: 'reserved-member', ...valid, body: `{"__proto__":${inner}}` },
      { kind: 'reserved-member', ...valid, body: `{"constructor":${inner},"prototype":${inner}}` },
      { kind: 'reserved-member', ...valid, body: `{"__proto__":{"Login":5},${inner.slice(1)}` },
    );
  }
  for (const [n, category] of CATEGORIES.entries()) {
    const arbitrary = badRequestsFor(category, op, all, baseUrl);
    if (!arbitrary) continue;
    for (const r of fc.sample(arbitrary, { numRuns: 1, seed: index * 100 + n })) {
      probes.push({
        kind: category,
        method: r.method,
        path: r.path,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body }),
      });
    }
  }
  return probes;
}

// An operation name is hand-written only in the spec and the catalog, and the credential field
// names only in the contract (issue 58): every door reads them from the contract index. The
// TypeScript of src/ and scripts/ is parsed, so comments and docs may name operations; a string
// literal that is a catalog operation's name (or a path ending in one), or one list (an array,
// a union, an interface's members, a destructuring, an object whose values are the names)
// naming two kinds of credential, fails here, outside src/lib/contract-index.ts and the
// exceptions below, each with its reason. A request body with credentials is a value, not a list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { CREDENTIAL_FIELD_NAMES, FAMILY_IDS, operationsOf } from '../../src/lib/contract-index.ts';
import { rootDir } from '../support/bundle.ts';

/** Every operation name of the index, the observed flavours' included. */
const NAMES = new Set(FAMILY_IDS.flatMap((family) => operationsOf(family).map((op) => op.name)));
/** Each credential spelling of the documents, with its kind. */
const SPELLINGS = new Map(
  (Object.entries(CREDENTIAL_FIELD_NAMES) as Array<[string, readonly string[]]>).flatMap(([kind, names]) =>
    names.map((n) => [n, kind] as const),
  ),
);

/**
 * Folders whose code may name an operation, each with why: the named call is its subject, as an
 * integrator's would be, not a fact the tooling needs.
 */
const NAME_EXCEPTIONS: ReadonlyArray<readonly [string, string]> = [
  // Benchmarks time a chosen call (the search, a lookup, a seat map) against bare fetch and the mock.
  ['scripts/bench/', 'a benchmark times a chosen call'],
  // The reliability gates send hostile or heavy load at chosen writes (Reservar, MarcarAssentos) through the mock and the proxy.
  ['scripts/gates/reliability/', 'a load gate drives chosen operations'],
];
/** Credential lists that stay, each with why (file → how many). */
const CREDENTIAL_EXCEPTIONS: Readonly<Record<string, number>> = {
  // The public `Credentials` interface: the caller's names for the three credentials (Part 2.1), not a list of body fields.
  'src/credentials.ts': 1,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(rootDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The names a list-like node gives: array items, union members, object keys, destructured keys. */
function listedNames(node: ts.Node): string[] | undefined {
  const text = (n: ts.Node | undefined): string[] => {
    if (!n) return [];
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isIdentifier(n)) return [n.text];
    if (ts.isLiteralTypeNode(n)) return text(n.literal);
    return [];
  };
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => text(e));
  if (ts.isUnionTypeNode(node)) return node.types.flatMap((t) => text(t));
  // An object literal is a list when its values name the fields (a map such as `{ login: 'Login' }`); a body's keys are a value, not a list.
  if (ts.isObjectLiteralExpression(node))
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer) ? [p.initializer.text] : []));
  if (ts.isObjectBindingPattern(node)) return node.elements.flatMap((e) => text(e.propertyName ?? e.name));
  if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) return node.members.flatMap((m) => text(m.name));
  return undefined;
}

function scan(file: string, text = readFileSync(path.join(rootDir, file), 'utf8')): { names: string[]; credentialLists: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const credentialLists: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text;
      const last = value.startsWith('/') ? value.slice(value.lastIndexOf('/') + 1) : value;
      if (NAMES.has(value) || (value !== last && NAMES.has(last))) names.push(value);
    }
    const listed = listedNames(node);
    if (listed) {
      const kinds = new Set(listed.flatMap((n) => (SPELLINGS.has(n) ? [SPELLINGS.get(n)] : [])));
      if (kinds.size >= 2) credentialLists.push(node.getText(source).replace(/\s+/g, ' ').slice(0, 80));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { names, credentialLists };
}

const FILES = [...sourceFiles('src'), ...sourceFiles('scripts')].map((f) => f.split(path.sep).join('/'));
const SCANS = new Map(FILES.map((file) => [file, scan(file)]));

test('no operation name of the catalog is a string literal in src/ or scripts/, but for the listed exceptions', () => {
  expect(NAMES.size).toBeGreaterThan(50);
  const excepted = (file: string): boolean => NAME_EXCEPTIONS.some(([folder]) => file.startsWith(folder));
  const found = Object.fromEntries([...SCANS].flatMap(([file, { names }]) => (names.length > 0 && !excepted(file) ? [[file, names]] : [])));
  expect(found).toEqual({});
  // Each exception still holds a use: one left empty goes from the list.
  for (const [folder] of NAME_EXCEPTIONS)
    expect([...SCANS].some(([file, { names }]) => file.startsWith(folder) && names.length > 0)).toBe(true);
});

test('no list of credential field names stands outside src/lib/contract-index.ts, but for the listed exceptions', () => {
  expect(SPELLINGS.size).toBeGreaterThanOrEqual(6);
  const found = Object.fromEntries(
    [...SCANS].flatMap(([file, { credentialLists }]) => (credentialLists.length > 0 ? [[file, credentialLists]] : [])),
  );
  const counts = Object.fromEntries(Object.entries(found).map(([file, lists]) => [file, lists.length]));
  expect(counts, JSON.stringify(found, null, 2)).toEqual(CREDENTIAL_EXCEPTIONS);
});

test('the guard sees what it guards: the lists and names this change moved to the index', () => {
  const before = [
    "const SEARCH = 'Disponibilidade'; // 'Emitir' in a comment is fine",
    "renewSession: '/AereoNoSession.svc/Autenticar',",
    "const CREDENTIALS = new Set(['Login', 'Senha', 'ClienteId']);",
    "export const CREDENTIAL_FIELDS = { Login: 'Login', login: 'Login', Senha: 'Senha', senha: 'Senha' };",
    'const { Login: _l, Senha: _s, ...rest } = body;',
    "type AgencyLoginField = 'Login' | 'login' | 'Senha' | 'senha';",
  ].join('\n');
  const { names, credentialLists } = scan('probe.ts', before);
  expect(names).toEqual(['Disponibilidade', '/AereoNoSession.svc/Autenticar']);
  expect(credentialLists).toHaveLength(4);
  // A request body carrying credentials is a value, not a list.
  expect(scan('probe.ts', "call(path, { Login: 'agencia', Senha: 's3gredo', Origem: 'GRU' });").credentialLists).toEqual([]);
});

// The runtime's per-family rules, read against the bundled documents (generated/<family>/
// openapi.yaml, made by the pipeline): credentials go exactly where a request schema
// declares them, under its names; the AutenticacaoRS check covers exactly the operations
// answering it. A family is checked as soon as its bundle exists.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { Family } from '../../src/client.ts';
import { answersAutenticacaoRS, legacyFamily } from '../../src/families/legacy.ts';
import { v1Family } from '../../src/families/v1.ts';
import { v2EnFamily } from '../../src/families/v2-en.ts';
import { v2PtFamily } from '../../src/families/v2-pt.ts';
import { v3Family } from '../../src/families/v3.ts';
import { migrateLegacyCall } from '../../src/migration.ts';
import { followRefs } from '../../src/lib/refs.ts';

type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[]; oneOf?: Schema[] };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths: Record<string, { post?: Operation }>; components?: Record<string, Record<string, unknown>> };

const FAMILIES: Record<string, Family> = { 'v2-pt': v2PtFamily, legacy: legacyFamily, v1: v1Family, 'v2-en': v2EnFamily, v3: v3Family };
const CANDIDATES = ['Login', 'login', 'Senha', 'senha', 'ClienteId', 'clienteId'];

const bundlePath = (family: string) => `generated/${family}/openapi.yaml`;
const present = Object.keys(FAMILIES).filter((family) => existsSync(bundlePath(family)));
const load = (family: string) => parse(readFileSync(bundlePath(family), 'utf8')) as Document;

/** The node behind a `$ref` (the shared resolver; it throws on one that leads nowhere). */
const target = <T>(document: Document, node: T): T => followRefs(document, node) as T;

/** Top-level property names of a schema, through $ref, allOf and oneOf (the legacy session rule's open alternative names none). */
function propertyNames(document: Document, node: Schema | undefined): string[] {
  if (!node) return [];
  const schema = target(document, node);
  const parts = [...(schema.allOf ?? []), ...(schema.oneOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...parts.flatMap((part) => propertyNames(document, part))])];
}

test('the V2 Portuguese bundle is there (run the pipeline, or bundle it locally, first)', () => {
  expect(present).toContain('v2-pt');
});

describe.each(present)('%s', (family) => {
  const document = load(family);
  const rule = FAMILIES[family]!;
  const operations = Object.entries(document.paths).flatMap(([path, item]) => (item.post ? [[path, item.post] as const] : []));

  test('credentials: declared names, and only where declared', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const [path, operation] of operations) {
      const declared = propertyNames(document, operation.requestBody?.content?.['application/json']?.schema).filter((name) =>
        CANDIDATES.includes(name),
      );
      const fields = rule.credentialFields?.(path);
      const used = fields ? [fields.login, fields.password, ...(fields.clientId ? [fields.clientId] : [])] : [];
      expect({ path, names: used.sort() }).toEqual({ path, names: [...declared].sort() });
    }
  });

  if (family === 'legacy') {
    test('AuthenticationError is checked exactly on the operations answering AutenticacaoRS', () => {
      for (const [path, operation] of operations) {
        const ok = operation.responses?.['200'];
        const schema = ok ? target(document, ok).content?.['application/json']?.schema : undefined;
        expect({ path, autenticacaoRS: answersAutenticacaoRS(path) }).toEqual({
          path,
          autenticacaoRS: schema?.$ref === '#/components/schemas/AutenticacaoRS',
        });
      }
    });
  }

  if (family === 'v2-pt') {
    test('every V2 operation is a migration target', () => {
      for (const [path] of operations) {
        const operation = path.slice(path.lastIndexOf('/') + 1);
        expect(migrateLegacyCall({ path: `/AereoNoSession.svc/${operation}` as string, body: { Login: 'a', Senha: 'b' } }).path).toBe(path);
      }
    });
  }
});

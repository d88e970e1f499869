// The finishing step's promises on every shipped collection: both developer headers from
// variables, the credentials as variables in every body that carries them, nothing but
// what the contract requires, folders by the description's groups, and bytes that the
// converter (random ids and all) reproduces.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { convertBundle } from '../../scripts/postman/convert.ts';
import { finishCollection, renderCollection, requestsOf, type PostmanCollection } from '../../scripts/postman/finish.ts';
import { isObject, type JsonObject } from '../../src/lib/json.ts';
import { loadBundle, objectOf, operations, requestSchema, rootDir } from '../support/bundle.ts';

const DIR = path.join(rootDir, 'generated', 'postman');
const FAMILIES = readdirSync(DIR)
  .filter((f) => f.endsWith('.postman_collection.json'))
  .map((f) => f.replace('.postman_collection.json', ''))
  // The certification scenarios' collection has no bundle: its own test below.
  .filter((f) => f !== 'flows');

const text = (family: string) => readFileSync(path.join(DIR, `${family}.postman_collection.json`), 'utf8');

/** Names a request schema requires, its allOf branches included. */
function required(doc: JsonObject, schema: JsonObject): Set<string> {
  const names = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const branch of Array.isArray(schema.allOf) ? schema.allOf : []) for (const n of required(doc, objectOf(doc, branch))) names.add(n);
  // A oneOf body (the legacy session rule) is sent as its first, published alternative.
  const [published] = Array.isArray(schema.oneOf) ? schema.oneOf : [];
  if (published !== undefined) for (const n of required(doc, objectOf(doc, published))) names.add(n);
  return names;
}

describe.each(FAMILIES)('%s', (family) => {
  const collection = JSON.parse(text(family)) as PostmanCollection;
  const doc = loadBundle(family);
  const requests = requestsOf(collection.item);

  test('is what the converter and the finishing step make of the bundle, byte for byte', async () => {
    const json = readFileSync(path.join(rootDir, 'generated', family, 'openapi.json'), 'utf8');
    const again = renderCollection(finishCollection(family, await convertBundle(json), JSON.parse(json) as JsonObject));
    expect(again).toBe(text(family));
  });

  test('one request per operation, each with both developer headers from variables and a test script', () => {
    expect(requests).toHaveLength(operations(doc).length);
    for (const r of requests) {
      expect(r.request.header, r.name).toEqual(
        expect.arrayContaining([
          { key: 'developer-token', value: '{{developerToken}}' },
          { key: 'developer-access-code', value: '{{accessCode}}' },
        ]),
      );
      expect(r.request.url.host).toEqual(['{{baseUrl}}']);
      expect(r.event[0]?.script.exec.join('\n')).toMatch(/to\.be\.within\(200, 299\)/);
      expect(r.response).toEqual([]);
    }
    expect(collection.auth).toEqual({ type: 'noauth' });
  });

  test('bodies hold what the contract requires, the credentials as variables, no faked value', () => {
    const byPath = new Map(operations(doc).map((o) => [o.path.split('/').filter(Boolean).join('/'), o.operation]));
    for (const r of requests) {
      const operation = byPath.get(r.request.url.path.map((s) => s.replace(/^:(.+)$/, '{$1}')).join('/'));
      if (!operation) throw new Error(`${r.name}: no operation at ${r.request.url.path.join('/')}`);
      const body = JSON.parse(r.request.body?.raw ?? '{}') as Record<string, unknown>;
      const schema = requestSchema(doc, operation);
      const names = required(doc, schema);
      const media = objectOf(doc, objectOf(doc, objectOf(doc, operation.requestBody).content)['application/json']);
      // The contract's own example where it gives one (the observed flavours), else what the schema requires.
      const first = isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
      const example = isObject(first) && isObject(first.value) ? first.value : undefined;
      expect(Object.keys(body).sort(), r.name).toEqual(Object.keys(example ?? Object.fromEntries([...names].map((n) => [n, 0]))).sort());
      for (const field of ['Login', 'login']) if (names.has(field)) expect(body[field], r.name).toBe('{{Login}}');
      for (const field of ['Senha', 'senha']) if (names.has(field)) expect(body[field], r.name).toBe('{{Senha}}');
      // The converter's own placeholders and fakes: none survives.
      expect(r.request.body?.raw ?? '', r.name).not.toMatch(/"<(integer|number|string|boolean)>"|"string"|key_\d/);
    }
  });

  test('variables: baseUrl at the first server, the rest placeholders', () => {
    const values = Object.fromEntries(collection.variable.map((v) => [v.key, v.value]));
    const server = (doc.servers as JsonObject[])[0] as JsonObject;
    const variables = isObject(server.variables) ? server.variables : {};
    const expected = String(server.url).replace(/\{(\w+)\}/g, (_, name: string) => String((variables[name] as JsonObject).default));
    expect(values).toEqual({
      baseUrl: expected,
      developerToken: '<DEVELOPER_TOKEN>',
      accessCode: '<ACCESS_CODE>',
      Login: '<LOGIN>',
      Senha: '<PASSWORD>',
    });
    expect(values.baseUrl).toMatch(/\.invalid$/);
  });

  test("folders are the bundle's tags, in their order", () => {
    const tags = (doc.tags as JsonObject[]).map((t) => String(t.name));
    const used = new Set(operations(doc).flatMap((o) => (Array.isArray(o.operation.tags) ? o.operation.tags.map(String) : [])));
    expect(collection.item.map((f) => f.name)).toEqual(tags.filter((t) => used.has(t)));
  });
});

test("v2-pt's folders are Part 4.1's groups", () => {
  const collection = JSON.parse(text('v2-pt')) as PostmanCollection;
  expect(collection.item.map((f) => f.name)).toEqual([
    'Search and pricing',
    'Booking',
    'Ticketing',
    'Listing and search',
    'Seats',
    'Ancillaries',
    'Other',
    'Notifications',
  ]);
});

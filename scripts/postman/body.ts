// The body a collection's request carries: what the contract's request schema requires,
// with the schema's own examples where it gives them and a visible placeholder of the
// field's type where it does not (`<Localizador>`, 0, false), never a value that looks
// real. The agency credentials become the collection's variables.
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import { commonCredentialFields, credentialKind } from '../../src/lib/contract-index.ts';
import { followRefs } from '../../src/lib/refs.ts';

/** The variable a body field's credential goes in: its login or password kind (`x-credential`, any spelling), named as Part 2.1 writes it. */
export function credentialVariable(field: string): string | undefined {
  const kind = credentialKind(field);
  return kind === 'login' || kind === 'password' ? commonCredentialFields('v2-pt')?.[kind] : undefined;
}

const MAX_DEPTH = 8;

function schemaAt(doc: JsonRecord, node: unknown): JsonRecord {
  const target = followRefs(doc, node);
  return isRecord(target) ? target : {};
}

/** The properties and required names of a schema, its `allOf` branches merged. */
function objectShape(doc: JsonRecord, schema: JsonRecord, depth: number): { properties: JsonRecord; required: string[] } {
  const properties: JsonRecord = { ...(isRecord(schema.properties) ? schema.properties : {}) };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  if (Array.isArray(schema.allOf) && depth < MAX_DEPTH) {
    for (const branch of schema.allOf) {
      const shape = objectShape(doc, schemaAt(doc, branch), depth + 1);
      for (const [name, value] of Object.entries(shape.properties)) properties[name] ??= value;
      for (const name of shape.required) required.add(name);
    }
  }
  return { properties, required: [...required] };
}

function typeOf(schema: JsonRecord): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  if (typeof schema.type === 'string') return schema.type;
  if (isRecord(schema.properties) || Array.isArray(schema.allOf)) return 'object';
  return undefined;
}

/** A value for one field: its example, the credential's variable, or a placeholder of its type. */
export function exampleValue(doc: JsonRecord, schemaOrRef: unknown, name: string, depth = 0): unknown {
  const schema = schemaAt(doc, schemaOrRef);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0 && depth < MAX_DEPTH) return exampleValue(doc, branches[0], name, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object': {
      const { properties, required } = objectShape(doc, schema, depth);
      if (depth >= MAX_DEPTH) return {};
      return Object.fromEntries(required.map((field) => [field, exampleValue(doc, properties[field] ?? {}, field, depth + 1)]));
    }
    case 'array':
      return depth >= MAX_DEPTH ? [] : [exampleValue(doc, schema.items ?? {}, name, depth + 1)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return `<${name}>`;
  }
}

/** The request body of an operation (undefined when it takes none), its credentials made variables. */
export function exampleBody(doc: JsonRecord, operation: JsonRecord): unknown {
  const body = contractBody(doc, operation);
  if (!isRecord(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const variable = credentialVariable(field);
      return [field, variable ? `{{${variable}}}` : value];
    }),
  );
}

function contractBody(doc: JsonRecord, operation: JsonRecord): unknown {
  const requestBody = schemaAt(doc, operation.requestBody);
  const content = isRecord(requestBody.content) ? requestBody.content : {};
  const media = content['application/json'];
  if (!isRecord(media)) return undefined;
  if (media.example !== undefined) return media.example;
  if (isRecord(media.examples)) {
    const first = Object.values(media.examples).find(isRecord);
    if (first && first.value !== undefined) return first.value;
  }
  return exampleValue(doc, media.schema ?? {}, 'body');
}

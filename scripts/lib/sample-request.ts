// The smallest valid request body of an operation, derived from its schema: the
// examples a schema gives, else every required property with a value of its type.
// Used to drive the mock with valid calls (contract tests, benchmarks).
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import { followRefs } from '../../src/lib/refs.ts';

export function resolveRef(doc: JsonRecord, node: unknown): JsonRecord {
  const target = followRefs(doc, node);
  if (!isRecord(target)) throw new Error('reference does not lead to a schema');
  return target;
}

export function sampleValue(doc: JsonRecord, schemaOrRef: unknown, depth = 0): unknown {
  const schema = resolveRef(doc, schemaOrRef);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return sampleValue(doc, branches[0], depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, sampleValue(doc, properties[name] ?? {}, depth + 1)]));
    }
    case 'array':
      return depth > 8 ? [] : [sampleValue(doc, schema.items ?? {}, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'ABC123';
    default:
      return 'ABC123'; // an untyped field accepts any value
  }
}

export interface SampleCall {
  operationId: string;
  path: string;
  body: unknown;
}

/** One valid call per operation of a bundled document (templated segments filled in). */
export function sampleCalls(doc: JsonRecord): SampleCall[] {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([route, item]) => {
    const post = isRecord(item) ? item.post : undefined;
    if (!isRecord(post)) return [];
    const content = isRecord(resolveRef(doc, post.requestBody ?? {}).content)
      ? (resolveRef(doc, post.requestBody).content as JsonRecord)
      : {};
    const media = content['application/json'];
    const body = isRecord(media) ? sampleValue(doc, media.schema ?? {}) : undefined;
    return [{ operationId: String(post.operationId), path: route.replace(/\{[^}]+\}/g, 'Operacao'), body }];
  });
}

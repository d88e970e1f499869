// Answer validators of the flows runner, compiled once from the bundles with ajv (OpenAPI
// 3.1 schemas are JSON Schema 2020-12). Two contracts per operation:
// - published: the published V2 Portuguese answer schema of the same name (migration rule 1
//   keeps the names). The published legacy contract, whose route the flows were captured
//   on, has none of these operations, and the report says so;
// - observed: the observed flavour's answer schema of that operation, typed from the captures.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isObject } from '../lib/json.ts';
import { bundleFile } from '../lib/layout.ts';
import { followRefs } from '../lib/refs.ts';

export type ContractName = 'published' | 'observed';

export interface Verdict {
  contract: ContractName;
  /** Which schema judged the answer, in words. */
  schema: string;
  /** Undefined when no schema of that contract covers the operation. */
  valid: boolean | undefined;
  violations: string[];
}

type Doc = Record<string, unknown>;
const MAX_VIOLATIONS = 10;

function successSchema(doc: Doc, operation: string): unknown {
  const at = (node: unknown, key: string): unknown => {
    const resolved = followRefs(doc, node);
    return isObject(resolved) ? followRefs(doc, resolved[key]) : undefined;
  };
  const json = at(at(at(at(at(at(doc.paths, `/api/V2/Voos/${operation}`), 'post'), 'responses'), '200'), 'content'), 'application/json');
  // The schema as written: a $ref is compiled against the document's components.
  return isObject(json) ? json.schema : undefined;
}

function compiler(doc: Doc, id: string): (schema: unknown) => ValidateFunction {
  // Vendor extensions (x-observed, x-undocumented, …) and OpenAPI's `example` are annotations here.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: id, components: isObject(doc.components) ? doc.components : {} });
  return (schema) => {
    const ref = isObject(schema) && typeof schema.$ref === 'string' ? { $ref: `${id}${schema.$ref}` } : schema;
    return ajv.compile(ref as Doc);
  };
}

function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, MAX_VIOLATIONS).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

export interface AnswerValidators {
  check(operation: string, body: unknown): Verdict[];
}

export function loadValidators(rootDir: string): AnswerValidators {
  const read = (family: string) => JSON.parse(readFileSync(bundleFile(rootDir, family), 'utf8')) as Doc;
  const published = read('v2-pt');
  const observed = read('v2-pt-observed');
  const sources = [
    {
      contract: 'published' as const,
      doc: published,
      compile: compiler(published, 'https://published.flows.invalid/openapi.json'),
      words: (op: string) => `published V2 answer of ${op} (same name; the legacy route publishes none)`,
    },
    {
      contract: 'observed' as const,
      doc: observed,
      compile: compiler(observed, 'https://observed.flows.invalid/openapi.json'),
      words: (op: string) => `observed answer of ${op}`,
    },
  ];
  const cache = new Map<string, ValidateFunction | null>();
  return {
    check(operation, body) {
      return sources.map(({ contract, doc, compile, words }): Verdict => {
        const key = `${contract} ${operation}`;
        if (!cache.has(key)) {
          const schema = successSchema(doc, operation);
          cache.set(key, schema === undefined ? null : compile(schema));
        }
        const validate = cache.get(key);
        if (!validate) return { contract, schema: `no ${contract} schema of ${operation}`, valid: undefined, violations: [] };
        const valid = validate(body);
        return { contract, schema: words(operation), valid, violations: valid ? [] : describe(validate.errors) };
      });
    },
  };
}

// The MSW handlers' compiled contract (generated/msw/<document>.js): each operation's route,
// developer headers, declared statuses and examples, behaviours, its answer as the mock's start
// cache holds it, and its body validators as ajv standalone code, configured as the mock's. A
// page under a Content-Security-Policy that forbids eval runs them: nothing is compiled there.
import { HTTP_METHODS } from '../../src/lib/json.ts';
import { followRefs, isObject, type JsonObject } from '../../src/lib/refs.ts';
import type { RouteAnswers } from '../../src/mock/answers.ts';
import { routeKey } from '../../src/mock/answer-keys.ts';
import type { FamilyDocument } from '../../src/mock/join.ts';
import { MATCH_EXTENSION, requestExamplesOf, withoutCredentials } from '../../src/mock/pairs.ts';
import { RouteTable } from '../../src/mock/routes.ts';
import { createAjv, namedKeysOf } from '../../src/mock/validators.ts';
import { HEADER, rootSchema, standaloneModule } from '../lib/standalone-validators.ts';

export { decidingSchema } from '../lib/standalone-validators.ts';

export const MSW_DIR = 'msw';

/** The server's URL with its variables' defaults filled: `https://sandbox.invalid`. */
function serverUrls(doc: JsonObject): string[] {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  return servers.flatMap((server) => {
    if (typeof server !== 'object' || server === null || Array.isArray(server)) return [];
    const { url, variables } = server as { url?: unknown; variables?: Record<string, { default?: unknown }> };
    if (typeof url !== 'string') return [];
    return [url.replace(/\{([^}]+)\}/g, (_all, name: string) => String(variables?.[name]?.default ?? name))];
  });
}

export interface MswModule {
  /** `<id>.js`: the data, importing the two validator modules. */
  data: string;
  /** `<id>.first.js`: validators that stop at the first error. */
  first: string;
  /** `<id>.all.js`: validators that list every error. */
  all: string;
  types: string;
}

/** The part of an operation the decisions read (routes.ts): its refs followed, its schemas and example values left out. */
function decidingOperation(doc: JsonObject, op: unknown): JsonObject {
  const resolved = followRefs(doc, op);
  if (!isObject(resolved)) return {};
  const out: JsonObject = {};
  for (const key of ['operationId', 'security', 'x-observed-behaviours'] as const)
    if (resolved[key] !== undefined) out[key] = resolved[key];
  const body = followRefs(doc, resolved.requestBody);
  if (isObject(body)) {
    const content = isObject(body.content) ? body.content : {};
    // The request examples the pairs compare (pairs.ts), their credentials left out.
    const requestExamples = requestExamplesOf(doc, resolved);
    const examples = Object.fromEntries(
      requestExamples.map((e) => [
        e.name,
        { value: withoutCredentials(e.value), ...(e.match === undefined ? {} : { [MATCH_EXTENSION]: e.match }) },
      ]),
    );
    out.requestBody = {
      ...(body.required === true ? { required: true } : {}),
      // A schema stands here as `{}`: the validators are compiled apart.
      content: Object.fromEntries(
        Object.entries(content).map(([type, media]) => [
          type,
          {
            ...(isObject(followRefs(doc, media)) && (followRefs(doc, media) as JsonObject).schema !== undefined ? { schema: {} } : {}),
            ...(type === 'application/json' && requestExamples.length > 0 ? { examples } : {}),
          },
        ]),
      ),
    };
  }
  const responses = isObject(resolved.responses) ? resolved.responses : {};
  out.responses = Object.fromEntries(
    Object.entries(responses).map(([code, value]) => {
      const response = followRefs(doc, value);
      const content = isObject(response) && isObject(response.content) ? response.content : {};
      return [
        code,
        {
          content: Object.fromEntries(
            Object.entries(content).map(([type, media]) => {
              const m = followRefs(doc, media);
              const examples =
                isObject(m) && isObject(m.examples) ? Object.fromEntries(Object.keys(m.examples).map((name) => [name, {}])) : undefined;
              return [type, { ...(isObject(m) && m.schema !== undefined ? { schema: {} } : {}), ...(examples ? { examples } : {}) }];
            }),
          ),
        },
      ];
    }),
  );
  return out;
}

/** What RouteTable reads of a document, and nothing else: paths, security, and the named patterns' forms. */
function decidingDocument(doc: JsonObject): JsonObject {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const patterns = Object.fromEntries(
    Object.entries(schemas).flatMap(([name, schema]) =>
      isObject(schema) && typeof schema.pattern === 'string'
        ? [
            [
              name,
              {
                pattern: schema.pattern,
                ...(schema.description ? { description: schema.description } : {}),
                ...(schema.examples ? { examples: schema.examples } : {}),
              },
            ],
          ]
        : [],
    ),
  );
  const paths = isObject(doc.paths) ? doc.paths : {};
  return {
    ...(doc.security ? { security: doc.security } : {}),
    components: { securitySchemes: components.securitySchemes ?? {}, schemas: patterns },
    paths: Object.fromEntries(
      Object.entries(paths).map(([template, item]) => {
        const resolved = followRefs(doc, item);
        const ops = isObject(resolved)
          ? Object.entries(resolved).filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
          : [];
        return [template, Object.fromEntries(ops.map(([method, op]) => [method, decidingOperation(doc, op)]))];
      }),
    ),
  };
}

export function mswModule(document: FamilyDocument, answers: RouteAnswers): MswModule {
  const doc = document.doc as JsonObject;
  const routes = new RouteTable([document]);
  const code = { source: true, esm: true } as const;
  const first = createAjv(false, code);
  const all = createAjv(true, code);
  const names: Record<string, string> = {};
  const validators: string[] = [];
  routes.operations.forEach((op, i) => {
    if (op.bodySchema === undefined) return;
    const name = `o${i}`;
    const root = rootSchema(doc, op.bodySchema) as JsonObject;
    first.addSchema(root, name);
    all.addSchema(root, name);
    names[name] = name;
    validators.push(`${JSON.stringify(routeKey(op.method, op.template))}:[first.${name},all.${name}]`);
  });
  const data = {
    id: document.id,
    servers: serverUrls(doc),
    doc: decidingDocument(doc),
    namedKeys: [...namedKeysOf([document])].sort(),
    answers,
  };
  const dataText =
    `${HEADER}import * as first from ${JSON.stringify(`./${document.id}.first.js`)};\n` +
    `import * as all from ${JSON.stringify(`./${document.id}.all.js`)};\n` +
    `export default {...${JSON.stringify(data)},\n"validators":{${validators.join(',\n')}}};\n`;
  const types =
    `${HEADER}// The shape is read by the MSW entry (src/msw.ts); it is not part of the public API.\n` +
    'declare const document: { readonly id: string; readonly [key: string]: unknown };\nexport default document;\n';
  return { data: dataText, first: standaloneModule(first, names), all: standaloneModule(all, names), types };
}

// The build's check of a document's named example pairs (pairs.ts): each request example fits
// its request schema and has exactly one response of its name, under a declared status (never
// `default`), whose example fits that status's schema; each `x-mock-match` pointer resolves;
// no two request examples match exactly the same calls. A broken pair would otherwise be
// dropped silently by the mock: the pipeline fails naming it (mock-step.ts).
import { followRefs, isObject, type JsonObject } from '../lib/refs.ts';
import { conditionKey, conditionsOf, requestExamplesOf } from './pairs.ts';
import { RouteTable } from './routes.ts';
import { compileBodyValidator, compileSchemaValidator, validatorCompilers, type BodyCheck } from './validators.ts';

function shown(check: BodyCheck): string {
  const v = check.listed[0];
  return v ? `${v.location.slice(2).join('.') || 'the body'}: ${v.message}` : 'does not fit the schema';
}

/** The JSON answer's named examples of each response key (`200`, `default`…), values resolved. */
function responseExamples(doc: JsonObject, operation: JsonObject): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [code, raw] of Object.entries(responses)) {
    const response = followRefs(doc, raw);
    const media = isObject(response) && isObject(response.content) ? followRefs(doc, response.content['application/json']) : undefined;
    const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
    out.set(
      code,
      new Map(
        Object.entries(examples).map(([name, example]) => {
          const resolved = followRefs(doc, example);
          return [name, isObject(resolved) ? resolved.value : undefined];
        }),
      ),
    );
  }
  return out;
}

/** Every broken pair of the document, one line each, naming the operation and the example. */
export function pairProblems(document: { id: string; doc: JsonObject }): string[] {
  const { doc } = document;
  const routes = new RouteTable([document]);
  const compilers = validatorCompilers([document]);
  const problems: string[] = [];
  for (const op of routes.operations) {
    const paths = isObject(doc.paths) ? doc.paths : {};
    const item = followRefs(doc, paths[op.template]);
    const operation = isObject(item) ? followRefs(doc, item[op.method]) : undefined;
    if (!isObject(operation)) continue;
    const requests = requestExamplesOf(doc, operation);
    if (requests.length === 0) continue;
    const where = `${op.method.toUpperCase()} ${op.template}`;
    const validate = compileBodyValidator(compilers, op);
    const answers = responseExamples(doc, operation);
    const seen = new Map<string, string>();
    for (const example of requests) {
      const named = `${where}: example ${JSON.stringify(example.name)}`;
      const check = validate(example.value);
      if (check) problems.push(`${named}: the request example does not fit the request schema (${shown(check)})`);
      const codes = [...answers].filter(([, names]) => names.has(example.name)).map(([code]) => code);
      if (codes.length === 0) problems.push(`${named}: a request example with no response example of the same name`);
      if (codes.length > 1) problems.push(`${named}: the name is under ${codes.length} statuses (${codes.join(', ')}); a pair has one`);
      if (codes.includes('default')) problems.push(`${named}: a pair under \`default\`; a pair names a declared status`);
      const code = codes.length === 1 ? codes[0] : undefined;
      if (code !== undefined && /^\d{3}$/.test(code)) {
        const schema = op.responses.find((r) => r.code === code)?.contents.find((c) => c.mediaType === 'application/json')?.schema;
        const answer = answers.get(code)?.get(example.name);
        const answerCheck = schema === undefined ? undefined : compileSchemaValidator(compilers, doc, schema, 'response')(answer);
        if (answerCheck) problems.push(`${named}: the ${code} response example does not fit its schema (${shown(answerCheck)})`);
      }
      const read = conditionsOf(example.value, example.match);
      if (!read.ok) {
        problems.push(`${named}: ${read.detail}`);
        continue;
      }
      const key = conditionKey(read.conditions);
      const twin = seen.get(key);
      if (twin !== undefined) problems.push(`${named}: matches exactly the same calls as example ${JSON.stringify(twin)}`);
      else seen.set(key, example.name);
    }
  }
  return problems;
}

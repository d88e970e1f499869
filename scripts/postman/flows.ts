// The certification scenarios as one Postman collection: a folder per scenario, a request
// per captured step in order, each body the captured one with the credentials as
// variables and every field the lineage threads taken from a variable that the earlier
// step's test script set from its answer: the identifiers the flows mock (or the sandbox)
// hands out, never the captured ones.
import type { Lineage } from '../../src/scenarios/lineage.ts';
import type { Scenario } from '../../src/scenarios/read.ts';
import { CAPTURED_PREFIX, SCENARIO_HEADER, plannedRequests } from '../../src/flows/runner.ts';
import { COLLECTION_SCHEMA, type PostmanCollection, type PostmanFolder, type PostmanRequest } from './finish.ts';
import { stableId } from './ids.ts';

const ID = 'flows';

/** The variable a threaded value travels in: its source step and path, in letters and digits. */
export function threadVariable(fromStep: string, fromPath: string): string {
  return `${fromStep}_${fromPath}`.replace(/[^A-Za-z0-9]+/g, '_');
}

/** A JavaScript accessor for a lineage path (`ViagensTrecho1[0].Id` → `["ViagensTrecho1"][0]["Id"]`). */
function accessor(at: string): string {
  return at
    .split('.')
    .flatMap((part) => {
      const m = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
      if (!m) throw new Error(`lineage path ${at}: cannot read ${part}`);
      return [JSON.stringify(m[1]), ...[...(m[2] as string).matchAll(/\[(\d+)\]/g)].map((i) => i[1] as string)];
    })
    .map((key) => `[${key}]`)
    .join('');
}

/** The raw JSON body: threaded strings quoted, threaded numbers bare, so the answer's type goes as it came. */
function rawBody(body: Record<string, unknown>, threaded: ReadonlyMap<string, string>): string {
  const marks = new Map<string, string>();
  const marked = Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const variable = threaded.get(field);
      if (!variable) return [field, value];
      const mark = `\u0000${marks.size}\u0000`;
      marks.set(JSON.stringify(mark), typeof value === 'number' ? `{{${variable}}}` : `"{{${variable}}}"`);
      return [field, mark];
    }),
  );
  let raw = JSON.stringify(marked, null, 2);
  for (const [mark, replacement] of marks) raw = raw.replace(mark, replacement);
  return raw;
}

/** The collection of every captured scenario, threaded through the lineage. */
export function flowsCollection(scenarios: readonly Scenario[], lineage: Lineage, baseUrl: string): PostmanCollection {
  const folders = scenarios.map((scenario): PostmanFolder => {
    const planned = plannedRequests(scenario, lineage);
    const item = planned.map((step, i): PostmanRequest => {
      const threaded = new Map(step.threads.map((t) => [t.field, threadVariable(t.fromStep, t.fromPath)]));
      const body = { Login: '{{Login}}', Senha: '{{Senha}}', ...(step.body as Record<string, unknown>) };
      // What later steps of this scenario take from this step's answer.
      const handed = planned
        .slice(i + 1)
        .flatMap((later) => later.threads.filter((t) => t.fromStep === step.id))
        .filter((t, k, all) => all.findIndex((o) => o.fromPath === t.fromPath) === k);
      const operation = step.path.slice(CAPTURED_PREFIX.length + 1);
      return {
        id: stableId(ID, scenario.name, step.id),
        name: `${step.id}`,
        request: {
          method: 'POST',
          header: [
            { key: 'Content-Type', value: 'application/json' },
            { key: 'Accept', value: 'application/json' },
            { key: 'developer-token', value: '{{developerToken}}' },
            { key: 'developer-access-code', value: '{{accessCode}}' },
            { key: SCENARIO_HEADER, value: scenario.name },
          ],
          body: { mode: 'raw', raw: rawBody(body, threaded), options: { raw: { language: 'json' } } },
          url: { raw: `{{baseUrl}}${CAPTURED_PREFIX}/${operation}`, host: ['{{baseUrl}}'], path: [CAPTURED_PREFIX.slice(1), operation] },
        },
        response: [],
        event: [
          {
            listen: 'test',
            script: {
              type: 'text/javascript',
              exec: [
                "pm.test('answered 2xx', function () {",
                '  pm.expect(pm.response.code).to.be.within(200, 299);',
                '});',
                ...handed.flatMap((t) => [
                  `pm.test(${JSON.stringify(`the answer hands out ${t.fromPath}`)}, function () {`,
                  `  const value = pm.response.json()${accessor(t.fromPath)};`,
                  '  pm.expect(value).to.not.be.oneOf([undefined, null]);',
                  `  pm.collectionVariables.set(${JSON.stringify(threadVariable(t.fromStep, t.fromPath))}, value);`,
                  '});',
                ]),
              ],
            },
          },
        ],
      };
    });
    return { id: stableId(ID, 'folder', scenario.name), name: scenario.name, item };
  });
  const variable = (key: string, value: string, description: string) => ({ key, value, type: 'string' as const, description });
  return {
    info: {
      _postman_id: stableId(ID, 'collection'),
      name: 'Air travel booking — certification scenarios (observed, replayed by `mock --flows`)',
      description: {
        content:
          'The captured certification scenarios (evidence/flows, sanitized), a folder each, run in order. Observed, not published by the provider: ' +
          'the operations are called on the legacy route where they were captured. Each identifier a step hands out goes to the later steps ' +
          'through a variable its test script sets. Run against `air-travel-api-contract mock --flows` (docs/flows.md) or a sandbox.',
        type: 'text/plain',
      },
      schema: COLLECTION_SCHEMA,
    },
    item: folders,
    auth: { type: 'noauth' },
    variable: [
      variable(
        'baseUrl',
        baseUrl,
        'The legacy service. Point it at the flows mock (http://127.0.0.1:4010) or at the address the operator gives.',
      ),
      variable('developerToken', '<DEVELOPER_TOKEN>', 'Sent as the developer-token header.'),
      variable('accessCode', '<ACCESS_CODE>', 'Sent as the developer-access-code header: made with createAccessCode from the package.'),
      variable('Login', '<LOGIN>', 'The agency login, sent in the body.'),
      variable('Senha', '<PASSWORD>', 'The agency password, sent in the body.'),
    ],
  };
}

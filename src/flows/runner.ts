// Drives certification scenarios step by step with the typed client, on the route they
// were captured on (`AereoNoSession.svc/<Operation>`): each request is the captured one,
// with every field the lineage threads taken from this run's earlier answer (same path,
// same item), the caller's credentials in place of the captured placeholders, and every
// answer checked against the published and the observed contract.
import { createFamilyClient, type Family, type FamilyClient } from '../client.ts';
import { CREDENTIAL_FIELDS, type Credentials } from '../credentials.ts';
import { CallError, SessionExpiredError } from '../errors.ts';
import { credentialKind, isRedactedField, REDACTED } from '../lib/contract-index.ts';
import { createRedactor } from '../redact.ts';
import { secretsIn } from '../secret-fields.ts';
import type { V2ObservedPaths } from '../v2-observed.ts';
import type { Lineage, StepLineage } from '../scenarios/lineage.ts';
import type { Scenario } from '../scenarios/read.ts';
import type { AnswerValidators, Verdict } from './validators.ts';
import type { Exchange } from '../record/recorder.ts';

export const CAPTURED_PREFIX = '/AereoNoSession.svc';
/**
 * Sent with every call: the flows mock then matches within this scenario (two scenarios
 * captured the same search with different answers). A sandbox ignores an unknown header.
 */
export const SCENARIO_HEADER = 'x-mock-flows-scenario';

/** The captured route typed by the observed flavour: the same operations and payloads, under the legacy prefix. */
export type CapturedRoutePaths = {
  [K in keyof V2ObservedPaths as K extends `/api/V2/Voos/${infer Op}` ? `${typeof CAPTURED_PREFIX}/${Op}` : never]: V2ObservedPaths[K];
};
type CapturedPath = keyof CapturedRoutePaths & string;
type StepBody = Parameters<FamilyClient<CapturedRoutePaths, true>['call']>[1];

/** The legacy service read as the captures show it: credentials under Part 2.1's names; an expired session is an error. */
const capturedRoute: Family = {
  name: 'legacy (captured route, observed)',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  inspect(body, context) {
    if (typeof body === 'object' && body !== null && (body as { SessaoExpirada?: unknown }).SessaoExpirada === true) {
      throw new SessionExpiredError(context.target, context.redact(body));
    }
  },
};

export interface RunnerOptions {
  baseUrl: string;
  developerToken: string;
  accessCode: string;
  /** Sent in every body in place of the captured Login and Senha (and ClienteId when given). */
  credentials: Credentials;
  validators: AnswerValidators;
  timeout?: number;
  /** Told of every exchange as it went on the wire (the request the client built, the answer), for a recording. */
  onExchange?: (exchange: Exchange) => Promise<void>;
}

export interface Threaded {
  field: string;
  value: string;
  /** `02-Disponibilidade ViagensTrecho1[0].IdentificacaoDaViagem`, or why the captured value was sent. */
  from: string;
}

export interface StepResult {
  id: string;
  operation: string;
  path: string;
  status: 'pass' | 'fail';
  ms: number;
  /** The flows mock's `x-mock-flows` answer header (`replay`, `no-match`, …), when it sent one. */
  mock: string | undefined;
  /** `Exception.Message` of the answer: the service's own error report, in the body. */
  serviceMessage: string | undefined;
  verdicts: Verdict[];
  threaded: Threaded[];
  /** Identifiers this answer handed out to later steps: path = value. */
  identifiers: Array<{ path: string; value: string }>;
  problems: string[];
}

export interface ScenarioResult {
  name: string;
  status: 'pass' | 'fail';
  steps: StepResult[];
}

type Json = Record<string, unknown>;

/** The value at `A[0].B.C` in a JSON value. */
export function valueAt(root: unknown, at: string): unknown {
  let node = root;
  for (const key of at.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The captured body without its login and password, however the capture spelt them (the client adds the caller's). */
function withoutCredentials(body: Json): Json {
  const rest: Json = {};
  for (const [key, value] of Object.entries(body)) {
    const kind = credentialKind(key);
    if (kind !== 'login' && kind !== 'password') rest[key] = value;
  }
  return rest;
}

/** The request of each step as it will go, with threaded fields named by their source. */
export function plannedRequests(
  scenario: Scenario,
  lineage: Lineage,
): Array<{ id: string; path: string; body: Json; threads: StepLineage['threads'] }> {
  const steps = lineage.scenarios.find((s) => s.name === scenario.name)?.steps ?? [];
  return scenario.steps.map((step, i) => ({
    id: step.id,
    path: `${CAPTURED_PREFIX}/${step.operation}`,
    body: withoutCredentials(step.request),
    threads: steps[i]?.threads ?? [],
  }));
}

export async function runScenario(scenario: Scenario, lineage: Lineage, options: RunnerOptions): Promise<ScenarioResult> {
  // The last answer's headers, set by the transport below.
  const seen: { headers: Headers | undefined } = { headers: undefined };
  const answerHeader = (name: string): string | undefined => seen.headers?.get(name) ?? undefined;
  const client = createFamilyClient<CapturedRoutePaths, true>(capturedRoute, {
    baseUrl: options.baseUrl,
    developerToken: options.developerToken,
    accessCode: options.accessCode,
    credentials: options.credentials,
    ...(options.timeout ? { timeout: options.timeout } : {}),
    // Only to read the answer's headers (the flows mock's x-mock-flows); the request goes as the client built it.
    fetch: async (request) => {
      const sent = options.onExchange ? await request.clone().text() : '';
      const response = await fetch(request);
      seen.headers = response.headers;
      if (options.onExchange) {
        const answer = await response.clone().text();
        await options.onExchange({
          path: new URL(request.url).pathname,
          request: jsonOrUndefined(sent),
          requestText: sent,
          status: response.status,
          response: jsonOrUndefined(answer),
          responseText: answer,
          mediaType: response.headers.get('content-type') ?? 'unknown',
          secrets: [options.developerToken, options.accessCode],
        });
      }
      return response;
    },
  });
  // The client's own redactor: every encoding of the login, password, access code, developer
  // token and of every value a secret field of a sent body or an answer held (a session token).
  const secrets = new Set([options.credentials.Login, options.credentials.Senha, options.accessCode, options.developerToken]);
  let redactor = createRedactor([...secrets].filter((s) => s !== ''));
  const learn = (value: unknown): void => {
    const before = secrets.size;
    for (const secret of secretsIn(value)) secrets.add(secret);
    if (secrets.size !== before) redactor = createRedactor([...secrets].filter((s) => s !== ''));
  };
  const clean = (text: string) => redactor.text(text);
  /** A threaded or handed-out value for the report: a secret field's is never shown. */
  const shown = (field: string, value: unknown): string => (isRedactedField(field) ? REDACTED : clean(String(value)));
  const lineageSteps = lineage.scenarios.find((s) => s.name === scenario.name)?.steps ?? [];
  const answers = new Map<string, unknown>();
  const results: StepResult[] = [];
  for (const [i, planned] of plannedRequests(scenario, lineage).entries()) {
    const step = scenario.steps[i] as Scenario['steps'][number];
    const problems: string[] = [];
    const threaded: Threaded[] = [];
    const body: Json = { ...planned.body };
    for (const t of planned.threads) {
      const value = valueAt(answers.get(t.fromStep), t.fromPath);
      if (value === undefined || value === null) {
        problems.push(`cannot thread ${t.field}: the answer of ${t.fromStep} has no ${t.fromPath}`);
        continue;
      }
      body[t.field] = value;
      threaded.push({ field: t.field, value: shown(t.field, value), from: `${t.fromStep} ${t.fromPath}` });
    }
    for (const gap of lineageSteps[i]?.gaps ?? []) {
      threaded.push({ field: gap, value: shown(gap, body[gap]), from: 'the captured value (no earlier captured answer gave it)' });
    }
    learn(body);
    seen.headers = undefined;
    const started = performance.now();
    let answer: unknown;
    try {
      // The body is the captured one, checked by the mock or the service, not by the compiler.
      answer = await client.call(planned.path as CapturedPath, body as StepBody, { headers: { [SCENARIO_HEADER]: scenario.name } });
    } catch (error) {
      problems.push(
        clean(error instanceof CallError ? `${error.name}: ${error.message}` : `${(error as Error).name}: ${(error as Error).message}`),
      );
    }
    const ms = performance.now() - started;
    const mock = answerHeader('x-mock-flows');
    if (mock !== undefined && mock !== 'replay') {
      const reason = answerHeader('x-mock-flows-reason');
      problems.push(`the flows mock did not replay this step (${mock}${reason ? `: ${reason}` : ''})`);
    }
    const replayed = `${answerHeader(SCENARIO_HEADER) ?? ''}/${answerHeader('x-mock-flows-step') ?? ''}`;
    if (mock === 'replay' && replayed !== `${scenario.name}/${step.id}`)
      problems.push(`the flows mock replayed ${replayed}, not this step`);
    const verdicts = answer === undefined ? [] : options.validators.check(step.operation, answer);
    for (const v of verdicts) if (v.valid === false) problems.push(`the answer breaks the ${v.contract} contract`);
    const exception =
      typeof answer === 'object' && answer !== null ? (answer as { Exception?: { Message?: unknown } | null }).Exception : undefined;
    const serviceMessage = exception && typeof exception.Message === 'string' ? clean(exception.Message) : undefined;
    if (answer !== undefined) answers.set(step.id, answer);
    learn(answer);
    const identifiers: StepResult['identifiers'] = [];
    for (const later of lineageSteps.slice(i + 1)) {
      for (const t of later.threads) {
        if (t.fromStep !== step.id || identifiers.some((x) => x.path === t.fromPath)) continue;
        const value = valueAt(answer, t.fromPath);
        if (value !== undefined && value !== null)
          identifiers.push({ path: t.fromPath, value: shown(t.fromPath.split(/[.[]/).at(-1) ?? '', value) });
      }
    }
    results.push({
      id: step.id,
      operation: step.operation,
      path: planned.path,
      status: problems.length === 0 ? 'pass' : 'fail',
      ms,
      mock,
      serviceMessage,
      verdicts,
      threaded,
      identifiers,
      problems,
    });
  }
  return { name: scenario.name, status: results.every((r) => r.status === 'pass') ? 'pass' : 'fail', steps: results };
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// One call of one family's client to a faulty server, with canary secrets in every place
// a call carries them, and what is wrong with the error it gave.
import { AbortedError, CallError, HttpStatusError, TimeoutError, type ClientOptions } from '../../src/index.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV1Client } from '../../src/v1.ts';
import { createV2Client } from '../../src/v2.ts';
import { createV2EnClient } from '../../src/v2-en.ts';
import { createV3Client } from '../../src/v3.ts';
import { concretePath, type FaultOperation } from './fault-operations.ts';
import type { Fault } from './faults.ts';
import type { FaultServer } from './fault-server.ts';
import { jsonWire, leaksIn } from './leak-scan.ts';

/** The secrets of a call: the agency password, a user's password, the second-factor token, the legacy session token, the access code. */
export interface Canaries {
  senha: string;
  userSenha: string;
  securityToken: string;
  sessionToken: string;
  accessCode: string;
  /** Where one secret holds another: the rest of the outer one, which must not show either. */
  fragments?: readonly string[];
}

/** How the call is limited in time: the client's `timeout`, the call's, the caller's `AbortSignal.timeout`, or the caller aborting. */
export interface Limit {
  where: 'client' | 'call' | 'signal-timeout' | 'signal-abort';
  ms: number;
}

export const DEVELOPER_TOKEN = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

type LooseClient = { call(path: string, body: unknown, options?: object): Promise<unknown> };
type Factory = (options: ClientOptions & { credentials?: { Login: string; Senha: string; ClienteId?: number } }) => unknown;
const FACTORIES: Record<string, Factory> = {
  'v2-pt': createV2Client,
  legacy: createLegacyClient,
  v1: createV1Client,
  'v2-en': createV2EnClient,
  v3: createV3Client,
};
/** v2-en takes no `credentials` option: its credential names are not published, so the integrator writes them in the body. */
const WITHOUT_CREDENTIALS = new Set(['v2-en']);

/**
 * The body of a call: the contract's valid body with every secret field set to a canary,
 * and every canary added where the body lacks it (the client does not validate bodies,
 * so every canary travels on every call and every fault can show it).
 */
export function bodyWith(op: FaultOperation, canaries: Canaries): Record<string, unknown> {
  const replace = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((item) => replace(item, depth + 1));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const name = key.toLowerCase();
      if (name === 'senha') out[key] = depth === 0 ? canaries.senha : canaries.userSenha;
      else if (name === 'tokendeseguranca') out[key] = canaries.securityToken;
      else if (name === 'token') out[key] = canaries.sessionToken;
      else out[key] = replace(inner, depth + 1);
    }
    return out;
  };
  const body = replace(op.body, 0) as Record<string, unknown>;
  // The client merges the agency credentials itself, so the password comes from its options.
  if (!WITHOUT_CREDENTIALS.has(op.family)) {
    for (const key of ['Login', 'login', 'Senha', 'senha']) delete body[key];
  } else {
    body.Senha = canaries.senha;
  }
  body.TokenDeSeguranca ??= canaries.securityToken;
  body.AutenticacaoUsuario ??= { Login: 'usuario', Senha: canaries.userSenha };
  if (op.family === 'legacy') body.token ??= canaries.sessionToken;
  return body;
}

export interface Outcome {
  error: unknown;
  elapsedMs: number;
}

/** Calls `op` through `fault`; resolves with what the call rejected with (or its value, which is a failure). */
export async function faultedCall(
  server: FaultServer,
  fault: Fault,
  op: FaultOperation,
  canaries: Canaries,
  limit: Limit,
): Promise<Outcome> {
  const client = FACTORIES[op.family]!({
    baseUrl: `${server.url}/${fault.id}`,
    developerToken: DEVELOPER_TOKEN,
    accessCode: canaries.accessCode,
    ...(WITHOUT_CREDENTIALS.has(op.family) ? {} : { credentials: { Login: 'agencia', Senha: canaries.senha, ClienteId: 42 } }),
    ...(limit.where === 'client' ? { timeout: limit.ms } : {}),
  }) as LooseClient;
  const controller = new AbortController();
  // real time: the caller's own abort timer and AbortSignal.timeout are under test, against a stall that never answers.
  const abortTimer = limit.where === 'signal-abort' ? setTimeout(() => controller.abort(), limit.ms) : undefined;
  const options = {
    ...(op.pathParams ? { params: { path: op.pathParams } } : {}),
    ...(limit.where === 'call' ? { timeout: limit.ms } : {}),
    // real time: as above, the caller's AbortSignal.timeout.
    ...(limit.where === 'signal-timeout' ? { signal: AbortSignal.timeout(limit.ms) } : {}),
    ...(limit.where === 'signal-abort' ? { signal: controller.signal } : {}),
  };
  const started = performance.now();
  try {
    const value = await client.call(op.template, bodyWith(op, canaries), options);
    return { error: { resolvedWith: value }, elapsedMs: performance.now() - started };
  } catch (error) {
    return { error, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(abortTimer);
  }
}

/** The error class a fault must give under a time limit. */
export function expectedClass(fault: Fault, limit: Limit): Fault['expected'] {
  if (!fault.stalls) return fault.expected;
  return limit.where === 'signal-abort' ? AbortedError : TimeoutError;
}

/** A stalled call must end within its limit plus this much (a bound, not a timing test). */
export const STALL_MARGIN_MS = 15_000;

/** What is wrong with the outcome of a faulted call; empty when the error is right and holds no secret. */
export function problemsOf(
  server: FaultServer,
  fault: Fault,
  op: FaultOperation,
  canaries: Canaries,
  limit: Limit,
  outcome: Outcome,
): string[] {
  const { error } = outcome;
  const problems: string[] = [];
  const expected = expectedClass(fault, limit);
  if (!(error instanceof CallError)) {
    problems.push(`gave ${describe(error)}, not a CallError`);
  } else {
    if (error.constructor !== expected) problems.push(`gave ${error.name} (${error.message}), expected ${expected.name}`);
    if (error.operation !== op.operation)
      problems.push(`operation ${JSON.stringify(error.operation)}, expected ${JSON.stringify(op.operation)}`);
    if (error.path !== op.template) problems.push(`path ${error.path}, expected ${op.template}`);
    if (!error.message.startsWith(`${op.operation}: `)) problems.push(`message does not start with the operation: ${error.message}`);
    if (fault.status !== undefined && error instanceof HttpStatusError && error.status !== fault.status)
      problems.push(`status ${error.status}, expected ${fault.status}`);
    if (error instanceof TimeoutError) {
      const ms = limit.where === 'signal-timeout' ? undefined : limit.ms;
      if (error.timeoutMs !== ms) problems.push(`timeoutMs ${error.timeoutMs}, expected ${ms}`);
    }
  }
  if (fault.stalls && outcome.elapsedMs > limit.ms + STALL_MARGIN_MS)
    problems.push(`took ${Math.round(outcome.elapsedMs)} ms with a limit of ${limit.ms} ms`);
  const { fragments = [], ...secrets } = canaries;
  const scanned = {
    ...secrets,
    developerToken: DEVELOPER_TOKEN,
    ...Object.fromEntries(fragments.map((fragment, i) => [`fragment ${i + 1} of a nested secret`, fragment])),
  };
  const leaked = error instanceof Error ? leaksIn(error, scanned) : [];
  if (leaked.length > 0) problems.push(`the error shows ${leaked.join(', ')}`);
  if (!reachedServer(server, fault, op, canaries))
    problems.push('no request carrying every canary reached the server (the check above would mean nothing)');
  return problems;
}

/** Whether a request of this call, carrying every canary in its wire form, reached the faulty server. */
function reachedServer(server: FaultServer, fault: Fault, op: FaultOperation, canaries: Canaries): boolean {
  const path = concretePath(op);
  return server.received.some(
    (r) =>
      r.fault === fault.id &&
      r.path === path &&
      r.headers['developer-access-code'] === canaries.accessCode &&
      r.headers['developer-token'] === DEVELOPER_TOKEN &&
      [canaries.senha, canaries.userSenha, canaries.securityToken].every((secret) => r.text.includes(jsonWire(secret))) &&
      (op.family !== 'legacy' || r.text.includes(jsonWire(canaries.sessionToken))),
  );
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return JSON.stringify(value)?.slice(0, 200) ?? String(value);
}

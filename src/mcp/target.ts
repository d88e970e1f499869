// Where a tool call goes: the mock's decisions in this process (the default: no port, no
// network; the same decisions the mock, the MSW handlers and the console make), or a real
// base URL. A real call is sent once: no retry, no redirect followed (a redirect could carry
// the credentials to another origin), and a failure keeps only its code, never the foreign
// error as a cause. An answer that breaks after its status came is told apart: the call left.
import { compiledDecider, type CompiledDocument } from '../mock/compiled.ts';
import type { Decision, DecisionRequest } from '../mock/decide.ts';
import { problem } from '../mock/problem.ts';
import type { MockResponder } from '../mock/responder.ts';

export interface Sent {
  status: number;
  headers: Record<string, string>;
  /** The answer's text (empty when it has none). */
  text: string;
}

export interface TargetRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface Target {
  /** `in-process mock` or the base URL, as results name it. */
  readonly name: string;
  readonly real: boolean;
  send(request: TargetRequest): Promise<Sent>;
}

/** Each document's compiled contract (generated/msw/<id>.js), loaded on first need. */
async function compiledDocument(id: string): Promise<CompiledDocument> {
  const loaded = (await import(`../../generated/msw/${id}.js`)) as { default: CompiledDocument };
  return loaded.default;
}

/** Each document's decider, made once per process: every MCP session over HTTP shares it (it keeps no state between calls). */
const deciders = new Map<string, Promise<ReturnType<typeof compiledDecider>>>();

/** The mock's decisions on one document, in this process. */
export async function inProcessTarget(documentId: string, respond?: MockResponder): Promise<Target> {
  // One decider per document for the stateless mock (shared by every session); a stateful responder gets its own.
  let deciding = respond ? undefined : deciders.get(documentId);
  if (!deciding) {
    deciding = compiledDocument(documentId).then((doc) => compiledDecider([doc], respond ? { respond } : {}));
    if (!respond) {
      deciders.set(documentId, deciding);
      deciding.catch(() => deciders.delete(documentId));
    }
  }
  const decider = await deciding;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const sendDecision = (decision: Decision): Sent => {
    if (decision.kind !== 'send') {
      // Every answer is compiled in: only `Prefer: dynamic=true` would need Prism, and no tool sends it.
      const p = problem(501, 'This answer needs the mock server (npx air-travel-api-contract mock): the in-process mock has none.');
      return { status: p.status, headers: { 'content-type': 'application/problem+json' }, text: JSON.stringify(p) };
    }
    const body = decision.body;
    const text = body === undefined ? '' : typeof body === 'string' ? body : decoder.decode(body);
    return { status: decision.status, headers: decision.headers, text };
  };
  return {
    name: 'in-process mock',
    real: false,
    async send(request) {
      const bytes = encoder.encode(request.body);
      const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const input: DecisionRequest = {
        method: request.method.toUpperCase(),
        target: request.path,
        headers: lower,
        body: { length: bytes.length, chunks: [bytes], bytes: () => bytes },
      };
      return sendDecision(decider.decide(input));
    },
  };
}

/** Thrown when a real call got no answer: its message names the code only. */
export class TargetFailure extends Error {
  override name = 'TargetFailure';
}

/** Thrown when a real call's answer broke off after its status came: the request was sent, and may have taken effect. */
export class AnswerBroken extends Error {
  override name = 'AnswerBroken';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(`the answer broke off after its status (${status}): ${code}`);
    this.status = status;
    this.code = code;
  }
}

/** The code of a fetch failure (undici puts the socket's in `cause`), or the error's name: never its text. */
function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'Error';
}

/** At most `max` bytes of a body, read as it arrives (a larger answer is never held whole); the reader is cancelled past it. */
async function boundedBytes(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = max - length;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    length += Math.min(value.length, room);
    if (length >= max) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The largest answer kept, as the proxy keeps (4 MiB): more is cut, and said so. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** A real server: one POST per call, never retried, redirects not followed. */
export function httpTarget(baseUrl: string, timeoutMs = 30_000): Target {
  const base = new URL(baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError('--base-url must be an http or https URL.');
  if (base.username || base.password || base.search || base.hash)
    throw new TypeError('--base-url must not carry credentials, a query or a fragment.');
  const root = base.href.replace(/\/$/, '');
  return {
    name: root,
    real: true,
    async send(request) {
      let response: Response;
      try {
        response = await fetch(`${root}${request.path}`, {
          method: request.method.toUpperCase(),
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TargetFailure(`No answer from ${base.origin}: ${failureCode(error)}. Nothing is retried.`);
      }
      let kept: Uint8Array;
      try {
        kept = await boundedBytes(response.body, MAX_ANSWER_BYTES);
      } catch (error) {
        throw new AnswerBroken(response.status, failureCode(error));
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { status: response.status, headers, text: new TextDecoder().decode(kept) };
    },
  };
}

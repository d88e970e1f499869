// The faults the client meets on purpose, each with the typed error it must give. Most
// faults echo the request (body with its secrets, and headers with the access code)
// into whatever they answer, so a client that failed to redact would show a secret.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  AuthenticationError,
  HttpStatusError,
  NetworkError,
  NonJsonResponseError,
  SessionExpiredError,
  TimeoutError,
  UnexpectedResponseError,
  V1UnsuccessfulError,
  type CallError,
} from '../../src/index.ts';
import type { FaultOperation } from './fault-operations.ts';
import type { FaultContext, FaultHandler } from './fault-server.ts';

export type FaultKind = 'reset' | 'stall' | 'http-error' | 'not-json' | 'breaks-schema' | 'redirect';

type CallErrorClass = abstract new (...args: never[]) => CallError;

export interface Fault {
  id: string;
  kind: FaultKind;
  /** Operations the fault makes sense for; default every one. */
  appliesTo?: (op: FaultOperation) => boolean;
  /** What the server does once it has read the request. */
  handle: FaultHandler;
  /** The error the client must give. */
  expected: CallErrorClass;
  /** For HttpStatusError: the status it must carry. */
  status?: number;
  /** The server never finishes: only the time limit ends the call. */
  stalls?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The request as text: the body as sent (secrets in their wire form) and the headers (the access code). */
const echoText = ({ request }: FaultContext): string => `${request.text}\n${JSON.stringify(request.headers)}`;

/** The request as a JSON value: parsed body, raw body, headers. */
function echoValue({ request }: FaultContext): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(request.text);
  } catch {
    body = null;
  }
  return { body, raw: request.text, headers: request.headers };
}

function send(response: ServerResponse, status: number, contentType: string | undefined, text: string): void {
  response.writeHead(status, { ...(contentType ? { 'content-type': contentType } : {}), 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const json =
  (value: unknown, status = 200): FaultHandler =>
  (response) =>
    send(response, status, JSON_TYPE, JSON.stringify(value));

/** Headers and the first part of the answer, then the socket is destroyed. */
const cutShort =
  (status: number): FaultHandler =>
  (response, context) => {
    const text = JSON.stringify({ echoed: echoValue(context) });
    response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) });
    response.write(text.slice(0, Math.ceil(text.length / 2)));
    // real time: the reset follows what was written by a moment; the call's limit is 30 s away.
    setTimeout(() => response.socket?.destroy(), 5);
  };

const htmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const asciiJson = (text: string): string =>
  JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The request (body as sent, then headers) in each common encoding a careless server might
 * echo it in: URL-encoded, form-encoded, HTML-escaped, every character a numeric entity,
 * JSON with `\u` escapes, Base64 and Base64url (of the whole text, so each secret sits at
 * whatever alignment it falls on). A client that redacted only the plain form would leak here.
 */
export function encodedEchoes(text: string): string {
  const wellFormed = text.toWellFormed();
  return [
    `url: ${encodeURIComponent(wellFormed)}`,
    `form: ${new URLSearchParams({ echo: wellFormed }).toString()}`,
    `html: ${htmlEscape(text)}`,
    `entities: ${[...text].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('')}`,
    `json: ${asciiJson(text)}`,
    `base64: ${Buffer.from(wellFormed).toString('base64')}`,
    `base64 shifted: ${Buffer.from(`.${wellFormed}`).toString('base64')}`,
    `base64url: ${Buffer.from(`..${wellFormed}`).toString('base64url')}`,
    `url twice: ${encodeURIComponent(encodeURIComponent(wellFormed))}`,
    `hex: ${Buffer.from(wellFormed).toString('hex')}`,
    `HEX: ${Buffer.from(`.${wellFormed}`).toString('hex').toUpperCase()}`,
  ].join('\n');
}

const ERROR_BODIES = {
  json:
    (status: number): FaultHandler =>
    (response, context) =>
      send(response, status, JSON_TYPE, JSON.stringify({ Mensagem: 'erro interno', echoed: echoValue(context) })),
  html:
    (status: number): FaultHandler =>
    (response, context) =>
      send(
        response,
        status,
        'text/html; charset=utf-8',
        `<!DOCTYPE html><html><body><h1>${status}</h1><pre>${echoText(context)}</pre></body></html>`,
      ),
  empty:
    (status: number): FaultHandler =>
    (response) =>
      send(response, status, undefined, ''),
  encoded:
    (status: number): FaultHandler =>
    (response, context) =>
      send(response, status, 'text/plain; charset=utf-8', encodedEchoes(echoText(context))),
};

/** A JSON answer of a type the operation's answer schema does not admit, carrying the echo where it can. */
function wrongType(
  kind: 'array-or-object' | 'null' | 'scalar',
  operationNode: (path: string) => FaultOperation,
): Pick<Fault, 'appliesTo' | 'handle'> {
  return {
    appliesTo: (op) => op.answerTypes !== undefined && (kind !== 'null' || !op.answerTypes.has('null')),
    handle: (response, context) => {
      const types = operationNode(context.request.path).answerTypes!;
      let value: unknown;
      if (kind === 'null') value = null;
      else if (kind === 'array-or-object') value = types.has('object') ? [echoValue(context)] : { echoed: echoValue(context) };
      else value = types.has('string') ? 42 : echoText(context);
      send(response, 200, JSON_TYPE, JSON.stringify(value));
    },
  };
}

const redirect =
  (status: number, to: 'self' | 'elsewhere'): FaultHandler =>
  (response, context) => {
    response.writeHead(status, { location: to === 'self' ? context.self : `${context.elsewhere}/collect`, 'content-length': 0 });
    response.end();
  };

/**
 * Every fault. The schema-breaking ones answer a type the operation does not admit, so
 * they look the operation up by the path the request arrived on.
 */
export function buildFaults(operationNode: (path: string) => FaultOperation): Fault[] {
  return [
    // The connection is reset.
    { id: 'reset-before-headers', kind: 'reset', handle: (response) => response.socket?.destroy(), expected: NetworkError },
    { id: 'reset-mid-body', kind: 'reset', handle: cutShort(200), expected: NetworkError },
    { id: 'reset-mid-error-body', kind: 'reset', handle: cutShort(500), expected: NetworkError },
    {
      id: 'reset-after-headers',
      kind: 'reset',
      handle: (response) => {
        response.writeHead(200, { 'content-type': JSON_TYPE });
        response.flushHeaders();
        // real time: the reset follows what was written by a moment; the call's limit is 30 s away.
        setTimeout(() => response.socket?.destroy(), 5);
      },
      expected: NetworkError,
    },
    // The server stalls past the time limit.
    { id: 'stall-before-headers', kind: 'stall', handle: () => undefined, expected: TimeoutError, stalls: true },
    {
      id: 'stall-after-headers',
      kind: 'stall',
      handle: (response) => {
        response.writeHead(200, { 'content-type': JSON_TYPE });
        response.flushHeaders();
      },
      expected: TimeoutError,
      stalls: true,
    },
    {
      id: 'stall-mid-body',
      kind: 'stall',
      handle: (response, context) => {
        const text = JSON.stringify({ echoed: echoValue(context) });
        response.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) + 1 });
        response.write(text);
      },
      expected: TimeoutError,
      stalls: true,
    },
    // Server errors, with a JSON, an HTML or an empty body.
    ...[500, 502, 503].flatMap((status) =>
      (Object.keys(ERROR_BODIES) as (keyof typeof ERROR_BODIES)[]).map((body) => ({
        id: `status-${status}-${body}`,
        kind: 'http-error' as const,
        handle: ERROR_BODIES[body](status),
        expected: HttpStatusError,
        status,
      })),
    ),
    // A 2xx answer that is not JSON.
    {
      id: 'ok-html',
      kind: 'not-json',
      handle: (response, context) =>
        send(response, 200, 'text/html; charset=utf-8', `<html><body>Manutenção<pre>${echoText(context)}</pre></body></html>`),
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-encoded-echoes',
      kind: 'not-json',
      handle: (response, context) => send(response, 200, 'text/plain; charset=utf-8', encodedEchoes(echoText(context))),
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-truncated-json',
      kind: 'not-json',
      // Cut inside a trailing field, after the echoed secrets: a cut inside a secret would
      // leave a fragment no client can recognise.
      handle: (response, context) => {
        const text = JSON.stringify({ echoed: echoValue(context), Observacao: 'resposta incompleta '.repeat(20) });
        send(response, 200, JSON_TYPE, text.slice(0, text.length - 30));
      },
      expected: NonJsonResponseError,
    },
    { id: 'ok-empty-length-0', kind: 'not-json', handle: (response) => send(response, 200, JSON_TYPE, ''), expected: NonJsonResponseError },
    {
      id: 'ok-empty-chunked',
      kind: 'not-json',
      handle: (response) => {
        response.writeHead(200, { 'content-type': JSON_TYPE });
        response.end();
      },
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-204',
      kind: 'not-json',
      handle: (response) => {
        response.writeHead(204);
        response.end();
      },
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-xml',
      kind: 'not-json',
      handle: (response, context) =>
        send(response, 200, 'application/xml', `<?xml version="1.0"?><Resultado>${echoText(context)}</Resultado>`),
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-content-type-echoes-access-code',
      kind: 'not-json',
      // A proxy that reflects request headers into the answer's own.
      handle: (response, context) =>
        send(
          response,
          200,
          `text/plain; charset=utf-8; echo=${String(context.request.headers['developer-access-code'])}`,
          echoText(context),
        ),
      expected: NonJsonResponseError,
    },
    {
      id: 'ok-corrupt-gzip',
      kind: 'not-json',
      handle: (response) => {
        const garbage = randomBytes(64);
        response.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', 'content-length': garbage.length });
        response.end(garbage);
      },
      expected: NetworkError,
    },
    // JSON that breaks the schema.
    {
      id: 'json-array-or-object',
      kind: 'breaks-schema',
      ...wrongType('array-or-object', operationNode),
      expected: UnexpectedResponseError,
    },
    { id: 'json-null', kind: 'breaks-schema', ...wrongType('null', operationNode), expected: UnexpectedResponseError },
    { id: 'json-scalar', kind: 'breaks-schema', ...wrongType('scalar', operationNode), expected: UnexpectedResponseError },
    {
      id: 'legacy-sessao-expirada',
      kind: 'breaks-schema',
      appliesTo: (op) => op.family === 'legacy',
      handle: (response, context) => json({ SessaoExpirada: true, Exception: null, echoed: echoValue(context) })(response, context),
      expected: SessionExpiredError,
    },
    {
      id: 'legacy-sessao-expirada-encoded',
      kind: 'breaks-schema',
      appliesTo: (op) => op.family === 'legacy',
      handle: (response, context) => json({ SessaoExpirada: true, Exception: encodedEchoes(echoText(context)) })(response, context),
      expected: SessionExpiredError,
    },
    {
      id: 'legacy-erros-filled',
      kind: 'breaks-schema',
      appliesTo: (op) => op.answersAutenticacaoRS,
      handle: (response, context) => {
        const body = JSON.parse(context.request.text) as { Senha?: string };
        json({ Token: null, Erros: [`senha ${body.Senha ?? ''} inválida`, echoText(context)] })(response, context);
      },
      expected: AuthenticationError,
    },
    {
      id: 'v1-sucesso-false',
      kind: 'breaks-schema',
      appliesTo: (op) => op.family === 'v1',
      handle: (response, context) => json({ Sucesso: false, echoed: echoValue(context) })(response, context),
      expected: V1UnsuccessfulError,
    },
    {
      id: 'v1-sucesso-false-encoded',
      kind: 'breaks-schema',
      appliesTo: (op) => op.family === 'v1',
      handle: (response, context) => json({ Sucesso: false, echoed: encodedEchoes(echoText(context)) })(response, context),
      expected: V1UnsuccessfulError,
    },
    // Redirects: a loop to the same address, and one to another origin.
    ...[301, 302, 303, 307, 308].map((status) => ({
      id: `redirect-loop-${status}`,
      kind: 'redirect' as const,
      handle: redirect(status, 'self'),
      expected: HttpStatusError,
      status,
    })),
    { id: 'redirect-other-origin-307', kind: 'redirect', handle: redirect(307, 'elsewhere'), expected: HttpStatusError, status: 307 },
  ];
}

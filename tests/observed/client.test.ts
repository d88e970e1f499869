// The observed client (`./v2/observed`) against a real node:http server on 127.0.0.1
// answering the sanitized example responses of evidence/facilita-corp/examples: successes resolve
// with the no-date token read as null, the two error examples reject with ServiceError
// carrying the service's message; the published client reads the same answers as they are.
import { describe, expect, test } from 'vitest';
import { createV2Client } from '../../src/v2.ts';
import { CallError, NO_DATE_TOKEN, ServiceError, createV2ObservedClient, isNoDateToken, parseLegacyDate } from '../../src/v2-observed.ts';
import { isObject, type Json } from '../../src/lib/json.ts';
import { sendJson, useTestServer } from '../client/server.ts';
import { PREFIX, loadEvidenceExample, observedOperations, readYaml, rootDir, schemaValidator } from './support.ts';

const developerToken = '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const accessCode = 'QUJDREVGR0hJSktM';
const server = useTestServer();

/** Any client seen as taking any path and body (the examples are plain JSON). */
type Loose = { call(path: string, body: unknown): Promise<unknown> };
const observed = (): Loose => createV2ObservedClient({ baseUrl: server.url, developerToken, accessCode }) as unknown as Loose;
const published = (): Loose => createV2Client({ baseUrl: server.url, developerToken, accessCode }) as unknown as Loose;

/** Answers every call with the example response of the operation named by the path. */
function answerExamples(): void {
  server.handle((request, response) =>
    sendJson(response, loadEvidenceExample(request.url.slice(request.url.lastIndexOf('/') + 1), 'response')),
  );
}

/** An example with every exact no-date token replaced by null, and how many there were. */
function withNulls(value: Json): { value: Json; count: number } {
  let count = 0;
  const walk = (node: Json): Json => {
    if (node === NO_DATE_TOKEN) {
      count++;
      return null;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return { value: walk(value), count };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

const exceptionOf = (op: string): unknown => {
  const example = loadEvidenceExample(op, 'response');
  return isObject(example) ? example.Exception : undefined;
};
const failing = observedOperations.filter((op) => isObject(exceptionOf(op)));
const succeeding = observedOperations.filter((op) => exceptionOf(op) === null);

describe('the observed client on the example answers', () => {
  test('the evidence holds successes, the two error examples, and no-date tokens to read', () => {
    expect(failing.sort()).toEqual(['ConsultarEticket', 'RecuperarFormasDeFinanciamento']);
    expect(succeeding.length).toBe(observedOperations.length - 2);
    const tokens = succeeding.reduce((n, op) => n + withNulls(loadEvidenceExample(op, 'response')).count, 0);
    expect(tokens).toBeGreaterThanOrEqual(10);
  });

  test.each(succeeding.map((op) => [op]))('%s resolves with the example, the no-date token read as null', async (op) => {
    answerExamples();
    const request = loadEvidenceExample(op, 'request');
    const answer = await observed().call(`${PREFIX}/${op}`, request);
    expect(answer).toEqual(withNulls(loadEvidenceExample(op, 'response')).value);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.json).toEqual(request);
    expect(server.requests[0]?.headers['developer-access-code']).toBe(accessCode);
  });

  test.each(failing.map((op) => [op]))('%s rejects with a ServiceError carrying the service message', async (op) => {
    answerExamples();
    const error = await rejection(observed().call(`${PREFIX}/${op}`, loadEvidenceExample(op, 'request')));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(CallError);
    const serviceError = error as ServiceError;
    const message = (exceptionOf(op) as { Message: string }).Message;
    expect(serviceError.name).toBe('ServiceError');
    expect(serviceError.operation).toBe(op);
    expect(serviceError.path).toBe(`${PREFIX}/${op}`);
    expect(serviceError.serviceMessage).toBe(message);
    expect(serviceError.message).toBe(`${op}: the service reported an error: ${message}`);
    // The body, redacted: the example holds no secret of the call, so it comes back whole.
    expect(serviceError.body).toEqual(loadEvidenceExample(op, 'response'));
  });

  test('what the client hands out is what its types say: every answer validates with response dates widened to null', async () => {
    answerExamples();
    const doc = readYaml(`${rootDir}/generated/v2-pt-observed/openapi.yaml`);
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const date = schemas.DataObservada as { anyOf: Json[] };
    // As the observed types (observedTypeOptions) say: DataObservada | null, nothing else widened.
    schemas.DataObservada = { ...date, type: ['string', 'null'], anyOf: [...date.anyOf, { type: 'null' }] };
    const validator = schemaValidator(doc);
    for (const op of observedOperations) {
      const read = await observed()
        .call(`${PREFIX}/${op}`, loadEvidenceExample(op, 'request'))
        .catch((error: unknown) => (error as ServiceError).body);
      const validate = validator(`${op}RSObservado`);
      expect(validate(read), `${op}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  test('the published client reads the same answers as they are: no ServiceError, tokens kept', async () => {
    answerExamples();
    for (const op of [...failing, 'Reservar']) {
      const answer = await published().call(`${PREFIX}/${op}`, loadEvidenceExample(op, 'request'));
      expect(answer).toEqual(loadEvidenceExample(op, 'response'));
    }
  });
});

describe('ServiceError', () => {
  test('the service message is redacted: the password and the access code never show', async () => {
    const senha = 'pw-Kq9!unique';
    server.handle((request, response) => {
      const sent = request.json as { Senha: string };
      sendJson(response, {
        Exception: { Message: `Login refused for password ${sent.Senha} with code ${String(request.headers['developer-access-code'])}` },
        Echo: sent,
      });
    });
    const client = createV2ObservedClient({
      baseUrl: server.url,
      developerToken,
      accessCode,
      credentials: { Login: 'agencia', Senha: senha },
    });
    const error = (await rejection(client.call(`${PREFIX}/Cancelar`, { Localizador: 'ABC123' }))) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe('Cancelar: the service reported an error: Login refused for password [redacted] with code [redacted]');
    expect(error.serviceMessage).toBe('Login refused for password [redacted] with code [redacted]');
    const kept = JSON.stringify(error.body) + String(error.stack);
    expect(kept).not.toContain(senha);
    expect(kept).not.toContain(accessCode);
    // The login is blanked too: the contract index marks it a credential (x-credential: login), which no door shows.
    expect((error.body as { Echo: { Senha: string; Localizador: string } }).Echo).toEqual({
      Login: '[redacted]',
      Senha: '[redacted]',
      Localizador: 'ABC123',
    });
  });

  test('an Exception object without a string Message is still an error, and says so', async () => {
    server.handle((_request, response) => sendJson(response, { Exception: { Message: 42 }, Reserva: null }));
    const error = (await rejection(observed().call(`${PREFIX}/Consultar`, { Localizador: 'ABC123' }))) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.serviceMessage).toBe('');
    expect(error.message).toBe('Consultar: the service reported an error without a message');
  });

  test('a long message is cut in the error message and kept whole in serviceMessage', async () => {
    const long = 'x'.repeat(2000);
    server.handle((_request, response) => sendJson(response, { Exception: { Message: long } }));
    const error = (await rejection(observed().call(`${PREFIX}/Emitir`, {}))) as ServiceError;
    expect(error.serviceMessage).toBe(long);
    expect(error.message.length).toBeLessThan(900);
    expect(error.message.endsWith('…')).toBe(true);
  });

  test('Exception null or absent: the answer resolves', async () => {
    server.handle((request, response) => sendJson(response, request.url.endsWith('Emitir') ? { Exception: null, Ok: 1 } : { Ok: 2 }));
    await expect(observed().call(`${PREFIX}/Emitir`, {})).resolves.toEqual({ Exception: null, Ok: 1 });
    await expect(observed().call(`${PREFIX}/Consultar`, {})).resolves.toEqual({ Ok: 2 });
  });
});

describe('the no-date token', () => {
  test('DateTime.MinValue reads as no date in any zone; real dates, near misses and other strings do not', () => {
    // 0001-01-01T00:00:00Z, computed with setUTCFullYear (Date.UTC maps years 0-99 to 1900-1999).
    const d = new Date(0);
    d.setUTCFullYear(1, 0, 1);
    const min = d.getTime();
    expect(parseLegacyDate(NO_DATE_TOKEN).date.getUTCFullYear()).toBe(1);
    expect(isNoDateToken(NO_DATE_TOKEN)).toBe(true);
    expect(isNoDateToken(`/Date(${min})/`)).toBe(true);
    expect(isNoDateToken(`/Date(${min + 3 * 3_600_000}+0100)/`)).toBe(true);
    expect(isNoDateToken(`\\/Date(${min - 10 * 3_600_000}-1000)\\/`)).toBe(true);
    expect(isNoDateToken(`/Date(${min + 2 * 86_400_000}-0300)/`)).toBe(false);
    expect(isNoDateToken('/Date(1778851100737-0300)/')).toBe(false);
    expect(isNoDateToken('2026-05-20T00:00:00')).toBe(false);
    expect(isNoDateToken(`x${NO_DATE_TOKEN}`)).toBe(false);
    expect(isNoDateToken(null)).toBe(false);
  });

  test('read as null at any depth of an answer, including arrays; the same text in a request is sent as is', async () => {
    server.handle((_request, response) =>
      sendJson(response, {
        Exception: null,
        Data: NO_DATE_TOKEN,
        Voos: [{ DataSaida: NO_DATE_TOKEN, Nota: `sem data: ${NO_DATE_TOKEN}` }],
        Lista: [NO_DATE_TOKEN],
      }),
    );
    const answer = await observed().call(`${PREFIX}/Disponibilidade`, { Login: 'agencia', Senha: 's3gredo', DataVolta: NO_DATE_TOKEN });
    expect(answer).toEqual({ Exception: null, Data: null, Voos: [{ DataSaida: null, Nota: `sem data: ${NO_DATE_TOKEN}` }], Lista: [null] });
    expect(server.requests[0]?.json).toEqual({ Login: 'agencia', Senha: 's3gredo', DataVolta: NO_DATE_TOKEN });
  });
});

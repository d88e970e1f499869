// Canary secrets travel through every error path; none may surface, in any of its encodings
// (leak-scan.ts: URL, HTML, numeric entities, \u escapes, Base64…), in a message, toString,
// stack, JSON, inspection, any own property (cause chain included) or a log.
import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAccessCode } from '../../src/access-code.ts';
import { createV2Client } from '../../src/v2.ts';
import { createV2ObservedClient } from '../../src/v2-observed.ts';
import fc from 'fast-check';
import { createRedactor } from '../../src/redact.ts';
import { leaksIn, secretForms } from '../reliability/leak-scan.ts';
import { encodedEchoes } from '../reliability/faults.ts';
import { legacyFamily } from '../../src/families/legacy.ts';
import { v1Family } from '../../src/families/v1.ts';
import {
  AbortedError,
  AccessCodeError,
  AuthenticationError,
  ConfigurationError,
  HttpStatusError,
  MigrationError,
  NetworkError,
  NonJsonResponseError,
  ServiceError,
  SessionExpiredError,
  TimeoutError,
  V1UnsuccessfulError,
  createFamilyClient,
  migrateLegacyCall,
  unwrapV1,
  type ClientError,
  type Family,
} from '../../src/index.ts';
import { testClock } from '../support/test-clock.ts';
import { deadUrl, sendJson, startServer, type TestServer } from './server.ts';

const SENHA = 'CANARY-SENHA-5b1e';
const ACCESS_CODE = 'Q0FOQVJZLUFDQ0VTUy1jb2Rl';
const TOKEN = 'CANARY-TOKEN-77c2';
const USER_SENHA = 'CANARY-USUARIO-3f0a';
const DEVELOPER_CODE = 'CANARY-DEVCODE-91d4';
const DEVELOPER_TOKEN = '6f1c2e0a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const CANARIES = { SENHA, ACCESS_CODE, TOKEN, USER_SENHA, DEVELOPER_CODE, DEVELOPER_TOKEN };

/** Every text an error can show, by every route a program or a logger might take. */
function texts(error: unknown): string[] {
  const out: string[] = [String(error), inspect(error, { depth: null, showHidden: true })];
  try {
    out.push(JSON.stringify(error));
  } catch {
    // cycles: inspect above already covers them
  }
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8 || seen.has(value)) return;
    if (typeof value === 'string') out.push(value);
    if (typeof value !== 'object' || value === null) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      out.push(String(key));
      walk((value as Record<PropertyKey, unknown>)[key], depth + 1);
    }
  };
  walk(error, 0);
  return out;
}

function expectNoSecret(error: unknown, kind: abstract new (...args: never[]) => ClientError): void {
  expect(error).toBeInstanceOf(kind);
  for (const text of texts(error)) for (const canary of Object.values(CANARIES)) expect(text).not.toContain(canary);
  expect(leaksIn(error, CANARIES)).toEqual([]);
}

async function caught(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

let server: TestServer;
const logs = vi.fn();
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) vi.spyOn(console, method).mockImplementation(logs);
});
afterEach(() => {
  // The client writes no log line at all, so none can hold a secret.
  expect(logs).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

/** Answers with everything the request carried: body and headers, as JSON. */
const echo = (status: number, wrap: (echoed: unknown) => unknown = (e) => ({ echoed: e })) =>
  server.handle((request, response) => sendJson(response, wrap({ body: request.json, headers: request.headers }), status));

const options = (baseUrl = server.url) => ({
  baseUrl,
  developerToken: DEVELOPER_TOKEN,
  accessCode: ACCESS_CODE,
  credentials: { Login: 'agencia', Senha: SENHA },
});
const v2 = (baseUrl?: string) => createV2Client(options(baseUrl));
type AnyPaths = Record<
  string,
  {
    post: {
      requestBody: { content: { 'application/json': Record<string, unknown> } };
      responses: { 200: { content: { 'application/json': unknown } } };
    };
  }
>;
const family = (f: Family, withCredentials = true) => {
  const { credentials, ...rest } = options();
  return createFamilyClient<AnyPaths>(f, withCredentials ? { ...rest, credentials } : rest);
};

describe('the scanner', () => {
  test('finds a canary that is there (so a pass below means something)', () => {
    const leaky = new Error('x', { cause: { nested: [`a${SENHA}b`] } });
    expect(texts(leaky).some((t) => t.includes(SENHA))).toBe(true);
  });

  test('the canaries do reach the server', async () => {
    echo(200);
    await family(legacyFamily).call('/AereoNoSession.svc/ValidarTokenSeguranca', {
      TokenDeSeguranca: TOKEN,
      AutenticacaoUsuario: { Senha: USER_SENHA },
    });
    const sent = server.requests[0]!;
    expect(sent.text).toContain(SENHA);
    expect(sent.text).toContain(TOKEN);
    expect(sent.text).toContain(USER_SENHA);
    expect(sent.headers['developer-access-code']).toBe(ACCESS_CODE);
    expect(sent.headers['developer-token']).toBe(DEVELOPER_TOKEN);
  });

  test('finds each encoding of a canary (so a pass below means something)', () => {
    for (const form of encodedEchoes(`{"Senha":"${SENHA}"} ${DEVELOPER_TOKEN}`).split('\n')) {
      const shown = form.slice(form.indexOf(': ') + 2);
      expect(leaksIn(new Error(shown), CANARIES), form.slice(0, form.indexOf(':'))).not.toEqual([]);
    }
  });
});

describe('no secret in any encoding of an echo', () => {
  const secretBody = { Localizador: 'A1', TokenDeSeguranca: TOKEN, AutenticacaoUsuario: { Login: 'u', Senha: USER_SENHA } };
  /** The request (body as sent, and headers) in every common encoding, one per line. */
  const encoded = (request: { text: string; headers: object }) => encodedEchoes(`${request.text}\n${JSON.stringify(request.headers)}`);

  test('HttpStatusError: a text body', async () => {
    server.handle((request, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(encoded(request));
    });
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), HttpStatusError);
  });

  test('HttpStatusError: a problem body whose title and detail quote them (the message shows both)', async () => {
    server.handle((request, response) =>
      sendJson(response, { title: `Bad ${request.headers['developer-token']}`, detail: encoded(request) }, 422),
    );
    const error = await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody));
    expectNoSecret(error, HttpStatusError);
    expect((error as HttpStatusError).message).toMatch(/^Reservar: the service answered HTTP 422 \(Bad \[redacted\]: url: /);
  });

  test('NonJsonResponseError', async () => {
    server.handle((request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(encoded(request));
    });
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), NonJsonResponseError);
  });

  test('SessionExpiredError', async () => {
    server.handle((request, response) => sendJson(response, { SessaoExpirada: true, Exception: encoded(request) }));
    expectNoSecret(
      await caught(() => family(legacyFamily).call('/AereoNoSession.svc/ValidarTokenSeguranca', secretBody)),
      SessionExpiredError,
    );
  });

  test('V1UnsuccessfulError', async () => {
    server.handle((request, response) => sendJson(response, { Sucesso: false, echoed: encoded(request) }));
    expectNoSecret(await caught(() => family(v1Family).call('/api/Voos', secretBody)), V1UnsuccessfulError);
  });

  test('AuthenticationError', async () => {
    server.handle((request, response) => sendJson(response, { Token: null, Erros: encoded(request).split('\n') }));
    expectNoSecret(
      await caught(() => family(legacyFamily).call('/AereoNoSession.svc/AutenticarComUsuario', secretBody)),
      AuthenticationError,
    );
  });

  test('ServiceError (observed flavour): its body and its message', async () => {
    server.handle((request, response) =>
      sendJson(response, { Exception: { Message: `${request.headers['developer-token']} ${encoded(request)}` }, echoed: request.json }),
    );
    const client = createV2ObservedClient(options());
    const error = await caught(() => client.call('/api/V2/Voos/Reservar', secretBody as never));
    expectNoSecret(error, ServiceError);
    expect((error as ServiceError).message).toMatch(/^Reservar: the service reported an error: \[redacted\] url: /);
  });
});

describe('redaction never mangles unrelated text', () => {
  test('a text that holds none of the secrets comes back unchanged (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 5 }),
        fc.string({ maxLength: 400 }),
        (secrets, text) => {
          fc.pre(secrets.every((secret) => !secretForms(secret).some((form) => text.includes(form))));
          expect(createRedactor(secrets).text(text)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a short secret's `+` form (URL-encoded space) is not redacted alone: it is one plain character", () => {
    // Found by the property above (seed 1135520704): secret ' ', text '+'.
    expect(createRedactor([' ']).text('+')).toBe('+');
    expect(createRedactor(['a b']).text('a+b a%20b')).toBe('a+b [redacted]');
  });

  test('named HTML entities of the specials and of accented letters (Portuguese text)', () => {
    const redactor = createRedactor(['Senhação&Ü"ÿ1']);
    expect(redactor.text('x Senha&ccedil;&atilde;o&amp;&Uuml;&quot;&yuml;1 y')).toBe('x [redacted] y');
    expect(redactor.text('x Senha&#231;&#xE3;o%26%C3%9C&#34;\\u00ff1 y')).toBe('x [redacted] y');
  });

  test('a secret put in a text in any encoding is gone after redaction (fast-check)', () => {
    const pieces = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_"\\/%&;#+=ç€😀'), minLength: 4, maxLength: 24 });
    fc.assert(
      fc.property(pieces, fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (secret, before, after) => {
        const shown = encodedEchoes(`${before}{"Senha":${JSON.stringify(secret)}}${after}`);
        expect(leaksIn(new Error(createRedactor([secret]).text(shown)), { secret })).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  test("a one-letter password is redacted where it stands alone, not inside words ('application/json' stays whole)", async () => {
    server.handle((request, response) => {
      response.writeHead(403, { 'content-type': 'text/plain' });
      const { Senha } = request.json as { Senha: string };
      response.end(
        `content type application/json; Senha: '${Senha}'; senha=${encodeURIComponent(Senha)}&x=1 ${JSON.stringify(request.json)}`,
      );
    });
    const client = createV2Client({ ...options(), credentials: { Login: 'agencia', Senha: 's' } });
    const error = (await caught(() => client.call('/api/V2/Voos/Reservar', {}))) as HttpStatusError;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.body).toBe(
      `content type application/json; Senha: '[redacted]'; senha=[redacted]&x=1 {"Login":"[redacted]","Senha":"[redacted]"}`,
    );
  });

  test('a text holding no secret comes back unchanged, whatever the secrets are', async () => {
    const text = 'Localizador ABC123 não encontrado: application/json; charset=utf-8 &amp; %20 \\u0041 QUJD+/= 2026-05-20T10:00:00';
    server.handle((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(text);
    });
    for (const Senha of ['s', 'on', 'json', 'Senha', SENHA]) {
      const client = createV2Client({ ...options(), credentials: { Login: 'agencia', Senha } });
      const error = (await caught(() => client.call('/api/V2/Voos/Reservar', {}))) as HttpStatusError;
      // Only a password that is really in the text is replaced: 'json' (long enough to count anywhere); 's' and 'on' stand in words only.
      expect(error.body, Senha).toBe(Senha === 'json' ? text.replace('json', '[redacted]') : text);
    }
  });
});

describe('no secret in any error', () => {
  const secretBody = { Localizador: 'A1', TokenDeSeguranca: TOKEN, AutenticacaoUsuario: { Login: 'u', Senha: USER_SENHA } };

  test('HttpStatusError echoing the body and headers as JSON', async () => {
    echo(500);
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), HttpStatusError);
  });

  test('HttpStatusError echoing them as text', async () => {
    server.handle((request, response) => {
      response.writeHead(403, { 'content-type': 'text/plain' });
      response.end(`denied: ${request.text} ${JSON.stringify(request.headers)}`);
    });
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), HttpStatusError);
  });

  test('NonJsonResponseError whose text holds the secrets', async () => {
    server.handle((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`${request.headers['developer-access-code']}${request.text}`);
    });
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), NonJsonResponseError);
  });

  test('SessionExpiredError echoing the body', async () => {
    echo(200, (e) => ({ SessaoExpirada: true, echoed: e }));
    expectNoSecret(
      await caught(() => family(legacyFamily).call('/AereoNoSession.svc/ValidarTokenSeguranca', secretBody)),
      SessionExpiredError,
    );
  });

  test('AuthenticationError whose Erros quote the secrets', async () => {
    server.handle((_request, response) =>
      sendJson(response, { Token: null, Erros: [`senha ${SENHA} inválida`, `usuário ${USER_SENHA}`, ACCESS_CODE] }),
    );
    expectNoSecret(
      await caught(() => family(legacyFamily).call('/AereoNoSession.svc/AutenticarComUsuario', secretBody)),
      AuthenticationError,
    );
  });

  test('V1UnsuccessfulError echoing the body', async () => {
    echo(200, (e) => ({ Sucesso: false, echoed: e }));
    expectNoSecret(await caught(() => family(v1Family, false).call('/api/Voos', { ...secretBody, Senha: SENHA })), V1UnsuccessfulError);
  });

  test('NetworkError: nothing listening', async () => {
    expectNoSecret(await caught(async () => v2(await deadUrl()).call('/api/V2/Voos/Reservar', secretBody)), NetworkError);
  });

  test('NetworkError from a custom fetch whose error quotes the request', async () => {
    const leakyFetch = async (request: Request): Promise<Response> => {
      throw new TypeError(`failed ${await request.text()} ${request.headers.get('developer-access-code')}`);
    };
    const client = createV2Client({ ...options(), fetch: leakyFetch });
    expectNoSecret(await caught(() => client.call('/api/V2/Voos/Reservar', secretBody)), NetworkError);
  });

  test('NetworkError: answer cut short', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-length': 1000 });
      // Cut once the start of the body has left: the client is reading it then.
      response.write('{', () => response.socket?.destroy());
    });
    expectNoSecret(await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody)), NetworkError);
  });

  test('TimeoutError and AbortedError', async () => {
    // No answer until the client hangs up: its time-out, on the clock, is met once the call is out.
    let heard = 0;
    server.handle(() => void heard++);
    const clock = testClock();
    const timedOut = caught(() => createV2Client({ ...options(), clock }).call('/api/V2/Voos/Reservar', secretBody, { timeout: 50 }));
    await expect.poll(() => heard, { timeout: 20_000 }).toBe(1);
    await clock.advance(50);
    expectNoSecret(await timedOut, TimeoutError);
    expectNoSecret(
      await caught(() => v2().call('/api/V2/Voos/Reservar', secretBody, { signal: AbortSignal.abort(new Error(SENHA)) })),
      AbortedError,
    );
  });

  test('AccessCodeError from a function whose error quotes the code', async () => {
    const client = createV2Client({
      ...options(),
      accessCode: () => {
        throw new Error(`could not build ${ACCESS_CODE} for ${DEVELOPER_CODE}`);
      },
    });
    expectNoSecret(await caught(() => client.call('/api/V2/Voos/Reservar', secretBody)), AccessCodeError);
    const notBase64 = createV2Client({ ...options(), accessCode: () => `${ACCESS_CODE}\n` });
    expectNoSecret(await caught(() => notBase64.call('/api/V2/Voos/Reservar', secretBody)), AccessCodeError);
  });

  test('ConfigurationError from bad options and from the access-code builder', async () => {
    expectNoSecret(await caught(() => createV2Client({ ...options(), credentials: { Login: '', Senha: SENHA } })), ConfigurationError);
    expectNoSecret(await caught(() => createV2Client({ ...options(), accessCode: `${ACCESS_CODE} ` })), ConfigurationError);
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expectNoSecret(await caught(() => createAccessCode({ developerCode: DEVELOPER_CODE.repeat(10), publicKey })()), ConfigurationError);
    expectNoSecret(
      await caught(() => createAccessCode({ developerCode: DEVELOPER_CODE, publicKey: `${DEVELOPER_CODE}` })),
      ConfigurationError,
    );
  });

  test('MigrationError and unwrapV1', async () => {
    expectNoSecret(
      await caught(() => migrateLegacyCall({ path: '/AereoNoSession.svc/Autenticar' as string, body: { login: 'a', senha: SENHA } })),
      MigrationError,
    );
    expectNoSecret(
      await caught(() =>
        migrateLegacyCall({ path: '/AereoNoSession.svc/MarcarAssentos', body: { Localizador: 'A', Assentos: [], token: TOKEN } }),
      ),
      MigrationError,
    );
    expectNoSecret(await caught(() => unwrapV1({ Sucesso: false, Senha: SENHA, TokenDeSeguranca: TOKEN })), V1UnsuccessfulError);
  });
});

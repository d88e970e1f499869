// The contract proxy against hostile upstreams and callers: real node:http upstreams on
// 127.0.0.1 that hang, reset, die mid-body, refuse, or send bad gzip, invalid JSON or
// too much; slow callers; bytes that JSON.parse would rewrite, which must pass unchanged.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFamilies } from '../../scripts/lib/families.ts';
import {
  ANSWER_WITH_NUMBERS,
  refusingAddress,
  startHostileUpstream,
  type Behaviour,
  type HostileUpstream,
} from '../../scripts/gates/reliability/hostile-upstream.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/server.ts';
import { rootDir } from '../support/bundle.ts';
import { hidden } from '../support/canaries.ts';

// Time-outs this test controls, on both sides of each race: the proxies that must time out
// wait on an upstream or a caller that never finishes (so any time-out is reached); every
// other proxy waits far longer than a busy machine ever makes a prompt answer take.
const TIMEOUT_MS = 1_500;
const HEAD_TIMEOUT_MS = 1_000;
const BODY_TIMEOUT_MS = 1_500;
const PATIENT_MS = 60_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

// Canary secrets: none of them may show, in any common encoding, in a log line, a problem or a header.
const SECRETS = {
  login: 'LOGIN-canary-7Hq2',
  senha: 'SENHA-canary-Pz81"&<',
  developerToken: 'c4a7e2d0-5b1f-4e8a-9c3d-2f6b8a1e0d97',
  accessCode: 'Q0FOQVJZLWFjY2Vzcy1jb2RlLTU1Yzk=',
};
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': SECRETS.developerToken,
  'developer-access-code': SECRETS.accessCode,
};
const BODY = JSON.stringify({ Login: SECRETS.login, Senha: SECRETS.senha });

function encodings(secret: string): string[] {
  const b64 = Buffer.from(secret).toString('base64');
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'),
    b64,
    b64.replace(/=+$/, ''),
    [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  ];
}
function leaks(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, secret]) => encodings(secret).some((form) => text.includes(form)))
    .map(([name]) => name);
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/** One call over a fresh connection, raw bytes both ways (no decompression, no JSON parsing). */
function call(
  base: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; behaviour?: Behaviour } = {},
): Promise<Reply> {
  const started = performance.now();
  const headers = { ...HEADERS, ...options.headers, ...(options.behaviour ? { 'x-upstream-behaviour': options.behaviour } : {}) };
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')));
    request.on('error', reject);
    request.end(options.body ?? BODY);
  });
}

function problemOf(reply: Reply): { status: number; detail: string; validation?: unknown[] } {
  expect(reply.headers['content-type']).toBe('application/problem+json');
  return JSON.parse(reply.body.toString()) as { status: number; detail: string; validation?: unknown[] };
}

let upstream: HostileUpstream;
let proxy: RunningProxy;
let refusedProxy: RunningProxy;
let basePathProxy: RunningProxy;
let tightProxy: RunningProxy;
/** The short time-outs, for the upstreams and callers that never finish. */
let shortProxy: RunningProxy;
const log = new PassThrough();
let logged = '';
log.on('data', (chunk: Buffer) => (logged += chunk.toString()));

beforeAll(async () => {
  upstream = await startHostileUpstream();
  const families = (await readFamilies(rootDir)).map((f) => f.id);
  const common = {
    rootDir,
    families,
    port: 0,
    timeoutMs: PATIENT_MS,
    headTimeoutMs: PATIENT_MS,
    bodyTimeoutMs: PATIENT_MS,
    maxAnswerBytes: MAX_ANSWER_BYTES,
    log,
  };
  proxy = await startProxy({ ...common, upstream: upstream.url });
  shortProxy = await startProxy({
    ...common,
    upstream: upstream.url,
    timeoutMs: TIMEOUT_MS,
    headTimeoutMs: HEAD_TIMEOUT_MS,
    bodyTimeoutMs: BODY_TIMEOUT_MS,
  });
  refusedProxy = await startProxy({ ...common, upstream: await refusingAddress() });
  basePathProxy = await startProxy({ ...common, upstream: `${upstream.url}/base/` });
  // It assumes 100 ms per KiB of parsing until it has timed one: a 700 KiB request would take 70 s and a 4 MiB
  // answer 400 s, far past its 20 s deadline (long enough that a busy machine never makes the upstream miss it).
  tightProxy = await startProxy({
    ...common,
    upstream: upstream.url,
    timeoutMs: 20_000,
    maxAnswerBytes: 8 * 1024 * 1024,
    initialParseMsPerByte: 0.1,
  });
});

afterAll(async () => {
  await Promise.all([proxy?.close(), shortProxy?.close(), refusedProxy?.close(), basePathProxy?.close(), tightProxy?.close()]);
  await upstream?.close();
});

/** The log lines written for `path` since `mark` (an offset into the log). */
const linesSince = (mark: number, path: string) =>
  logged
    .slice(mark)
    .split('\n')
    .filter((l) => l.includes(path));

describe('bytes pass through unchanged', () => {
  test('big integers, 1.10, 1e400 and duplicate keys reach the upstream and come back byte for byte', async () => {
    const sent = `{"Login":"${SECRETS.login}","Senha":"x","ClienteId":12345678901234567890,"Valor":1.10,"Teto":1e400,"Senha":"y"}`;
    const reply = await call(proxy.url, '/api/V2/Voos/Reservar?x=1', { body: sent, behaviour: 'numbers' });
    expect(reply.status).toBe(200);
    const got = upstream.received.at(-1)!;
    expect(got.url).toBe('/api/V2/Voos/Reservar?x=1');
    expect(got.body.toString()).toBe(sent);
    expect(reply.body.toString()).toBe(ANSWER_WITH_NUMBERS);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(ANSWER_WITH_NUMBERS)));
    // What JSON.parse + JSON.stringify would have made of them: the proxy must not.
    expect(JSON.stringify(JSON.parse(sent))).not.toBe(sent);
  });

  test('a gzip answer is forwarded compressed, as sent, and validated decompressed', async () => {
    const reply = await call(proxy.url, '/api/V2/Voos/Reservar', { behaviour: 'gzip', headers: { 'accept-encoding': 'gzip' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(reply.body).toString()).toBe(ANSWER_WITH_NUMBERS);
  });

  test('a gzip request body is validated decompressed and forwarded compressed; a corrupt one is a 400, not forwarded', async () => {
    const { gzipSync } = await import('node:zlib');
    const gzipped = gzipSync(`{"Login":"a","Senha":"b","ClienteId":12345678901234567890}`);
    const reply = await call(proxy.url, '/api/V2/Voos/Reservar', { body: gzipped, headers: { 'content-encoding': 'gzip' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['sl-violations']).toBeUndefined();
    expect(upstream.received.at(-1)!.body.equals(gzipped)).toBe(true);
    const count = upstream.received.length;
    const bad = await call(proxy.url, '/api/V2/Voos/Reservar', { body: 'not gzip', headers: { 'content-encoding': 'gzip' } });
    expect(bad.status).toBe(400);
    expect(problemOf(bad).detail).toMatch(/gzip encoding is corrupt/);
    expect(upstream.received.length).toBe(count);
  });

  test("the upstream address's own path comes before the request's", async () => {
    expect((await call(basePathProxy.url, '/api/V2/Voos/Reservar?a=b')).status).toBe(200);
    expect(upstream.received.at(-1)!.url).toBe('/base/api/V2/Voos/Reservar?a=b');
  });

  test('hop-by-hop headers are dropped both ways, end-to-end ones pass, host names the upstream', async () => {
    await call(proxy.url, '/api/V2/Voos/Reservar', {
      headers: { connection: 'keep-alive, x-hop', 'x-hop': '1', 'x-end': '2', te: 'trailers' },
    });
    const got = upstream.received.at(-1)!;
    expect(got.headers['x-end']).toBe('2');
    expect(got.headers['x-hop']).toBeUndefined();
    expect(got.headers.te).toBeUndefined();
    expect(got.headers.host).toBe(new URL(upstream.url).host);
    expect(got.headers['developer-token']).toBe(SECRETS.developerToken);
  });
});

describe('every upstream failure is a problem naming it, printed once', () => {
  // The first three never finish: the short proxy times out, whatever the machine's load.
  // The others answer at once: the patient proxy never races them with its time-out.
  const cases: Array<{ behaviour: Behaviour; status: number; detail: RegExp }> = [
    { behaviour: 'hang', status: 504, detail: /did not answer within 1500 ms.*before its answer began/ },
    { behaviour: 'hang-mid-body', status: 504, detail: /did not answer within 1500 ms.*before its answer was complete/ },
    { behaviour: 'trickle', status: 504, detail: /did not answer within 1500 ms/ },
    { behaviour: 'reset', status: 502, detail: /closed the connection before sending an answer \(ECONNRESET/ },
    { behaviour: 'die-mid-body', status: 502, detail: /in the middle of its answer/ },
    { behaviour: 'not-http', status: 502, detail: /not HTTP\/1\.1 the proxy can read \(HPE_/ },
    { behaviour: 'bad-gzip', status: 502, detail: /gzip encoding is corrupt/ },
    { behaviour: 'invalid-json', status: 502, detail: /labelled application\/json but is not valid JSON/ },
    { behaviour: 'huge', status: 502, detail: new RegExp(`larger than ${MAX_ANSWER_BYTES} bytes`) },
    { behaviour: 'gzip-bomb', status: 502, detail: new RegExp(`decodes to more than ${MAX_ANSWER_BYTES} bytes`) },
  ];
  test.each(cases)('$behaviour → $status', async ({ behaviour, status, detail }) => {
    const mark = logged.length;
    const timesOut = status === 504;
    const reply = await call(timesOut ? shortProxy.url : proxy.url, '/api/V2/Voos/Reservar', { behaviour });
    expect(reply.status).toBe(status);
    const p = problemOf(reply);
    expect(p.status).toBe(status);
    expect(p.detail).toMatch(detail);
    // It waited for its time-out, no less (how much longer is the bench's: npm run load -- --proxy).
    if (timesOut) expect(reply.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    await expect.poll(() => linesSince(mark, '/api/V2/Voos/Reservar')).toHaveLength(1);
    expect(linesSince(mark, '/api/V2/Voos/Reservar')[0]).toMatch(
      new RegExp(`^✗ POST /api/V2/Voos/Reservar upstream .*→ ${status} \\(\\d+ ms\\)$`),
    );
    expect(leaks(reply.body.toString() + JSON.stringify(reply.headers) + logged.slice(mark))).toEqual([]);
  });

  test('a refused connection → 502 naming ECONNREFUSED', async () => {
    const reply = await call(refusedProxy.url, '/api/V2/Voos/Reservar');
    expect(reply.status).toBe(502);
    expect(problemOf(reply).detail).toMatch(/refused the connection \(ECONNREFUSED\)/);
  });

  test('an https upstream whose certificate is not trusted → 502 naming the TLS error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'proxy-tls-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1', '-keyout', key, '-out', cert],
      { stdio: 'ignore' },
    );
    const tls = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const families = (await readFamilies(rootDir)).map((f) => f.id);
    const tlsProxy = await startProxy({
      rootDir,
      families,
      port: 0,
      upstream: `https://127.0.0.1:${(tls.address() as AddressInfo).port}`,
      log,
    });
    try {
      const reply = await call(tlsProxy.url, '/api/V2/Voos/Reservar');
      expect(reply.status).toBe(502);
      expect(problemOf(reply).detail).toMatch(/TLS connection to the upstream failed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    } finally {
      await tlsProxy.close();
      await new Promise((resolve) => tls.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an answer out of contract → 502 with the violations listed, in a header too', async () => {
    const reply = await call(proxy.url, '/api/V2/Voos/Consultar', { behaviour: 'out-of-contract' });
    expect(reply.status).toBe(502);
    expect(problemOf(reply).detail).toMatch(/breaks the contract/);
    expect(JSON.parse(String(reply.headers['sl-violations']))[0].location[0]).toBe('response');
    expect(reply.headers['sl-violations-total']).toBe('1');
  });

  test('a caller that goes away stops the upstream exchange (no call left hanging upstream)', async () => {
    const before = upstream.inFlight();
    const controller = new AbortController();
    const pending = fetch(`${proxy.url}/api/V2/Voos/Reservar`, {
      method: 'POST',
      headers: { ...HEADERS, 'x-upstream-behaviour': 'hang' },
      body: BODY,
      signal: controller.signal,
    });
    await expect.poll(() => upstream.inFlight()).toBeGreaterThan(before);
    controller.abort();
    await expect(pending).rejects.toThrow();
    // The patient proxy's own time-out is a minute away: only the caller's leaving can end the exchange this soon.
    await expect.poll(() => upstream.inFlight(), { timeout: 20_000 }).toBe(before);
  });
});

describe('bounded work per request', () => {
  test('an answer whose parse would pass the deadline goes on unchecked, as sent, saying so', async () => {
    const direct = await call(upstream.url, '/warm-up', { behaviour: 'near-cap' }); // the upstream builds it once
    const mark = logged.length;
    const reply = await call(tightProxy.url, '/api/V2/Voos/Reservar', { behaviour: 'near-cap' });
    expect(reply.status).toBe(200);
    expect(reply.headers['sl-unchecked']).toMatch(/^response not checked against the contract: /);
    expect(reply.body.equals(direct.body)).toBe(true);
    await expect
      .poll(() => linesSince(mark, 'Reservar').join('\n'))
      .toMatch(/^✗ POST \/api\/V2\/Voos\/Reservar response not checked against the contract: .* → 200 /);
  });

  test('a request whose parse would pass the deadline is forwarded unchecked, as sent, saying so', async () => {
    const body = JSON.stringify({ Login: SECRETS.login, Senha: SECRETS.senha, Nota: 'x'.repeat(700 * 1024) });
    const reply = await call(tightProxy.url, '/api/V2/Voos/Reservar', { body });
    expect(reply.status).toBe(200);
    expect(reply.headers['sl-unchecked']).toMatch(/^request not checked against the contract: /);
    expect(upstream.received.at(-1)!.body.toString()).toBe(body);
  });

  test('thousands of request violations: forwarded, at most 20 listed with the total, one short log line', async () => {
    const mark = logged.length;
    const body = JSON.stringify({
      Login: SECRETS.login,
      Senha: SECRETS.senha,
      Localizador: 'ABC123',
      ServiceIds: Array.from({ length: 5_000 }, (_, i) => i),
    });
    const reply = await call(proxy.url, '/api/V2/Voos/CancelarServicoAuxiliar', { body });
    expect(reply.status).toBe(200);
    const listed = JSON.parse(String(reply.headers['sl-violations'])) as unknown[];
    expect(listed.length).toBe(20);
    expect(Number(reply.headers['sl-violations-total'])).toBeGreaterThanOrEqual(5_000);
    const lines = linesSince(mark, 'CancelarServicoAuxiliar');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/; and \d{4,} more → 200/);
    expect(lines[0]!.length).toBeLessThan(4_000);
  });

  test('a lone surrogate as a password, thousands of token fields: still forwarded and answered', async () => {
    const tokens = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`token${i}`, `tok-${i}-value`]));
    const body = `{"Login":"a","Senha":"\\ud800x-lone","Localizador":"ABC123",${JSON.stringify(tokens).slice(1)}`;
    const reply = await call(proxy.url, '/api/V2/Voos/ObterMapaDeAssentos', { body });
    expect(reply.status).toBe(200);
    expect(upstream.received.at(-1)!.body.toString()).toBe(body);
    expect(Number(reply.headers['sl-violations-total'])).toBeGreaterThanOrEqual(1);
  });

  test('a body over 1 MiB → 413 and never forwarded', async () => {
    const count = upstream.received.length;
    const reply = await call(proxy.url, '/api/V2/Voos/Reservar', { body: `{"Login":"${'a'.repeat(1024 * 1024)}"}` });
    expect(reply.status).toBe(413);
    expect(upstream.received.length).toBe(count);
  });

  test('a request the caller cannot send as JSON → 400 without quoting it', async () => {
    const reply = await call(proxy.url, '/api/V2/Voos/Reservar', { body: `{"Login":"a","Senha":${SECRETS.senha}}` });
    expect(reply.status).toBe(400);
    expect(leaks(reply.body.toString())).toEqual([]);
  });
});

describe('slow callers', () => {
  /** Bytes sent one at a time every `everyMs`; resolves with what the proxy answered and when the socket closed. */
  function dribble(prefix: string, bytes: string, everyMs: number): Promise<{ text: string; ms: number }> {
    const { port } = new URL(shortProxy.url);
    const started = performance.now();
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      if (prefix) socket.write(prefix);
      let text = '';
      let i = 0;
      // real time: a real socket trickled against the proxy's real time-outs; the trickle never ends, so no race.
      const timer = setInterval(() => {
        if (i < bytes.length && socket.writable) socket.write(bytes[i++]!);
      }, everyMs);
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ text, ms: performance.now() - started });
      });
    });
  }

  test('a head sent a byte every 200 ms is cut at the head time-out with 408', async () => {
    const head = `POST /api/V2/Voos/Reservar HTTP/1.1\r\nhost: x\r\ndeveloper-token: ${SECRETS.developerToken}\r\n\r\n`;
    const { text, ms } = await dribble('', head, 200);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    // Cut before the head was whole: by the time-out, not by the end of the head.
    expect(ms).toBeLessThan(head.length * 200);
    expect(leaks(text)).toEqual([]);
  });

  test('a connection that sends nothing is closed at the head time-out', async () => {
    // The dribble never closes by itself: only the proxy's head time-out ends it.
    const { ms } = await dribble('', '', 200);
    expect(ms).toBeGreaterThanOrEqual(HEAD_TIMEOUT_MS - 50);
  }, 60_000);

  test('a body sent a byte every 200 ms is cut at the body time-out with 408', async () => {
    const body = BODY;
    const head = `POST /api/V2/Voos/Reservar HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
    const { text, ms } = await dribble(head, body, 200);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/body did not arrive within 1500 ms/);
    expect(ms).toBeLessThan(body.length * 200);
  });
});

test('a secret used as a field name or in the path is redacted from sl-violations and the log line', async () => {
  const mark = logged.length;
  const body = JSON.stringify({
    Login: SECRETS.login,
    Senha: SECRETS.senha,
    Localizador: 'ABC123',
    [SECRETS.senha]: 1,
    [SECRETS.developerToken]: 2,
  });
  const closed = await call(proxy.url, '/api/V2/Voos/ObterMapaDeAssentos', { body });
  expect(closed.status).toBe(200);
  expect(String(closed.headers['sl-violations'])).toMatch(/additional properties; found '\[redacted\]'/);
  const unknown = await call(proxy.url, `/api/V2/Voos/${SECRETS.login}`);
  expect(String(unknown.headers['sl-violations'])).toMatch(/route not found/);
  await expect.poll(() => logged.slice(mark)).toMatch(/POST \/api\/V2\/Voos\/\[redacted\] /);
  // Partly percent-encoded: `"` and `<` encoded, `&` plain, a form no fixed list of encodings holds.
  const mixed = `/api/V2/Voos/${encodeURIComponent(SECRETS.senha).replace('%26', '&')}`;
  await call(proxy.url, mixed);
  await expect.poll(() => logged.slice(mark)).toMatch(/POST \/api\/V2\/Voos\/\[redacted\] .*\n.*POST \/api\/V2\/Voos\/\[redacted\] /);
  expect(logged.slice(mark)).not.toContain('SENHA-canary');
  expect(leaks(JSON.stringify([closed.headers, unknown.headers]) + logged.slice(mark))).toEqual([]);
});

const hiddenSecrets = (text: string): string[] => hidden(text, Object.values(SECRETS));

test('an answer naming fields by encoded copies of the password: Base64 at every alignment, double percent, hex, all redacted', async () => {
  const mark = logged.length;
  const around = `{"Login": "${SECRETS.login}", "Senha": "${SECRETS.senha}"`;
  const keys = [
    ...[0, 1, 2].map((pad) => Buffer.from(`${' '.repeat(pad)}${around}`).toString('base64')),
    encodeURIComponent(encodeURIComponent(SECRETS.senha)),
    encodeURIComponent(encodeURIComponent(encodeURIComponent(SECRETS.senha))),
    Buffer.from(SECRETS.senha).toString('hex'),
    Buffer.from(SECRETS.senha).toString('hex').toUpperCase(),
  ];
  // The detector finds each of them before redaction, so a pass below means they were redacted.
  for (const key of keys) expect(hiddenSecrets(key), key).not.toEqual([]);
  const body = JSON.stringify({ AutenticacaoUsuario: { Login: SECRETS.login, Senha: SECRETS.senha }, EchoKeys: keys });
  const reply = await call(proxy.url, '/AereoNoSession.svc/AutenticarComUsuario', { body, behaviour: 'echo-keys' });
  expect(reply.status).toBe(502);
  await expect.poll(() => linesSince(mark, 'AutenticarComUsuario').length).toBeGreaterThan(0);
  const texts = [reply.body.toString(), String(reply.headers['sl-violations']), logged.slice(mark)].join('\n');
  expect(texts).toContain('[redacted]');
  expect(hiddenSecrets(texts)).toEqual([]);
});

test('a query string is never printed, whatever it holds', async () => {
  const mark = logged.length;
  const query = `?Senha=${encodeURIComponent(SECRETS.senha)}&x=QUERY-canary-31`;
  await call(proxy.url, `/api/V2/Voos/NoSuchOperation${query}`);
  await expect.poll(() => linesSince(mark, 'NoSuchOperation').length).toBeGreaterThan(0);
  expect(logged.slice(mark)).not.toContain('QUERY-canary-31');
  expect(hiddenSecrets(logged.slice(mark))).toEqual([]);
});

test('thousands of token-like fields before the credentials do not push them out of the redaction', async () => {
  const mark = logged.length;
  const tokens = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`token${i}`, `tok-${i}-value`]));
  // The password as an unexpected field name first (its violation is listed first), the password itself last.
  const body = JSON.stringify({ [SECRETS.senha]: 1, ...tokens, Localizador: 'ABC123', Login: SECRETS.login, Senha: SECRETS.senha });
  const reply = await call(proxy.url, '/api/V2/Voos/ObterMapaDeAssentos', { body });
  expect(reply.status).toBe(200);
  await expect.poll(() => linesSince(mark, 'ObterMapaDeAssentos')).toHaveLength(1);
  expect(String(reply.headers['sl-violations'])).toMatch(/found '\[redacted\]'/);
  expect(leaks(String(reply.headers['sl-violations']) + logged.slice(mark))).toEqual([]);
});

test('a secret at the point where a message is cut is redacted whole, not cut in two', async () => {
  const mark = logged.length;
  // Prism's message quotes the key after 57 characters; messages are cut at 200: the secret straddles the cut.
  const longKey = `${'a'.repeat(135)}${SECRETS.login}`;
  const body = JSON.stringify({ Login: SECRETS.login, Senha: SECRETS.senha, Localizador: 'ABC123', [longKey]: 1 });
  const reply = await call(proxy.url, '/api/V2/Voos/ObterMapaDeAssentos', { body });
  const texts = String(reply.headers['sl-violations']) + logged.slice(mark);
  expect(texts).toMatch(/found 'a+\[redac/);
  for (let i = 0; i + 6 <= SECRETS.login.length; i++) expect(texts).not.toContain(SECRETS.login.slice(i, i + 6));
});

test('after all of the above the proxy still serves, and no secret in any form is in its whole log', async () => {
  expect((await call(proxy.url, '/api/V2/Voos/Reservar')).status).toBe(200);
  expect(logged.length).toBeGreaterThan(0);
  expect(leaks(logged)).toEqual([]);
});

// The canary's secrets, a stub upstream on 127.0.0.1 that echoes whatever it received in
// several encodings, and the one check every door's test ends with: no secret, in any form
// tests/reliability/leak-scan.ts knows, in any output (a failure names the door, the output,
// the encoding and a short context, never the secret).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { leaksWhere } from '../reliability/leak-scan.ts';

/** Distinctive values: a password with a non-ASCII letter and a quote, a GUID, a Base64-looking code, a login, a session token. */
export const SECRETS = {
  password: 'Senhä"canary-4Qx',
  developerToken: '3f6b2a9e-8c41-4d7a-b5e2-91c0d4f7a6e3',
  accessCode: 'Q0FOQVJZLWFjY2Vzcy03NzQx',
  login: 'agencia-canary-5531',
  sessionToken: 'sessao-canary-0b7e4c2d9a',
} as const;

/** The environment the MCP server and the flows runner read the credentials from. */
export const FLOWS_ENV = {
  FLOWS_LOGIN: SECRETS.login,
  FLOWS_PASSWORD: SECRETS.password,
  FLOWS_DEVELOPER_TOKEN: SECRETS.developerToken,
  FLOWS_ACCESS_CODE: SECRETS.accessCode,
};

export const DEVELOPER_HEADERS = {
  'developer-token': SECRETS.developerToken,
  'developer-access-code': SECRETS.accessCode,
};

/** The four shapes a legacy `Autenticar` answer takes: a bare JSON string, text/plain, XML, and a wrapping object. */
export const TOKEN_SHAPES = ['json', 'text', 'xml', 'wrapped'] as const;

const b64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');

/** `text` as the stub echoes it: as is and in the encodings a careless server uses. */
export function echoed(text: string): Record<string, string> {
  return {
    raw: text,
    url: encodeURIComponent(text),
    base64: b64(text),
    base64url: Buffer.from(text).toString('base64url'),
    base64Utf16le: b64(Buffer.from(text, 'utf16le')),
    base64Twice: b64(b64(text)),
    hex: Buffer.from(text).toString('hex'),
    entities: [...text].map((c) => `&#${c.codePointAt(0)};`).join(''),
  };
}

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Upstream {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * The first path segment picks what the stub answers (the rest is the operation's path):
 * `echo` 500 JSON, `echo-html` 502 HTML, `echo-text` 503 text/plain, each echoing the request;
 * `ok` 200 JSON echoing it; `keys` 200 JSON whose field names are the echoes (out of any
 * contract); `expired` legacy `SessaoExpirada: true`. Every `…/Autenticar` answers the session
 * token instead, in the next of the four shapes (per mode, so four calls see all four).
 */
export async function startUpstream(): Promise<Upstream> {
  const received: Received[] = [];
  const turns = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      received.push({ method: req.method ?? '', url, headers: req.headers, body });
      const mode = url.split('/')[1] ?? '';
      const send = (status: number, type: string, text: string) =>
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
      if (url.split('?')[0]!.endsWith('/Autenticar')) {
        const turn = turns.get(mode) ?? 0;
        turns.set(mode, turn + 1);
        const shape = TOKEN_SHAPES[turn % TOKEN_SHAPES.length]!;
        const token = SECRETS.sessionToken;
        if (shape === 'json') return send(200, 'application/json; charset=utf-8', JSON.stringify(token));
        if (shape === 'text') return send(200, 'text/plain; charset=utf-8', token);
        if (shape === 'xml')
          return send(
            200,
            'application/xml; charset=utf-8',
            `<string xmlns="http://schemas.microsoft.com/2003/10/Serialization/">${token}</string>`,
          );
        return send(200, 'application/json; charset=utf-8', JSON.stringify({ AutenticarResult: token }));
      }
      const request = JSON.stringify({ method: req.method, url, headers: req.headers, body });
      const echo = echoed(request);
      const lines = Object.entries(echo)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      if (mode === 'echo') return send(500, 'application/json; charset=utf-8', JSON.stringify({ Mensagem: 'erro interno', Eco: echo }));
      if (mode === 'echo-html')
        return send(502, 'text/html; charset=utf-8', `<!DOCTYPE html><html><body><h1>502</h1><pre>${lines}</pre></body></html>`);
      if (mode === 'echo-text') return send(503, 'text/plain; charset=utf-8', lines);
      if (mode === 'keys')
        return send(200, 'application/json; charset=utf-8', JSON.stringify(Object.fromEntries(Object.values(echo).map((v, i) => [v, i]))));
      if (mode === 'expired') return send(200, 'application/json; charset=utf-8', JSON.stringify({ SessaoExpirada: true, Eco: echo }));
      return send(200, 'application/json; charset=utf-8', JSON.stringify({ Eco: echo }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One output of a door: what it is (`log at info`, `error of Disponibilidade`) and its value (a text, an error, an event). */
export interface Output {
  output: string;
  value: unknown;
}

/** One secret found in one output of a door: the encodings it showed in, and the context of the first. */
export interface DoorLeak {
  door: string;
  output: string;
  secret: string;
  encodings: string[];
  context: string;
}

/** Every secret found in any output of a door, with where and in which encodings. */
export function leaksOf(door: string, outputs: readonly Output[]): DoorLeak[] {
  return outputs.flatMap(({ output: name, value }, index) => {
    // A label made from what the door wrote (a file name) could spell a secret itself.
    const output = leaksWhere(name, SECRETS).length === 0 ? name : `output ${index + 1} (its name holds a secret)`;
    const bySecret = new Map<string, DoorLeak>();
    for (const leak of leaksWhere(value, SECRETS)) {
      const found = bySecret.get(leak.secret);
      if (found) found.encodings.push(leak.encoding);
      else bySecret.set(leak.secret, { door, output, secret: leak.secret, encodings: [leak.encoding], context: leak.context });
    }
    return [...bySecret.values()];
  });
}

/** The door's outputs hold no secret: a failure lists each leak (door, output, secret's name, encoding, context). */
export function expectNoLeak(door: string, outputs: readonly Output[]): void {
  expect(outputs.length, `${door}: no output was collected, so the scan would prove nothing`).toBeGreaterThan(0);
  expect(leaksOf(door, outputs)).toEqual([]);
}

/** What a rejected promise rejected with (a door's error is one of its outputs). */
export async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

// An upstream that misbehaves on request, for the proxy's tests and its hostile-load
// figures: each call names what the upstream does in the `x-upstream-behaviour` header
// (an end-to-end header, so the proxy passes it on). Listens on 127.0.0.1 only.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';

export const BEHAVIOURS = [
  'ok',
  'numbers',
  'gzip',
  'out-of-contract',
  'hang',
  'hang-mid-body',
  'trickle',
  'reset',
  'die-mid-body',
  'bad-gzip',
  'invalid-json',
  'huge',
  'gzip-bomb',
  'near-cap',
  'not-http',
  'echo-keys',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** In the contract of every V2 operation (an object at the root), with numbers JSON.parse would rewrite and a repeated key. */
export const ANSWER_WITH_NUMBERS =
  '{"Localizador":"ABC123","Total":12345678901234567890,"Taxa":1.10,"Limite":1e400,"Localizador":"DEF456"}';
export const OK_ANSWER = '{"Localizador":"ABC123"}';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HostileUpstream {
  url: string;
  received: Received[];
  /** Calls the upstream holds open now: received, not yet answered in full nor closed. */
  inFlight: () => number;
  close(): Promise<void>;
}

/** Answers of this size or less are read whole by a proxy at its default cap (4 MiB). */
export const NEAR_CAP_BYTES = 4 * 1024 * 1024 - 64 * 1024;

let nearCap: string | undefined;
/** An object with as many short keys as fit in NEAR_CAP_BYTES: the most parsing and validation one answer can cost. */
function nearCapAnswer(): string {
  if (nearCap) return nearCap;
  const parts: string[] = ['"Localizador":"ABC123"'];
  let size = 2 + parts[0]!.length;
  for (let i = 0; size < NEAR_CAP_BYTES - 32; i++) {
    const part = `"k${i}":${i}`;
    parts.push(part);
    size += part.length + 1;
  }
  nearCap = `{${parts.join(',')}}`;
  return nearCap;
}

function echoKeys(_headers: http.IncomingHttpHeaders, body: Buffer | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(body?.toString('utf8') ?? '');
    const keys = typeof parsed === 'object' && parsed !== null ? (parsed as { EchoKeys?: unknown }).EchoKeys : undefined;
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

let bomb: Buffer | undefined;
/** 32 MiB of JSON whitespace in 32 kB of gzip. */
function gzipBomb(): Buffer {
  bomb ??= zlib.gzipSync(Buffer.concat([Buffer.from('{"a":1'), Buffer.alloc(32 * 1024 * 1024, 0x20), Buffer.from('}')]), { level: 9 });
  return bomb;
}

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  const json = { 'content-type': 'application/json; charset=utf-8' };

  const server = http.createServer((req, res) => {
    const behaviour = String(req.headers['x-upstream-behaviour'] ?? 'ok') as Behaviour;
    inFlight++;
    res.on('close', () => inFlight--);
    if (behaviour === 'reset') return void req.socket.destroy();
    if (behaviour === 'not-http') return void req.socket.end('SMTP ready\r\n\r\n');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      switch (behaviour) {
        case 'numbers':
          return void res.writeHead(200, json).end(ANSWER_WITH_NUMBERS);
        case 'gzip':
          return void res.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(zlib.gzipSync(ANSWER_WITH_NUMBERS));
        case 'out-of-contract':
          return void res.writeHead(200, json).end('[1,2,3]');
        case 'hang':
          return; // never answers
        case 'hang-mid-body':
          res.writeHead(200, { ...json, 'content-length': '100' });
          return void res.write('{"Localizador":');
        case 'trickle': {
          res.writeHead(200, json);
          res.write('{"Localizador":"');
          const timer = setInterval(() => res.write('A'), 100);
          timers.add(timer);
          return void res.on('close', () => clearInterval(timer));
        }
        case 'die-mid-body':
          res.writeHead(200, { ...json, 'content-length': '1000' });
          res.write('{"Localizador":"ABC');
          return void setImmediate(() => req.socket.destroy());
        case 'bad-gzip':
          return void res.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(Buffer.from('this is not gzip at all'));
        case 'invalid-json':
          return void res.writeHead(200, json).end('{"Localizador": ABC123');
        case 'huge':
          return void res.writeHead(200, json).end(`{"Localizador":"${'A'.repeat(6 * 1024 * 1024)}"}`);
        case 'gzip-bomb':
          return void res.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(gzipBomb());
        case 'near-cap':
          return void res.writeHead(200, json).end(nearCapAnswer());
        case 'echo-keys':
          // An upstream that turns what it was sent into field names: the strings of the body's `EchoKeys`.
          return void res
            .writeHead(200, json)
            .end(JSON.stringify(Object.fromEntries(echoKeys(req.headers, received.at(-1)?.body).map((k) => [k, 1]))));
        default:
          return void res.writeHead(200, json).end(OK_ANSWER);
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address on 127.0.0.1 where nothing listens (a port just released). */
export async function refusingAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

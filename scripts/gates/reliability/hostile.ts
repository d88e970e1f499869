// The worst-case bodies of issue 15 (just under the mock's 1 MiB cap), and a run that
// sends them concurrently to a mock while a valid call is sent meanwhile. Used by the
// hostile corpus test (counts) and by `npm run load -- --hostile` (figures).
import http from 'node:http';
import { MAX_BODY_BYTES } from '../../../src/mock/wire.ts';
import { CANARY_ACCESS_CODE, CANARY_PASSWORD, DEVELOPER_TOKEN } from '../../lib/contract.ts';

export const HOSTILE_HEADERS = {
  'content-type': 'application/json',
  'developer-token': DEVELOPER_TOKEN,
  'developer-access-code': CANARY_ACCESS_CODE,
};
const CREDENTIALS = `"Login":"agencia","Senha":"${CANARY_PASSWORD}","Localizador":"ABC123"`;

export type HostileKind = 'items' | 'keys' | 'depth';
export const HOSTILE_KINDS: HostileKind[] = ['items', 'keys', 'depth'];

export interface HostileBody {
  kind: HostileKind;
  path: string;
  body: string;
}

/** A body of the kind, as large as fits under `limit` bytes. */
export function hostileBody(kind: HostileKind, limit = MAX_BODY_BYTES - 64): HostileBody {
  switch (kind) {
    case 'items': {
      // Seat items without any of their four required fields: 4 violations each.
      const head = `{${CREDENTIALS},"Assentos":[`;
      const count = Math.floor((limit - head.length - 2) / 3);
      return { kind, path: '/AereoNoSession.svc/MarcarAssentos', body: `${head}${'{},'.repeat(count - 1)}{}]}` };
    }
    case 'keys': {
      // A closed body with as many unknown keys as fit.
      const parts = [`{${CREDENTIALS}`];
      let size = parts[0]!.length + 1;
      for (let i = 0; size < limit - 16; i++) {
        const part = `,"k${i.toString(36)}":0`;
        parts.push(part);
        size += part.length;
      }
      return { kind, path: '/AereoNoSession.svc/ObterMapaDeAssentos', body: `${parts.join('')}}` };
    }
    case 'depth': {
      // Arrays nested as deep as fit, where the contract wants seat objects.
      const head = `{${CREDENTIALS},"Assentos":`;
      const depth = Math.floor((limit - head.length - 1) / 2);
      return { kind, path: '/AereoNoSession.svc/MarcarAssentos', body: `${head}${'['.repeat(depth)}${']'.repeat(depth)}}` };
    }
  }
}

export interface Exchange {
  status: number;
  ms: number;
  body: string;
}

export function post(baseUrl: string, path: string, body: string, headers: Record<string, string> = HOSTILE_HEADERS): Promise<Exchange> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.end(body);
  });
}

export interface HostileRound {
  kind: HostileKind;
  bytes: number;
  hostile: Exchange[];
  /** A valid call sent once the hostile bodies are on their way. */
  valid: Exchange;
}

/** `concurrency` bodies of the kind at once, and a valid call sent 20 ms later. */
export async function hostileRound(baseUrl: string, kind: HostileKind, concurrency = 8): Promise<HostileRound> {
  const { path, body } = hostileBody(kind);
  const hostile = Promise.all(Array.from({ length: concurrency }, () => post(baseUrl, path, body)));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const valid = await post(baseUrl, '/api/V2/Voos/Reservar', `{"Login":"agencia","Senha":"${CANARY_PASSWORD}"}`);
  return { kind, bytes: Buffer.byteLength(body), hostile: await hostile, valid };
}

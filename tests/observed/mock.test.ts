// `npm run mock -- --observed`: a real mock process serving v2-pt and legacy from their
// observed flavours answers the observed request examples with the observed example
// answers, on the V2 route and on `AereoNoSession.svc/<Operation>`, while the
// published-flavour mock (the suite's shared process) still answers `{}` (and has no such
// legacy route). The observed clients read realistic flights and bookings from it offline.
import { execFile } from 'node:child_process';
import { cpSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { ServiceError, createV2ObservedClient } from '../../src/v2-observed.ts';
import { createLegacyObservedClient } from '../../src/legacy-observed.ts';
import { isObject, type Json } from '../../src/lib/json.ts';
import { startMockProcess, type MockProcess } from '../support/mock-process.ts';
import { PREFIX, loadEvidenceExample, observedOperations, rootDir, tempDir } from './support.ts';

const headers = {
  'content-type': 'application/json; charset=utf-8',
  'developer-token': '00000000-0000-0000-0000-000000000000',
  'developer-access-code': 'QUJD',
};
let observedMock: MockProcess;
const publishedUrl = (): string => inject('mockUrl');

beforeAll(async () => {
  observedMock = await startMockProcess(rootDir, ['--observed']);
}, 90_000);
afterAll(async () => {
  await observedMock?.stop();
});

async function post(baseUrl: string, route: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Reads `a.b.0.c` from a JSON value (undefined where it breaks off). */
const at = (value: Json, dotted: string): Json | undefined =>
  dotted
    .split('.')
    .reduce<Json | undefined>((node, key) => (Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined), value);

describe('the observed mock', () => {
  test('says which flavour it serves', () => {
    expect(observedMock.output()).toMatch(
      /Mock of v2-pt \(observed flavour[^)]*\), legacy \(observed flavour[^)]*\), v1, v2-en, v3 listening on/,
    );
  });

  test.each(observedOperations.map((op) => [op]))(
    '%s: the observed request is accepted and answered with the observed example; the published mock answers {}',
    async (op) => {
      const request = loadEvidenceExample(op, 'request');
      const observed = await post(observedMock.url, `${PREFIX}/${op}`, request);
      expect(observed.status, JSON.stringify(observed.body).slice(0, 400)).toBe(200);
      expect(observed.body).toEqual(loadEvidenceExample(op, 'response'));
      const published = await post(publishedUrl(), `${PREFIX}/${op}`, request);
      expect(published).toEqual({ status: 200, body: {} });
    },
  );

  test.each(observedOperations.map((op) => [op]))(
    '%s on AereoNoSession.svc: answered with the observed example; the published mock has no such route',
    async (op) => {
      const route = `/AereoNoSession.svc/${op}`;
      const request = loadEvidenceExample(op, 'request');
      const observed = await post(observedMock.url, route, request);
      expect(observed.status, JSON.stringify(observed.body).slice(0, 400)).toBe(200);
      expect(observed.body).toEqual(loadEvidenceExample(op, 'response'));
      expect((await post(publishedUrl(), route, request)).status).toBe(404);
    },
  );

  test('the legacy observed client reads a booking from the legacy route, offline', async () => {
    const client = createLegacyObservedClient({
      baseUrl: observedMock.url,
      developerToken: headers['developer-token'],
      accessCode: 'QUJD',
    });
    const booking = await client.call('/AereoNoSession.svc/Reservar', loadEvidenceExample('Reservar', 'request') as never);
    expect(booking.Reservas?.[0]?.Localizador).toBe(at(loadEvidenceExample('Reservar', 'response'), 'Reservas.0.Localizador'));
    await expect(
      client.call('/AereoNoSession.svc/ConsultarEticket', loadEvidenceExample('ConsultarEticket', 'request') as never),
    ).rejects.toBeInstanceOf(ServiceError);
  });

  test('a body breaking an observed type is refused there (422 naming the field), accepted by the published mock', async () => {
    const body = { Login: 'agencia', Senha: 's3gredo', Passageiros: [{ Nome: 1 }] };
    const observed = await post(observedMock.url, `${PREFIX}/Reservar`, body);
    expect(observed.status).toBe(422);
    expect(JSON.stringify(observed.body)).toMatch(/Passageiros/);
    expect(await post(publishedUrl(), `${PREFIX}/Reservar`, body)).toEqual({ status: 200, body: {} });
  });

  test('everything else is served as by the published mock: other v2-pt operations and the other families', async () => {
    const calls: Array<[string, Json, number]> = [
      [`${PREFIX}/ObterMapaDeAssentos`, { Login: 'agencia', Senha: 's3gredo', Localizador: 'ABC123' }, 200],
      [`${PREFIX}/ObterMapaDeAssentos`, { Localizador: 'ABC123' }, 422],
      ['/api/V2/Flights/Availability', {}, 200],
      ['/AereoNoSession.svc/ObterMapaDeAssentos', { Login: 'agencia', Senha: 's3gredo', Localizador: 'ABC123' }, 200],
    ];
    for (const [route, body, status] of calls) {
      const observed = await post(observedMock.url, route, body);
      const published = await post(publishedUrl(), route, body);
      expect(observed.status, route).toBe(status);
      expect(observed, route).toEqual(published);
    }
  });

  test('the observed client reads flights, a booking and a service error from it, offline', async () => {
    const client = createV2ObservedClient({ baseUrl: observedMock.url, developerToken: headers['developer-token'], accessCode: 'QUJD' });
    const search = await client.call(`${PREFIX}/Disponibilidade`, loadEvidenceExample('Disponibilidade', 'request') as never);
    const flight = search.ViagensTrecho1?.[0]?.Voos?.[0];
    const example = loadEvidenceExample('Disponibilidade', 'response');
    expect(flight?.CiaMandatoria?.CodigoIata).toBe(at(example, 'ViagensTrecho1.0.Voos.0.CiaMandatoria.CodigoIata'));
    expect(flight?.DataSaida).toBe(at(example, 'ViagensTrecho1.0.Voos.0.DataSaida'));
    expect(typeof flight?.CiaMandatoria?.CodigoIata).toBe('string');
    // The example search is one-way: its DataVolta is the no-date token, read as null.
    expect(at(example, 'DataVolta')).toBe('/Date(-62135589600000-0300)/');
    expect(search.DataVolta).toBeNull();

    const booking = await client.call(`${PREFIX}/Reservar`, loadEvidenceExample('Reservar', 'request') as never);
    expect(booking.Reservas?.[0]?.Localizador).toBe(at(loadEvidenceExample('Reservar', 'response'), 'Reservas.0.Localizador'));

    const failure = await client.call(`${PREFIX}/ConsultarEticket`, loadEvidenceExample('ConsultarEticket', 'request') as never).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).serviceMessage).toBe(at(loadEvidenceExample('ConsultarEticket', 'response'), 'Exception.Message'));
  });
});

test('--observed without the observed bundle stops with a clear message', async () => {
  const tmp = tempDir();
  try {
    // A copy of the package whose v2-pt observed flavour was never built.
    for (const entry of ['src', 'package.json', 'generated'])
      cpSync(path.join(rootDir, entry), path.join(tmp.dir, entry), { recursive: true });
    rmSync(path.join(tmp.dir, 'generated/v2-pt-observed'), { recursive: true });
    symlinkSync(path.join(rootDir, 'node_modules'), path.join(tmp.dir, 'node_modules'));
    const result = await promisify(execFile)(
      process.execPath,
      [path.join(tmp.dir, 'src/cli/main.ts'), 'mock', '--port', '0', '--observed'],
      {
        cwd: tmp.dir,
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /The bundle of v2-pt is missing \(ENOENT\): .*generated\/v2-pt-observed\/openapi\.json\. In a clone, run `npm run build` first\./,
    );
  } finally {
    tmp.cleanup();
  }
}, 30_000);

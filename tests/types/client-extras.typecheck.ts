// Issue 42 at the type level: `retry` compiles only on an operation that only reads, by
// name and by path, in every family; the exported client types store a client in a field
// with or without credentials; request and answer types by operation name, observed
// flavours included. Each @ts-expect-error must meet an error (tests/types/types.test.ts).
import type { CallErrorEvent, CallHooks, CallRequestEvent, CallResponseEvent, ClientClock, RetryOptions } from '../../src/index.ts';
import { createLegacyClient, type LegacyAnswer, type LegacyClient, type LegacyReadOperation, type LegacyRequest } from '../../src/legacy.ts';
import { createLegacyObservedClient, type LegacyObservedClient, type LegacyObservedRequest } from '../../src/legacy-observed.ts';
import { createV1Client, type V1Client, type V1Request } from '../../src/v1.ts';
import {
  createV2Client,
  type V2Answer,
  type V2Client,
  type V2ClientWithoutCredentials,
  type V2OperationName,
  type V2ReadOperation,
  type V2Request,
} from '../../src/v2.ts';
import { createV2EnClient, type V2EnAnswer, type V2EnClient, type V2EnRequest } from '../../src/v2-en.ts';
import { createV2ObservedClient, type V2ObservedAnswer, type V2ObservedClient, type V2ObservedRequest } from '../../src/v2-observed.ts';
import { createV3Client, type V3Answer, type V3Client, type V3Request } from '../../src/v3.ts';

const identity = { baseUrl: 'https://sandbox.invalid', developerToken: '<DEVELOPER_TOKEN>', accessCode: '<ACCESS_CODE>' };
const credentials = { Login: '<LOGIN>', Senha: '<PASSWORD>' };
const retry: RetryOptions = { attempts: 3, backoff: 200 };
const search = { Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 };

// A client stored in a field: with credentials, bodies leave them out.
class Booking {
  readonly v2: V2Client = createV2Client({ ...identity, credentials, retry });
  readonly bare: V2ClientWithoutCredentials = createV2Client(identity);
  async search(): Promise<V2Answer<'Disponibilidade'>> {
    return this.v2.Disponibilidade(search, { retry: { attempts: 2 } });
  }
  async searchBare(): Promise<V2Answer<'Disponibilidade'>> {
    // @ts-expect-error without stored credentials, Login and Senha are required
    return this.bare.Disponibilidade(search);
  }
}

export async function retries(): Promise<void> {
  const v2 = createV2Client({ ...identity, credentials });
  await v2.Tarifar({}, { retry });
  await v2.call('/api/V2/Voos/Consultar', {}, { retry: { deadline: 10_000 } });
  await v2.ObterMapaDeAssentos({ Localizador: 'ABC123' }, { retry: false });
  // @ts-expect-error Reservar books: retry is refused
  await v2.Reservar({}, { retry });
  // @ts-expect-error Emitir issues: retry is refused, by path too
  await v2.call('/api/V2/Voos/Emitir', {}, { retry });
  // @ts-expect-error MarcarAssentos marks seats
  await v2.MarcarAssentos({ Localizador: 'ABC123', Assentos: [] }, { retry });
  // @ts-expect-error GravarServicoAuxiliar buys ancillaries
  await v2.GravarServicoAuxiliar({ DisponibilidadeId: 'D', Localizador: 'ABC123', ServiceIds: [] }, { retry });
  // @ts-expect-error IniciarEmissao starts issuance: in doubt, not retried
  await v2.IniciarEmissao({}, { retry });
  await v2.Reservar({}, { timeout: 30_000 });

  const en = createV2EnClient(identity);
  await en.Availability({ Origin: 'GRU', Destination: 'LIS', DepartureDate: '2026-05-20T00:00:00', Adults: 1 }, { retry });
  // @ts-expect-error Book books
  await en.Book({}, { retry });

  const v3 = createV3Client({ ...identity, credentials });
  await v3.Disponibilidade({}, { retry });

  const v1 = createV1Client({ ...identity, credentials });
  // @ts-expect-error V1 names no operations, so none is known to only read
  await v1.Pesquisar!({}, { retry });

  const legacy = createLegacyClient({ ...identity, credentials, reauthenticate: true });
  await legacy.ObterMapaDeAssentos({ Localizador: 'ABC123' }, { retry });
  // @ts-expect-error CancelarServicoAuxiliar cancels
  await legacy.CancelarServicoAuxiliar({ Localizador: 'ABC123', ServiceIds: [] }, { retry });
  // @ts-expect-error Autenticar opens a session: in doubt, not retried
  await legacy.Aereo.Autenticar({}, { retry });

  // @ts-expect-error reauthenticate is for the legacy service only
  createV2Client({ ...identity, credentials, reauthenticate: true });
}

export function hooks(): CallHooks {
  return {
    onRequest: (event: CallRequestEvent) => console.log(event.operation, event.family, event.attempt, event.body, event.headers),
    onResponse: (event: CallResponseEvent) => console.log(event.status, event.durationMs),
    onError: (event: CallErrorEvent) => console.log(event.status, event.error),
  };
}

// Request and answer types by operation name, in every family and flavour.
export const tarifar: V2Request<'Tarifar'> = { Login: 'l', Senha: 's' };
export const tarifarStored: V2Request<'Tarifar', true> = {};
// @ts-expect-error Login and Senha are required in the declared body
export const tarifarBare: V2Request<'Tarifar'> = {};
export const mapa: V2Request<'ObterMapaDeAssentos', true> = { Localizador: 'ABC123' };
// @ts-expect-error no such operation
export type Wrong = V2Request<'Tarifa'>;
export const names: V2OperationName[] = ['Tarifar', 'Reservar'];
export const reads: V2ReadOperation[] = ['Tarifar', 'Consultar', 'ObterMapaDeAssentos'];
// @ts-expect-error Reservar is not a read
export const notRead: V2ReadOperation = 'Reservar';
export const legacyReads: LegacyReadOperation[] = ['ObterMapaDeAssentos', 'DisponibilidadeDeServicoAuxiliar'];
export const availability: V2EnRequest<'Availability'> = { Origin: 'GRU' };
export type Price = V2EnAnswer<'Price'>;
export type V3Search = [V3Request<'Disponibilidade'>, V3Answer<'Disponibilidade'>];
export type V1Body = V1Request<true>;
export const assentos: LegacyRequest<'MarcarAssentos', true> = { Localizador: 'ABC123', Assentos: [] };
export type Mapa = LegacyAnswer<'ObterMapaDeAssentos'>;

export async function observed(): Promise<void> {
  const client: V2ObservedClient = createV2ObservedClient({ ...identity, credentials });
  const answer: V2ObservedAnswer<'Disponibilidade'> = await client.Disponibilidade(search, { retry });
  const airline: string | null | undefined = answer.ViagensTrecho1?.[0]?.Voos?.[0]?.CiaMandatoria?.CodigoIata;
  const body: V2ObservedRequest<'Reservar', true> = { Passageiros: [{ Nome: 'FULANO', Sobrenome: 'SILVA' }] };
  // @ts-expect-error Reservar books, in the observed flavour too
  await client.Reservar(body, { retry });
  const legacy: LegacyObservedClient = createLegacyObservedClient({ ...identity, credentials });
  const legacyBody: LegacyObservedRequest<'ObterMapaDeAssentos', true> = { Localizador: 'ABC123' };
  await legacy.call('/AereoNoSession.svc/ObterMapaDeAssentos', legacyBody, { retry });
  // The operations the observed legacy flavour adds take the V2 operation's effect (x-effect in the contract index).
  await legacy.call('/AereoNoSession.svc/Disponibilidade', { ...search }, { retry });
  // @ts-expect-error its Reservar books, as V2's does
  await legacy.call('/AereoNoSession.svc/Reservar', {}, { retry });
  void [airline];
}

export const stored: [V2EnClient, V3Client, V1Client, LegacyClient, Booking] = [
  createV2EnClient(identity),
  createV3Client({ ...identity, credentials }),
  createV1Client({ ...identity, credentials }),
  createLegacyClient({ ...identity, credentials }),
  new Booking(),
];

// The test clock (docs/client.md, "Time-outs on your own clock"): an object of three functions, on every family.
const clock: ClientClock = { now: () => 0, setTimeout: (callback: () => void, ms: number) => ({ callback, ms }), clearTimeout: (_handle: unknown) => {} };
export const clocked: [V2Client, LegacyClient] = [
  createV2Client({ ...identity, credentials, clock }),
  createLegacyClient({ ...identity, credentials, reauthenticate: true, timeout: 1_500, clock }),
];
// @ts-expect-error now() gives a number of milliseconds
createV3Client({ ...identity, clock: { ...clock, now: () => '0' } });
// @ts-expect-error clearTimeout is part of it
createV1Client({ ...identity, clock: { now: clock.now, setTimeout: clock.setTimeout } });

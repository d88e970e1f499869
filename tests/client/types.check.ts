// Type-level tests: checked by `tsc --noEmit` (types.test.ts runs it). Each
// `@ts-expect-error` marks a call that must NOT compile; types.test.ts also strips the
// markers and checks that every one of those lines then fails on its own.
import { createV2Client, type V2Paths } from '../../src/v2.ts';
import { defineFamily, formatIsoDateTime, migrateLegacyCall, unwrapV1 } from '../../src/index.ts';

const base = { baseUrl: 'https://sandbox.example', developerToken: 'guid', accessCode: 'QUJD' };
const v2 = createV2Client({ ...base, credentials: { Login: 'agencia', Senha: 'segredo', ClienteId: 1 } });
const strict = createV2Client(base);

export async function compiles(): Promise<void> {
  const answer = await v2.call('/api/V2/Voos/Disponibilidade', { Origem: 'GRU', Destino: 'GIG', DataIda: formatIsoDateTime(new Date()), QuantidadeAdultos: 1 });
  const result: Record<string, unknown> = answer;
  void result;
  await v2.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'ABC123' }, { timeout: 5_000, signal: AbortSignal.timeout(9_000) });
  await v2.call('/api/V2/Voos/MarcarAssentos', { Localizador: 'A', Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: '12', AssentoColuna: 'C' }] });
  await v2.call('/api/V2/Voos/GravarServicoAuxiliar', { Localizador: 'A', DisponibilidadeId: 'D', ServiceIds: ['s'], Pagamento: { FormaDePagamento: 1, ValorFaturado: 10.5 } });
  await v2.call('/api/V2/Voos/Reservar', { Login: 'outra', Senha: 'outra', QualquerCampo: true }, { credentials: false });
  await strict.call('/api/V2/Voos/ObterMapaDeAssentos', { Login: 'a', Senha: 'b', Localizador: 'A' });
  const migrated = migrateLegacyCall({ path: '/AereoNoSession.svc/RemoverAssentos', body: { Localizador: 'A', PaxID: '1', TrechoID: '2', token: 't' } });
  await strict.call(migrated.path, migrated.body);
  const dynamic: string = '/AereoNoSession.svc/Tarifar';
  migrateLegacyCall({ path: dynamic, body: {} });
  const sucesso: boolean = unwrapV1({ Sucesso: true, Voos: [1] }, 'Voos').length > 0;
  void sucesso;
}

export async function doesNotCompile(): Promise<void> {
  // @ts-expect-error wrong operation name
  await v2.call('/api/V2/Voos/Disponibilidad', {});
  // @ts-expect-error a path of another family
  await v2.call('/api/V2/Flights/Availability', {});
  // @ts-expect-error wrong type of a search field
  await v2.call('/api/V2/Voos/Disponibilidade', { Origem: 1 });
  // @ts-expect-error unknown field on a closed body
  await v2.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'A', Localizadr: 'A' });
  // @ts-expect-error required field missing
  await v2.call('/api/V2/Voos/ObterMapaDeAssentos', {});
  // @ts-expect-error wrong type deep inside a seat
  await v2.call('/api/V2/Voos/MarcarAssentos', { Localizador: 'A', Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: 12, AssentoColuna: 'C' }] });
  // @ts-expect-error wrong type of a payment field
  await v2.call('/api/V2/Voos/GravarServicoAuxiliar', { Localizador: 'A', DisponibilidadeId: 'D', ServiceIds: ['s'], Pagamento: { FormaDePagamento: '1', ValorFaturado: 1 } });
  // @ts-expect-error a credential of the wrong type, even when the client has credentials
  await v2.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'A', Senha: 123 });
  // @ts-expect-error without client credentials, Login and Senha are required
  await strict.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'A' });
  // @ts-expect-error an unknown call option
  await v2.call('/api/V2/Voos/Buscar', {}, { timeOut: 5 });
  // @ts-expect-error a timeout is a number of milliseconds
  await v2.call('/api/V2/Voos/Buscar', {}, { timeout: '5s' });
  const answer = await v2.call('/api/V2/Voos/Consultar', {});
  // @ts-expect-error answers are not published: their fields are unknown until checked
  answer.Localizador.toUpperCase();
  // @ts-expect-error Autenticar has no V2 equivalent
  migrateLegacyCall({ path: '/AereoNoSession.svc/Autenticar', body: {} });
  // @ts-expect-error a V1 wrapper has no such field
  unwrapV1({ Sucesso: true, Voos: [1] }, 'Resultado');
  // @ts-expect-error the date helpers take a Date
  formatIsoDateTime('2026-05-20');
  // @ts-expect-error credentials need Senha
  createV2Client({ ...base, credentials: { Login: 'a' } });
  // @ts-expect-error the access code is a string or a function
  createV2Client({ ...base, accessCode: 42 });
  const plain = defineFamily<V2Paths>({ name: 'credential-names-not-published' });
  // @ts-expect-error a family whose credential names are not published takes no credentials option
  plain({ ...base, credentials: { Login: 'a', Senha: 'b' } });
}

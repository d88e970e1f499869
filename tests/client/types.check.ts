// Type-level tests: checked by `tsc --noEmit` (types.test.ts runs it). Each
// `@ts-expect-error` marks a call that must NOT compile; types.test.ts also strips the
// markers and checks that every one of those lines then fails on its own.
import { createV2Client, type V2Paths } from '../../src/v2.ts';
import { createLegacyClient } from '../../src/legacy.ts';
import { createV1Client } from '../../src/v1.ts';
import { createV2EnClient } from '../../src/v2-en.ts';
import { createV3Client } from '../../src/v3.ts';
import { createV2ObservedClient } from '../../src/v2-observed.ts';
import { defineFamily, formatIsoDateTime, migrateLegacyCall, unwrapV1 } from '../../src/index.ts';

const base = { baseUrl: 'https://sandbox.example', developerToken: 'guid', accessCode: 'QUJD' };
const v2 = createV2Client({ ...base, credentials: { Login: 'agencia', Senha: 'segredo', ClienteId: 1 } });
const strict = createV2Client(base);
const legacy = createLegacyClient({ ...base, credentials: { Login: 'agencia', Senha: 'segredo' } });
const v1 = createV1Client({ ...base, credentials: { Login: 'agencia', Senha: 'segredo' } });
const en = createV2EnClient(base);
const v3 = createV3Client({ ...base, credentials: { Login: 'agencia', Senha: 'segredo' } });
const observed = createV2ObservedClient({ ...base, credentials: { Login: 'agencia', Senha: 'segredo' } });

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
  const token: string = await legacy.call('/AereoNoSession.svc/Autenticar', {});
  void token;
  const rs = await legacy.call('/Usuario.svc/Autenticar', { AutenticacaoUsuario: { Login: 'u', Senha: 's' } });
  const erros: string[] | null | undefined = rs.Erros;
  void erros;
  await legacy.call('/Aereo.svc/ValidarTokenSeguranca', { TokenDeSeguranca: '123', token });
  const wrapper = await v1.call('/api/Voos/{Operation}', { Qualquer: 1 }, { params: { path: { Operation: 'Pesquisar' } } });
  const ok: boolean = wrapper.Sucesso;
  void ok;
  await en.call('/api/V2/Flights/Availability', { Origin: 'GRU', Destination: 'GIG', DepartureDate: '2026-05-20T00:00:00', Adults: 1, Children: 0, Infants: 0 });
  await v3.call('/api/V3/Voos/Disponibilidade', {});

  // Calls by operation name: the same bodies, options and answers as call(path, body).
  const byName = await v2.Disponibilidade({ Origem: 'GRU', Destino: 'GIG', DataIda: formatIsoDateTime(new Date()), QuantidadeAdultos: 1 }, { timeout: 5_000 });
  const sameAnswer: Awaited<ReturnType<typeof v2.call<'/api/V2/Voos/Disponibilidade'>>> = byName;
  void sameAnswer;
  await v2.MarcarAssentos({ Localizador: 'A', Assentos: [{ PaxID: '1', TrechoID: '2', AssentoLinha: '12', AssentoColuna: 'C' }] });
  await strict.ObterMapaDeAssentos({ Login: 'a', Senha: 'b', Localizador: 'A' });
  await v2.Reservar({ Login: 'outra', Senha: 'outra' }, { credentials: false });
  await legacy.ObterMapaDeAssentos({ Localizador: 'ABC123' });
  const legacyToken: string = await legacy.Autenticar({});
  void legacyToken;
  const byService: string = await legacy.Aereo.Autenticar({});
  void byService;
  const rsByName = await legacy.Usuario.Autenticar({ AutenticacaoUsuario: { Login: 'u', Senha: 's' } });
  const errosByName: string[] | null | undefined = rsByName.Erros;
  void errosByName;
  await legacy.AereoNoSession.ValidarTokenSeguranca({ TokenDeSeguranca: '1' });
  // V1 lists no operation names: any capitalised name goes, through an index signature (so `!` under noUncheckedIndexedAccess).
  const v1Wrapper = await v1.Pesquisar!({ Qualquer: 1 }, { timeout: 1_000 });
  const v1Ok: boolean = v1Wrapper.Sucesso;
  void v1Ok;
  await en.Availability({ Origin: 'GRU', Destination: 'GIG', DepartureDate: '2026-05-20T00:00:00', Adults: 1, Children: 0, Infants: 0 });
  await v3.Disponibilidade({});
  await observed.Disponibilidade({ Origem: 'GRU' });
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
  // @ts-expect-error a legacy operation the contract does not have
  await legacy.call('/AereoNoSession.svc/Reservar', {});
  // @ts-expect-error Autenticar names its fields in lower case
  await legacy.call('/AereoNoSession.svc/Autenticar', { Login: 'a' });
  // @ts-expect-error Autenticar answers a JSON string
  const notANumber: number = await legacy.call('/AereoNoSession.svc/Autenticar', {});
  void notANumber;
  // @ts-expect-error AutenticarComUsuario needs AutenticacaoUsuario
  await legacy.call('/AereoNoSession.svc/AutenticarComUsuario', {});
  // @ts-expect-error V1 needs the operation name in params.path
  await v1.call('/api/Voos/{Operation}', {});
  // @ts-expect-error English search counts are integers
  await en.call('/api/V2/Flights/Availability', { Adults: '1' });
  // @ts-expect-error the English route takes no credentials option: their names are not published
  createV2EnClient({ ...base, credentials: { Login: 'a', Senha: 'b' } });
  // @ts-expect-error V3 has only Disponibilidade
  await v3.call('/api/V3/Voos/Tarifar', {});
  // @ts-expect-error a wrong operation name
  await v2.Disponibilidad({});
  // @ts-expect-error a name of another family
  await v2.Availability({});
  // @ts-expect-error a wrong body by name, as by path
  await v2.Disponibilidade({ Origem: 1 });
  // @ts-expect-error a required field missing by name
  await v2.ObterMapaDeAssentos({});
  // @ts-expect-error an unknown option by name
  await v2.Buscar({}, { timeOut: 5 });
  // @ts-expect-error without client credentials, Login and Senha are required by name too
  await strict.ObterMapaDeAssentos({ Localizador: 'A' });
  // @ts-expect-error Usuario.svc has no seat operations
  await legacy.Usuario.ObterMapaDeAssentos({ Localizador: 'A' });
  // @ts-expect-error Aereo.svc/Autenticar names its fields in lower case
  await legacy.Aereo.Autenticar({ Login: 'a' });
  // @ts-expect-error V3 has only Disponibilidade by name
  await v3.Tarifar({});
  // @ts-expect-error V1 names are capitalised operation names
  await v1.pesquisar!({});
  // @ts-expect-error the English route has no Portuguese names
  await en.Disponibilidade({});
  const plain = defineFamily<V2Paths>({ name: 'credential-names-not-published' });
  // @ts-expect-error a family whose credential names are not published takes no credentials option
  plain({ ...base, credentials: { Login: 'a', Senha: 'b' } });
}

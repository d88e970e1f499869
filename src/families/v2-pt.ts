// Web API V2, Portuguese route (Part 4.1): every request schema declares Login, Senha
// and ClienteId (Part 2.1 names; checked against the bundle in tests/client).
import type { paths } from '../../generated/v2-pt/schema.d.ts';
import type { paths as observedPaths } from '../../generated/v2-pt-observed/schema.d.ts';
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS } from '../credentials.ts';
import type { EveryPostPath } from '../named-calls.ts';
import type { V2_READS } from './reads.ts';

export const V2_PREFIX = '/api/V2/Voos/';

/** The 36 operations of Part 4.1, by group, as the description lists them. */
export const V2_OPERATIONS = [
  'RecuperarSistemasPesquisa',
  'RecuperarSistemas',
  'Disponibilidade',
  'DisponibilidadeMultipla',
  'Tarifar',
  'ObterRegraDaTarifa',
  'DetalhesdeFamilia',
  'Reservar',
  'Consultar',
  'Cancelar',
  'GravarReserva',
  'GravarVenda',
  'AlterarReservaTarifar',
  'AlterarReservaConfirmar',
  'IniciarEmissao',
  'RecuperarFormasDeFinanciamento',
  'Emitir',
  'ConsultarEticket',
  'CancelarEticket',
  'ListarReservas',
  'ListarEtickets',
  'BuscarReserva',
  'BuscarEtickets',
  'Buscar',
  'BuscarFila',
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
  'EnviarPlanoDeViagem',
  'BuscarNotificacao',
  'ListarNotificacoes',
  'ExcluirNotificacao',
] as const;

export const V2_PATHS = V2_OPERATIONS.map((name) => `${V2_PREFIX}${name}` as const);
// Fails to compile when the list and a contract (published or observed) differ.
const published: EveryPostPath<paths, (typeof V2_PATHS)[number]> = true;
const observed: EveryPostPath<observedPaths, (typeof V2_PATHS)[number]> = true;
void published;
void observed;

/** The paths of the operations that only read (families/reads.ts). */
export type V2ReadPath = `${typeof V2_PREFIX}${(typeof V2_READS)[number]}`;

/** Every V2 Portuguese operation by its name: `v2.Disponibilidade(body)`. */
export const V2_NAMING = { prefix: V2_PREFIX } as const;

export const v2PtFamily = {
  name: 'v2-pt',
  credentialFields: () => CREDENTIAL_FIELDS,
  answerType: () => 'object',
  operations: V2_PATHS,
  naming: V2_NAMING,
} satisfies Family;

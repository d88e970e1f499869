// Part 4.1: the V2 Portuguese route, operation by operation.
import { describe, expect, test } from 'vitest';
import { readCatalog } from '../../scripts/lib/catalog.ts';
import { loadBundle, operations, rootDir } from '../support/bundle.ts';

// Typed here from the description's table (Part 4.1), independently of spec/catalog.yaml.
const PART_4_1: Record<string, string[]> = {
  'Search and pricing': [
    'RecuperarSistemasPesquisa',
    'RecuperarSistemas',
    'Disponibilidade',
    'DisponibilidadeMultipla',
    'Tarifar',
    'ObterRegraDaTarifa',
    'DetalhesdeFamilia',
  ],
  Booking: ['Reservar', 'Consultar', 'Cancelar', 'GravarReserva', 'GravarVenda', 'AlterarReservaTarifar', 'AlterarReservaConfirmar'],
  Ticketing: ['IniciarEmissao', 'RecuperarFormasDeFinanciamento', 'Emitir', 'ConsultarEticket', 'CancelarEticket'],
  'Listing and search': ['ListarReservas', 'ListarEtickets', 'BuscarReserva', 'BuscarEtickets', 'Buscar', 'BuscarFila'],
  Seats: ['ObterMapaDeAssentos', 'MarcarAssentos', 'RemoverAssentos'],
  Ancillaries: ['DisponibilidadeDeServicoAuxiliar', 'TarifarServicoAuxiliar', 'GravarServicoAuxiliar', 'CancelarServicoAuxiliar'],
  Other: ['EnviarPlanoDeViagem'],
  Notifications: ['BuscarNotificacao', 'ListarNotificacoes', 'ExcluirNotificacao'],
};
const NAMES = Object.values(PART_4_1).flat();

const doc = loadBundle('v2-pt');
const ops = operations(doc);

describe('V2 Portuguese operations', () => {
  test('the description lists 36 names in 8 groups, all distinct', () => {
    expect(Object.keys(PART_4_1)).toHaveLength(8);
    expect(new Set(NAMES).size).toBe(36);
  });

  test('spec/catalog.yaml holds exactly the description list', async () => {
    const family = (await readCatalog(rootDir)).families.find((f) => f.name === 'v2-pt');
    expect(Object.fromEntries((family?.groups ?? []).map((g) => [g.name, g.operations]))).toEqual(PART_4_1);
  });

  test('every name is exactly one POST /api/V2/Voos/{Name}, and nothing else is there', () => {
    const found = ops.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    expect(found).toEqual(NAMES.map((n) => `POST /api/V2/Voos/${n}`).sort());
  });

  test.each(NAMES)('%s: operationId equals the name and its tag is its group', (name) => {
    const op = ops.find((o) => o.path === `/api/V2/Voos/${name}`);
    expect(op?.operation.operationId).toBe(name);
    const group = Object.entries(PART_4_1).find(([, names]) => names.includes(name))?.[0];
    expect(op?.operation.tags).toEqual([group]);
    expect(typeof op?.operation.summary).toBe('string');
    expect(String(op?.operation.description)).toMatch(/no wrapper/);
  });

  test('the document declares exactly the 8 groups as tags', () => {
    const tags = (doc.tags as Array<{ name: string }>).map((t) => t.name);
    expect(tags).toEqual(Object.keys(PART_4_1));
  });
});

// Operations that only read: the only ones a client retries or re-authenticates
// (docs/client.md, "Retries", traces each to Part 4 of the description). An operation
// that books, issues, cancels, marks seats, buys ancillaries, sends or deletes anything,
// or whose effect the description leaves in doubt, is not here: a second attempt could do
// it twice.

/** V2 Portuguese (Part 4.1), by group. */
export const V2_READS = [
  // Search and pricing: every operation of the group.
  'RecuperarSistemasPesquisa',
  'RecuperarSistemas',
  'Disponibilidade',
  'DisponibilidadeMultipla',
  'Tarifar',
  'ObterRegraDaTarifa',
  'DetalhesdeFamilia',
  // Booking: the query only.
  'Consultar',
  // Ticketing: the queries only.
  'RecuperarFormasDeFinanciamento',
  'ConsultarEticket',
  // Listing and search: every operation of the group.
  'ListarReservas',
  'ListarEtickets',
  'BuscarReserva',
  'BuscarEtickets',
  'Buscar',
  'BuscarFila',
  // Seats: the map (Part 4.4: "returns cabin configuration and free or taken seats").
  'ObterMapaDeAssentos',
  // Ancillaries: the catalogue (Part 4.4: "queries the catalogue of extras").
  'DisponibilidadeDeServicoAuxiliar',
  // Notifications: the search and the list.
  'BuscarNotificacao',
  'ListarNotificacoes',
] as const;

/** V2 English (Part 4.2): the searches, the pricing and the retrievals. */
export const V2_EN_READS = [
  'RetrieveSystemsSearch',
  'Availability',
  'MultipleAvailability',
  'Price',
  'Retrieve',
  'RetrieveEticket',
] as const;

/** V3 (Part 4.3): its one operation, an availability search. */
export const V3_READS = ['Disponibilidade'] as const;

/** Legacy `AereoNoSession.svc` (Part 4.4): the seat map and the ancillary catalogue. */
export const LEGACY_READS = ['ObterMapaDeAssentos', 'DisponibilidadeDeServicoAuxiliar'] as const;

const under = (prefix: string, names: readonly string[]): string[] => names.map((name) => `${prefix}${name}`);

/** The paths of the reads of each family, by its name. Only call-extras.ts loads this (a client given no retry never does). */
export const READ_PATHS: Readonly<Record<string, readonly string[]>> = {
  'v2-pt': under('/api/V2/Voos/', V2_READS),
  'v2-pt-observed': under('/api/V2/Voos/', V2_READS),
  'v2-en': under('/api/V2/Flights/', V2_EN_READS),
  v3: under('/api/V3/Voos/', V3_READS),
  legacy: under('/AereoNoSession.svc/', LEGACY_READS),
  'legacy-observed': under('/AereoNoSession.svc/', LEGACY_READS),
};

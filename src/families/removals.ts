// Operations that cancel, remove or delete something: what an agent must not repeat or
// send lightly (the MCP server marks them `destructiveHint`). Each is traced to the
// description's words (Part 4): where a purpose is given, by it; where only the name is
// given, by the verb the name is made of (`Cancelar`/`Cancel` cancel, `Remover` removes,
// `Excluir` deletes). No read is here (families/reads.ts).

/** V2 Portuguese (Part 4.1). */
export const V2_REMOVALS = [
  // Booking: "Cancelar" (the name: cancels the reservation).
  'Cancelar',
  // Ticketing: "CancelarEticket" (the name: cancels the e-ticket).
  'CancelarEticket',
  // Seats (Part 4.4 table): "removes the seat allocation of a passenger".
  'RemoverAssentos',
  // Ancillaries (Part 4.4 table): "cancels the additional service on the reservation".
  'CancelarServicoAuxiliar',
  // Notifications: "ExcluirNotificacao" (the name: deletes the notification).
  'ExcluirNotificacao',
] as const;

/** V2 English (Part 4.2): the names of the two cancellations. */
export const V2_EN_REMOVALS = ['CancelEticket', 'Cancel'] as const;

/** Legacy `AereoNoSession.svc` (Part 4.4): the seat removal and the ancillary cancellation, as on V2. */
export const LEGACY_REMOVALS = ['RemoverAssentos', 'CancelarServicoAuxiliar'] as const;
/** The observed legacy flavour serves V2's booking cancellation too (captured, same name). */
export const LEGACY_OBSERVED_REMOVALS = [...LEGACY_REMOVALS, 'Cancelar'] as const;

const under = (prefix: string, names: readonly string[]): string[] => names.map((name) => `${prefix}${name}`);

/** The paths of each family's removals, by its name. */
export const REMOVAL_PATHS: Readonly<Record<string, readonly string[]>> = {
  'v2-pt': under('/api/V2/Voos/', V2_REMOVALS),
  'v2-pt-observed': under('/api/V2/Voos/', V2_REMOVALS),
  'v2-en': under('/api/V2/Flights/', V2_EN_REMOVALS),
  v3: [],
  legacy: under('/AereoNoSession.svc/', LEGACY_REMOVALS),
  'legacy-observed': under('/AereoNoSession.svc/', LEGACY_OBSERVED_REMOVALS),
};

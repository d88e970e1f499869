// Which route a body was taken on, and which observed flavour it may type. A body types the
// flavour of its own route. A legacy body types V2 too, by the migration rule that keeps the
// operation name (Part 9, rule 1). A V2 body types the legacy flavour only for the seat and
// ancillary operations, which Part 4.1 declares fully compatible with the legacy ones.

/** The routes with an observed flavour. */
export type Route = 'legacy' | 'v2-pt';

export const ROUTE_PREFIX: Readonly<Record<Route, string>> = { legacy: '/AereoNoSession.svc', 'v2-pt': '/api/V2/Voos' };

const ROUTE_NAME: Readonly<Record<Route, string>> = {
  legacy: 'the legacy route (`AereoNoSession.svc`)',
  'v2-pt': 'the V2 Portuguese route (`api/V2/Voos`)',
};

/**
 * The route a source or a body names: `AereoNoSession.svc…` (source.json), `api/V2/Voos` or
 * a recording's folder (`AereoNoSession.svc`, `api-V2-Voos`); undefined for any other route.
 */
export function routeNamed(text: string): Route | undefined {
  const t = text.trim().replace(/^\//, '');
  if (t.startsWith('AereoNoSession.svc')) return 'legacy';
  if (/^api[/-]V2[/-]Voos(?:$|[/\s-])/.test(t)) return 'v2-pt';
  return undefined;
}

export function routeName(route: Route): string {
  return ROUTE_NAME[route];
}

/** How a body of `from` reaches the flavour of `to`: itself, by a rule of the description, or not at all. */
export type Transfer = 'same route' | 'rule 1' | 'Part 4.1';

export function transferOf(from: Route, to: Route, operation: string, compatible: ReadonlySet<string>): Transfer | undefined {
  if (from === to) return 'same route';
  if (compatible.has(operation)) return 'Part 4.1';
  return from === 'legacy' ? 'rule 1' : undefined;
}

/** The `x-inferred` reason for a flavour's schema of `operation` whose bodies came from `routes`. */
export function transferNote(
  to: Route,
  operation: string,
  routes: ReadonlySet<Route>,
  compatible: ReadonlySet<string>,
): string | undefined {
  const others = [...routes].filter((r) => r !== to);
  if (others.length === 0) return undefined;
  const where = others
    .map((r) => `the ${r === 'legacy' ? 'legacy' : 'V2'} route \`${ROUTE_PREFIX[r].slice(1)}/${operation}\``)
    .join(' and ');
  const target = `\`${ROUTE_PREFIX[to]}/${operation}\``;
  const partly = routes.has(to) ? 'Partly captured' : 'Captured';
  const why = compatible.has(operation)
    ? 'Part 4.1 declares the V2 seat and ancillary operations fully compatible with the legacy operations of the same name'
    : 'the migration from the legacy service to V2 keeps the operation name (Part 9, rule 1)';
  return `${partly} on ${where}; applied to ${target} because ${why}.`;
}

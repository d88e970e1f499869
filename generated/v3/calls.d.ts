// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — Web API V3 (lean availability), by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
  readonly "/api/V3/Voos/": {
    /**
     * Disponibilidade (lean flight availability search)
     *
     * Availability search with a lean response: high aggregation of flights and lower bandwidth use. Its request and response payloads are not published: the body carries the agency credentials and is otherwise open.
     *
     * Group: Search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.3: "a availability search with a lean response": a search changes no reservation.
     * Source: Part 4.3 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v3.html#/search/disponibilidade | v3 reference: Disponibilidade (lean flight availability search)} (the docs site, `npm run docs:serve`)
     */
    readonly Disponibilidade: "/api/V3/Voos/Disponibilidade";
  };
}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
  readonly "/api/V3/Voos/Disponibilidade": {
    /**
     * Login of the agency's web-service credential.
     */
    "Login"?: unknown;
    /**
     * Password of the agency's web-service credential.
     */
    "Senha"?: unknown;
    /**
     * Selects the corporate customer on whose behalf the call runs. Optional.
     */
    "ClienteId"?: unknown;
  };
}

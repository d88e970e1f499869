// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — Web API V2, English route, by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
  readonly "/api/V2/Flights/": {
    /**
     * RetrieveSystemsSearch
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `RecuperarSistemasPesquisa` (`POST {base_url}/api/V2/Voos/RecuperarSistemasPesquisa`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route; its name says it retrieves the systems of a search, which changes no reservation.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/retrievesystemssearch | v2-en reference: RetrieveSystemsSearch} (the docs site, `npm run docs:serve`)
     */
    readonly RetrieveSystemsSearch: "/api/V2/Flights/RetrieveSystemsSearch";
    /**
     * Availability
     *
     * The request is the flight search request of Part 2.4: `Origin`, `Destination`, `DepartureDate`, `ReturnDate`, `Adults`, `Children`, `Infants`. The names of the credential fields on this route are not published, so the body stays open for them. The response payload is not published; dates in responses are ISO 8601.
     *
     * Mirror of the Portuguese operation `Disponibilidade` (`POST {base_url}/api/V2/Voos/Disponibilidade`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route, and Part 2.4 gives its body as the "flight search request": a search changes no reservation.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/availability | v2-en reference: Availability} (the docs site, `npm run docs:serve`)
     */
    readonly Availability: "/api/V2/Flights/Availability";
    /**
     * MultipleAvailability
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `DisponibilidadeMultipla` (`POST {base_url}/api/V2/Voos/DisponibilidadeMultipla`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route: a multiple availability search changes no reservation.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/multipleavailability | v2-en reference: MultipleAvailability} (the docs site, `npm run docs:serve`)
     */
    readonly MultipleAvailability: "/api/V2/Flights/MultipleAvailability";
    /**
     * Price
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `Tarifar` (`POST {base_url}/api/V2/Voos/Tarifar`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route: pricing ("fare pricing", Part 1) quotes a fare and books nothing.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/price | v2-en reference: Price} (the docs site, `npm run docs:serve`)
     */
    readonly Price: "/api/V2/Flights/Price";
    /**
     * Book
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `Reservar` (`POST {base_url}/api/V2/Voos/Reservar`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.2 lists it on the English route: it books.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/book | v2-en reference: Book} (the docs site, `npm run docs:serve`)
     */
    readonly Book: "/api/V2/Flights/Book";
    /**
     * Retrieve
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `Consultar` (`POST {base_url}/api/V2/Voos/Consultar`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route: it retrieves a reservation.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/retrieve | v2-en reference: Retrieve} (the docs site, `npm run docs:serve`)
     */
    readonly Retrieve: "/api/V2/Flights/Retrieve";
    /**
     * StartIssuance
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `IniciarEmissao` (`POST {base_url}/api/V2/Voos/IniciarEmissao`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.2 lists it on the English route: it starts an issuance.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/startissuance | v2-en reference: StartIssuance} (the docs site, `npm run docs:serve`)
     */
    readonly StartIssuance: "/api/V2/Flights/StartIssuance";
    /**
     * Issue
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `Emitir` (`POST {base_url}/api/V2/Voos/Emitir`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.2 lists it on the English route: it issues.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/issue | v2-en reference: Issue} (the docs site, `npm run docs:serve`)
     */
    readonly Issue: "/api/V2/Flights/Issue";
    /**
     * RetrieveEticket
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `ConsultarEticket` (`POST {base_url}/api/V2/Voos/ConsultarEticket`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.2 lists it on the English route: it retrieves an e-ticket.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/retrieveeticket | v2-en reference: RetrieveEticket} (the docs site, `npm run docs:serve`)
     */
    readonly RetrieveEticket: "/api/V2/Flights/RetrieveEticket";
    /**
     * CancelEticket
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `CancelarEticket` (`POST {base_url}/api/V2/Voos/CancelarEticket`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.2 lists it on the English route: it cancels an e-ticket.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/canceleticket | v2-en reference: CancelEticket} (the docs site, `npm run docs:serve`)
     */
    readonly CancelEticket: "/api/V2/Flights/CancelEticket";
    /**
     * Cancel
     *
     * Its request and response payloads are not published. The agency credentials travel in the body, but their field names on this route are not published, so the body is open.
     *
     * Mirror of the Portuguese operation `Cancelar` (`POST {base_url}/api/V2/Voos/Cancelar`): an inference, since the description does not pair the two routes' operations.
     *
     * As on the Portuguese route it mirrors, the response is taken to be the result object itself at the root, with no wrapper.
     *
     * Group: Flights.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.2 lists it on the English route: it cancels.
     * Source: Part 4.2 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-en.html#/flights/cancel | v2-en reference: Cancel} (the docs site, `npm run docs:serve`)
     */
    readonly Cancel: "/api/V2/Flights/Cancel";
  };
}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
}

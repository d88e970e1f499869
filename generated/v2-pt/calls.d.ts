// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — Web API V2, Portuguese route, by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
  readonly "/api/V2/Voos/": {
    /**
     * RecuperarSistemasPesquisa
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: it retrieves the systems a search can use, and a search changes no reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/recuperarsistemaspesquisa | v2-pt reference: RecuperarSistemasPesquisa} (the docs site, `npm run docs:serve`)
     */
    readonly RecuperarSistemasPesquisa: "/api/V2/Voos/RecuperarSistemasPesquisa";
    /**
     * RecuperarSistemas
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: it retrieves the systems, and a search changes no reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/recuperarsistemas | v2-pt reference: RecuperarSistemas} (the docs site, `npm run docs:serve`)
     */
    readonly RecuperarSistemas: "/api/V2/Voos/RecuperarSistemas";
    /**
     * Disponibilidade
     *
     * The search request names `Origem`, `Destino`, `DataIda` and `QuantidadeAdultos`; its other fields are not published. `DataVolta` and `Data` appear as date properties in responses (the schemas `DataVolta` and `Data`; where in an answer they sit is not published), which are otherwise not published. Dates are read as ISO 8601.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group, and Part 2.4 gives its body as the "flight search request": a search changes no reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/disponibilidade | v2-pt reference: Disponibilidade} (the docs site, `npm run docs:serve`)
     */
    readonly Disponibilidade: "/api/V2/Voos/Disponibilidade";
    /**
     * DisponibilidadeMultipla
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: a multiple availability search changes no reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/disponibilidademultipla | v2-pt reference: DisponibilidadeMultipla} (the docs site, `npm run docs:serve`)
     */
    readonly DisponibilidadeMultipla: "/api/V2/Voos/DisponibilidadeMultipla";
    /**
     * Tarifar
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: "fare pricing" (Part 1) quotes a fare and books nothing.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/tarifar | v2-pt reference: Tarifar} (the docs site, `npm run docs:serve`)
     */
    readonly Tarifar: "/api/V2/Voos/Tarifar";
    /**
     * ObterRegraDaTarifa
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: it obtains the rule of a fare.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/obterregradatarifa | v2-pt reference: ObterRegraDaTarifa} (the docs site, `npm run docs:serve`)
     */
    readonly ObterRegraDaTarifa: "/api/V2/Voos/ObterRegraDaTarifa";
    /**
     * DetalhesdeFamilia
     *
     * Operation of the *Search and pricing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Search and pricing* group: it gives the details of a fare family.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/search-and-pricing/detalhesdefamilia | v2-pt reference: DetalhesdeFamilia} (the docs site, `npm run docs:serve`)
     */
    readonly DetalhesdeFamilia: "/api/V2/Voos/DetalhesdeFamilia";
    /**
     * Reservar
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group: it books (reservar: to book).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/reservar | v2-pt reference: Reservar} (the docs site, `npm run docs:serve`)
     */
    readonly Reservar: "/api/V2/Voos/Reservar";
    /**
     * Consultar
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Booking* group as its query (consultar: to look up); it changes no reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/consultar | v2-pt reference: Consultar} (the docs site, `npm run docs:serve`)
     */
    readonly Consultar: "/api/V2/Voos/Consultar";
    /**
     * Cancelar
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group: it cancels (cancelar: to cancel).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/cancelar | v2-pt reference: Cancelar} (the docs site, `npm run docs:serve`)
     */
    readonly Cancelar: "/api/V2/Voos/Cancelar";
    /**
     * GravarReserva
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group: it records a reservation (gravar: to record).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/gravarreserva | v2-pt reference: GravarReserva} (the docs site, `npm run docs:serve`)
     */
    readonly GravarReserva: "/api/V2/Voos/GravarReserva";
    /**
     * GravarVenda
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group: it records a sale (gravar: to record).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/gravarvenda | v2-pt reference: GravarVenda} (the docs site, `npm run docs:serve`)
     */
    readonly GravarVenda: "/api/V2/Voos/GravarVenda";
    /**
     * AlterarReservaTarifar
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group as a step of changing a reservation (alterar: to change).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/alterarreservatarifar | v2-pt reference: AlterarReservaTarifar} (the docs site, `npm run docs:serve`)
     */
    readonly AlterarReservaTarifar: "/api/V2/Voos/AlterarReservaTarifar";
    /**
     * AlterarReservaConfirmar
     *
     * Operation of the *Booking* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Booking* group: it confirms a change of a reservation (alterar: to change; confirmar: to confirm).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/booking/alterarreservaconfirmar | v2-pt reference: AlterarReservaConfirmar} (the docs site, `npm run docs:serve`)
     */
    readonly AlterarReservaConfirmar: "/api/V2/Voos/AlterarReservaConfirmar";
    /**
     * IniciarEmissao
     *
     * Operation of the *Ticketing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ticketing.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Ticketing* group: it starts an issuance (iniciar: to start; emissão: issuance).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ticketing/iniciaremissao | v2-pt reference: IniciarEmissao} (the docs site, `npm run docs:serve`)
     */
    readonly IniciarEmissao: "/api/V2/Voos/IniciarEmissao";
    /**
     * RecuperarFormasDeFinanciamento
     *
     * Operation of the *Ticketing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ticketing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Ticketing* group as a retrieval (recuperar: to retrieve) of the forms of financing; it issues nothing.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ticketing/recuperarformasdefinanciamento | v2-pt reference: RecuperarFormasDeFinanciamento} (the docs site, `npm run docs:serve`)
     */
    readonly RecuperarFormasDeFinanciamento: "/api/V2/Voos/RecuperarFormasDeFinanciamento";
    /**
     * Emitir
     *
     * Operation of the *Ticketing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ticketing.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Ticketing* group: it issues (emitir: to issue).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ticketing/emitir | v2-pt reference: Emitir} (the docs site, `npm run docs:serve`)
     */
    readonly Emitir: "/api/V2/Voos/Emitir";
    /**
     * ConsultarEticket
     *
     * Operation of the *Ticketing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ticketing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Ticketing* group as the query of an e-ticket (consultar: to look up).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ticketing/consultareticket | v2-pt reference: ConsultarEticket} (the docs site, `npm run docs:serve`)
     */
    readonly ConsultarEticket: "/api/V2/Voos/ConsultarEticket";
    /**
     * CancelarEticket
     *
     * Operation of the *Ticketing* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ticketing.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Ticketing* group: it cancels an e-ticket.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ticketing/cancelareticket | v2-pt reference: CancelarEticket} (the docs site, `npm run docs:serve`)
     */
    readonly CancelarEticket: "/api/V2/Voos/CancelarEticket";
    /**
     * ListarReservas
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: it lists reservations.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/listarreservas | v2-pt reference: ListarReservas} (the docs site, `npm run docs:serve`)
     */
    readonly ListarReservas: "/api/V2/Voos/ListarReservas";
    /**
     * ListarEtickets
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: it lists e-tickets.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/listaretickets | v2-pt reference: ListarEtickets} (the docs site, `npm run docs:serve`)
     */
    readonly ListarEtickets: "/api/V2/Voos/ListarEtickets";
    /**
     * BuscarReserva
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: it searches for a reservation.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/buscarreserva | v2-pt reference: BuscarReserva} (the docs site, `npm run docs:serve`)
     */
    readonly BuscarReserva: "/api/V2/Voos/BuscarReserva";
    /**
     * BuscarEtickets
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: it searches for e-tickets.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/buscaretickets | v2-pt reference: BuscarEtickets} (the docs site, `npm run docs:serve`)
     */
    readonly BuscarEtickets: "/api/V2/Voos/BuscarEtickets";
    /**
     * Buscar
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: a search.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/buscar | v2-pt reference: Buscar} (the docs site, `npm run docs:serve`)
     */
    readonly Buscar: "/api/V2/Voos/Buscar";
    /**
     * BuscarFila
     *
     * Operation of the *Listing and search* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Listing and search.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Listing and search* group: it searches a queue.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/listing-and-search/buscarfila | v2-pt reference: BuscarFila} (the docs site, `npm run docs:serve`)
     */
    readonly BuscarFila: "/api/V2/Voos/BuscarFila";
    /**
     * ObterMapaDeAssentos
     *
     * Returns the cabin configuration and the free or taken seats for the reservation.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Seats.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "returns cabin configuration and free or taken seats for the reservation" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/seats/obtermapadeassentos | v2-pt reference: ObterMapaDeAssentos} (the docs site, `npm run docs:serve`)
     */
    readonly ObterMapaDeAssentos: "/api/V2/Voos/ObterMapaDeAssentos";
    /**
     * MarcarAssentos
     *
     * Assigns the chosen seats to passengers in the reservation.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Seats.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "assigns the chosen seats to passengers in the reservation" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/seats/marcarassentos | v2-pt reference: MarcarAssentos} (the docs site, `npm run docs:serve`)
     */
    readonly MarcarAssentos: "/api/V2/Voos/MarcarAssentos";
    /**
     * RemoverAssentos
     *
     * Removes the seat allocation of a passenger.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Seats.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "removes the seat allocation of a passenger" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/seats/removerassentos | v2-pt reference: RemoverAssentos} (the docs site, `npm run docs:serve`)
     */
    readonly RemoverAssentos: "/api/V2/Voos/RemoverAssentos";
    /**
     * DisponibilidadeDeServicoAuxiliar
     *
     * Queries the catalogue of extras (baggage, pets on board, VIP lounge).
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ancillaries.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "queries the catalogue of extras" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ancillaries/disponibilidadedeservicoauxiliar | v2-pt reference: DisponibilidadeDeServicoAuxiliar} (the docs site, `npm run docs:serve`)
     */
    readonly DisponibilidadeDeServicoAuxiliar: "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar";
    /**
     * TarifarServicoAuxiliar
     *
     * Confirms the fare and charges of the selected services.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "confirms fare and charges of selected services" (Part 4.4): whether it holds anything is not said, so it is taken as a write.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ancillaries/tarifarservicoauxiliar | v2-pt reference: TarifarServicoAuxiliar} (the docs site, `npm run docs:serve`)
     */
    readonly TarifarServicoAuxiliar: "/api/V2/Voos/TarifarServicoAuxiliar";
    /**
     * GravarServicoAuxiliar
     *
     * Contracts the services, with optional immediate payment.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "contracts the services, with optional immediate payment" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ancillaries/gravarservicoauxiliar | v2-pt reference: GravarServicoAuxiliar} (the docs site, `npm run docs:serve`)
     */
    readonly GravarServicoAuxiliar: "/api/V2/Voos/GravarServicoAuxiliar";
    /**
     * CancelarServicoAuxiliar
     *
     * Cancels the additional service on the reservation.
     *
     * Declared fully compatible with the legacy `AereoNoSession.svc` operation of the same name: the request body is the very same schema. The response payload is not published.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Declared fully compatible with the legacy operation of the same name (Part 4.1), which "cancels the additional service on the reservation" (Part 4.4).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/ancillaries/cancelarservicoauxiliar | v2-pt reference: CancelarServicoAuxiliar} (the docs site, `npm run docs:serve`)
     */
    readonly CancelarServicoAuxiliar: "/api/V2/Voos/CancelarServicoAuxiliar";
    /**
     * EnviarPlanoDeViagem
     *
     * Operation of the *Other* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Other.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Other* group: it sends a travel plan (enviar: to send), and a second attempt would send it twice.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/other/enviarplanodeviagem | v2-pt reference: EnviarPlanoDeViagem} (the docs site, `npm run docs:serve`)
     */
    readonly EnviarPlanoDeViagem: "/api/V2/Voos/EnviarPlanoDeViagem";
    /**
     * BuscarNotificacao
     *
     * Operation of the *Notifications* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Notifications.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Notifications* group as a search (buscar: to search) of a notification.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/notifications/buscarnotificacao | v2-pt reference: BuscarNotificacao} (the docs site, `npm run docs:serve`)
     */
    readonly BuscarNotificacao: "/api/V2/Voos/BuscarNotificacao";
    /**
     * ListarNotificacoes
     *
     * Operation of the *Notifications* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Notifications.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.1 lists it in the *Notifications* group: it lists notifications.
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/notifications/listarnotificacoes | v2-pt reference: ListarNotificacoes} (the docs site, `npm run docs:serve`)
     */
    readonly ListarNotificacoes: "/api/V2/Voos/ListarNotificacoes";
    /**
     * ExcluirNotificacao
     *
     * Operation of the *Notifications* group. Its request and response payloads are not published: the body carries the agency credentials, as every V2 call does, and is otherwise open.
     *
     * The response is the result object itself at the root, with no wrapper.
     *
     * Group: Notifications.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.1 lists it in the *Notifications* group: it deletes a notification (excluir: to delete).
     * Source: Part 4.1 of the interface description.
     *
     * @see {@link http://127.0.0.1:8080/v2-pt.html#/notifications/excluirnotificacao | v2-pt reference: ExcluirNotificacao} (the docs site, `npm run docs:serve`)
     */
    readonly ExcluirNotificacao: "/api/V2/Voos/ExcluirNotificacao";
  };
}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
  readonly "/api/V2/Voos/RecuperarSistemasPesquisa": {
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
  readonly "/api/V2/Voos/RecuperarSistemas": {
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
  readonly "/api/V2/Voos/Disponibilidade": {
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
  readonly "/api/V2/Voos/DisponibilidadeMultipla": {
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
  readonly "/api/V2/Voos/Tarifar": {
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
  readonly "/api/V2/Voos/ObterRegraDaTarifa": {
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
  readonly "/api/V2/Voos/DetalhesdeFamilia": {
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
  readonly "/api/V2/Voos/Reservar": {
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
  readonly "/api/V2/Voos/Consultar": {
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
  readonly "/api/V2/Voos/Cancelar": {
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
  readonly "/api/V2/Voos/GravarReserva": {
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
  readonly "/api/V2/Voos/GravarVenda": {
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
  readonly "/api/V2/Voos/AlterarReservaTarifar": {
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
  readonly "/api/V2/Voos/AlterarReservaConfirmar": {
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
  readonly "/api/V2/Voos/IniciarEmissao": {
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
  readonly "/api/V2/Voos/RecuperarFormasDeFinanciamento": {
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
  readonly "/api/V2/Voos/Emitir": {
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
  readonly "/api/V2/Voos/ConsultarEticket": {
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
  readonly "/api/V2/Voos/CancelarEticket": {
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
  readonly "/api/V2/Voos/ListarReservas": {
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
  readonly "/api/V2/Voos/ListarEtickets": {
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
  readonly "/api/V2/Voos/BuscarReserva": {
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
  readonly "/api/V2/Voos/BuscarEtickets": {
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
  readonly "/api/V2/Voos/Buscar": {
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
  readonly "/api/V2/Voos/BuscarFila": {
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
  readonly "/api/V2/Voos/ObterMapaDeAssentos": {
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
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
  };
  readonly "/api/V2/Voos/MarcarAssentos": {
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
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
    "Assentos"?: Array<{
      /**
       * Passenger identifier inside the reservation.
       */
      "PaxID"?: unknown;
      /**
       * Flight segment identifier.
       */
      "TrechoID"?: unknown;
    }>;
  };
  readonly "/api/V2/Voos/RemoverAssentos": {
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
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
    /**
     * Passenger identifier inside the reservation.
     */
    "PaxID"?: unknown;
    /**
     * Flight segment identifier.
     */
    "TrechoID"?: unknown;
  };
  readonly "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar": {
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
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
  };
  readonly "/api/V2/Voos/TarifarServicoAuxiliar": {
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
    /**
     * Identifier of the availability answer being priced or purchased.
     */
    "DisponibilidadeId"?: unknown;
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
    /**
     * Identifiers of the selected ancillary services.
     */
    "ServiceIds"?: unknown;
  };
  readonly "/api/V2/Voos/GravarServicoAuxiliar": {
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
    /**
     * Identifier of the availability answer being priced or purchased.
     */
    "DisponibilidadeId"?: unknown;
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
    /**
     * Identifiers of the selected ancillary services.
     */
    "ServiceIds"?: unknown;
    /**
     * Immediate payment data. The allowed values of `FormaDePagamento` are not
     * published, so no enumeration is given.
     */
    "Pagamento"?: unknown;
  };
  readonly "/api/V2/Voos/CancelarServicoAuxiliar": {
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
    /**
     * Record locator that identifies an existing reservation.
     */
    "Localizador"?: unknown;
    /**
     * Identifiers of the selected ancillary services.
     */
    "ServiceIds"?: unknown;
  };
  readonly "/api/V2/Voos/EnviarPlanoDeViagem": {
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
  readonly "/api/V2/Voos/BuscarNotificacao": {
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
  readonly "/api/V2/Voos/ListarNotificacoes": {
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
  readonly "/api/V2/Voos/ExcluirNotificacao": {
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

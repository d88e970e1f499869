// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — legacy JSON service (deprecated) (observed flavour), by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
  readonly "/AereoNoSession.svc/": {
    /**
     * ObterMapaDeAssentos (get the seat map)
     *
     * Returns the cabin configuration and the free or taken seats for the reservation.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/ObterMapaDeAssentos`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Seats.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.4: "returns cabin configuration and free or taken seats for the reservation".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/seats/obtermapadeassentos | legacy-observed reference: ObterMapaDeAssentos (get the seat map)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `ObterMapaDeAssentos` (`POST /api/V2/Voos/ObterMapaDeAssentos`, `x-replaced-by`).
     */
    readonly ObterMapaDeAssentos: "/AereoNoSession.svc/ObterMapaDeAssentos";
    /**
     * MarcarAssentos (assign seats)
     *
     * Assigns the chosen seats to passengers in the reservation.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/MarcarAssentos`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Seats.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.4: "assigns the chosen seats to passengers in the reservation".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/seats/marcarassentos | legacy-observed reference: MarcarAssentos (assign seats)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `MarcarAssentos` (`POST /api/V2/Voos/MarcarAssentos`, `x-replaced-by`).
     */
    readonly MarcarAssentos: "/AereoNoSession.svc/MarcarAssentos";
    /**
     * RemoverAssentos (remove a seat assignment)
     *
     * Removes the seat allocation of a passenger.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/RemoverAssentos`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Seats.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.4: "removes the seat allocation of a passenger".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/seats/removerassentos | legacy-observed reference: RemoverAssentos (remove a seat assignment)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `RemoverAssentos` (`POST /api/V2/Voos/RemoverAssentos`, `x-replaced-by`).
     */
    readonly RemoverAssentos: "/AereoNoSession.svc/RemoverAssentos";
    /**
     * DisponibilidadeDeServicoAuxiliar (ancillary service availability)
     *
     * Queries the catalogue of extras (baggage, pets on board, VIP lounge).
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/DisponibilidadeDeServicoAuxiliar`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Ancillaries.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Part 4.4: "queries the catalogue of extras".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ancillaries/disponibilidadedeservicoauxiliar | legacy-observed reference: DisponibilidadeDeServicoAuxiliar (ancillary service availability)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `DisponibilidadeDeServicoAuxiliar` (`POST /api/V2/Voos/DisponibilidadeDeServicoAuxiliar`, `x-replaced-by`).
     */
    readonly DisponibilidadeDeServicoAuxiliar: "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar";
    /**
     * TarifarServicoAuxiliar (price ancillary services)
     *
     * Confirms the fare and charges of the selected services.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/TarifarServicoAuxiliar`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.4: "confirms fare and charges of selected services": whether it holds anything is not said, so it is taken as a write.
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ancillaries/tarifarservicoauxiliar | legacy-observed reference: TarifarServicoAuxiliar (price ancillary services)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `TarifarServicoAuxiliar` (`POST /api/V2/Voos/TarifarServicoAuxiliar`, `x-replaced-by`).
     */
    readonly TarifarServicoAuxiliar: "/AereoNoSession.svc/TarifarServicoAuxiliar";
    /**
     * GravarServicoAuxiliar (purchase ancillary services)
     *
     * Contracts the services, with optional immediate payment.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/GravarServicoAuxiliar`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.4: "contracts the services, with optional immediate payment".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ancillaries/gravarservicoauxiliar | legacy-observed reference: GravarServicoAuxiliar (purchase ancillary services)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `GravarServicoAuxiliar` (`POST /api/V2/Voos/GravarServicoAuxiliar`, `x-replaced-by`).
     */
    readonly GravarServicoAuxiliar: "/AereoNoSession.svc/GravarServicoAuxiliar";
    /**
     * CancelarServicoAuxiliar (cancel an ancillary service)
     *
     * Cancels the additional service on the reservation.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. Replaced by `POST {base_url}/api/V2/Voos/CancelarServicoAuxiliar`, the V2 Portuguese operation of the same name, which is declared fully compatible and takes the very same request body. To migrate (Part 9): change the route, keep the `developer-token` and `developer-access-code` headers, drop the `Autenticar` call and keep `Login` and `Senha` in the body.
     *
     * The response payload is not published. A body without `Login` and without a valid session gets the answer `SessaoExpirada: true`.
     *
     * Group: Ancillaries.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.4: "cancels the additional service on the reservation".
     * Source: Part 4.4, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ancillaries/cancelarservicoauxiliar | legacy-observed reference: CancelarServicoAuxiliar (cancel an ancillary service)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `CancelarServicoAuxiliar` (`POST /api/V2/Voos/CancelarServicoAuxiliar`, `x-replaced-by`).
     */
    readonly CancelarServicoAuxiliar: "/AereoNoSession.svc/CancelarServicoAuxiliar";
    /**
     * Autenticar on AereoNoSession.svc (get a session token)
     *
     * Authenticates the agency credential on the no-session `AereoNoSession.svc`, where sending `Login` and `Senha` on every call is recommended instead of the token. Every name in the body is lower case. The answer is a JSON string holding the token, or the text of the authentication error.
     *
     * **Deprecated, with no V2 equivalent.** The Web API V2 is fully stateless and needs no authentication call: drop `Autenticar` and send `Login` and `Senha` in each request body instead (Part 9, migration rules 3 and 4).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.5: it answers a session token, which the session-keeping `Aereo.svc` keeps; a second attempt opens a second session, so it is not taken as a read.
     * Source: Part 4.5, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/autenticar | legacy-observed reference: Autenticar on AereoNoSession.svc (get a session token)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly Autenticar: "/AereoNoSession.svc/Autenticar";
    /**
     * AutenticarComUsuario on AereoNoSession.svc (authenticate an application user)
     *
     * Authenticates an application user (`AutenticacaoUsuario`) together with the agency credential, on the no-session `AereoNoSession.svc`, where sending `Login` and `Senha` on every call is recommended instead of the token. Accepted only for credentials enabled for this kind of access (applications); for every other integration credential the call is refused with an access-denied error. The answer is an `AutenticacaoRS`: `Erros` is filled on failure and empty or null on success; when a security card is required, `PosicaoCartaoDeSeguranca` gives the position to validate with `ValidarTokenSeguranca`.
     *
     * **Deprecated, with no V2 equivalent.** The authentication operations are not needed on the Web API V2 (Part 4.5), which lists no operation of this name: send `Login` and `Senha` in each request body instead (Part 9, migration rule 3).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.5: it authenticates an application user and answers `AutenticacaoRS`, a token among it; a second attempt opens a second session, so it is not taken as a read.
     * Source: Part 4.5, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/autenticarcomusuario | legacy-observed reference: AutenticarComUsuario on AereoNoSession.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly AutenticarComUsuario: "/AereoNoSession.svc/AutenticarComUsuario";
    /**
     * ValidarTokenSeguranca on AereoNoSession.svc (validate the second-factor token)
     *
     * Validates the second-factor (security card) token, at the position an `AutenticacaoRS` gave. The answer tells whether the token is valid (`Valido`) and whether the session has expired (`SessaoExpirada`), with an `Exception` field and the configuration data of the authenticated user.
     *
     * **Deprecated, with no V2 equivalent.** The authentication operations are not needed on the Web API V2 (Part 4.5), which lists no operation of this name: send `Login` and `Senha` in each request body instead (Part 9, migration rule 3).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Parts 4.5 and 5, item 8: it validates a second-factor token, and whether a validation is spent once made is not said, so it is not taken as a read.
     * Source: Part 4.5, 9 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/validartokenseguranca | legacy-observed reference: ValidarTokenSeguranca on AereoNoSession.svc (validate the second-factor token)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly ValidarTokenSeguranca: "/AereoNoSession.svc/ValidarTokenSeguranca";
    /**
     * RecuperarSistemasPesquisa (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `RecuperarSistemasPesquisa` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/RecuperarSistemasPesquisa` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/RecuperarSistemasPesquisa`) replaces it (Part 9, rule 1).
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 9 of 9 captured bodies (1 source: facilita-corp), and its answer from 9 of 9 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/search-and-pricing/recuperarsistemaspesquisa | legacy-observed reference: RecuperarSistemasPesquisa (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `RecuperarSistemasPesquisa` (`POST /api/V2/Voos/RecuperarSistemasPesquisa`, `x-replaced-by`).
     */
    readonly RecuperarSistemasPesquisa: "/AereoNoSession.svc/RecuperarSistemasPesquisa";
    /**
     * Disponibilidade (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Disponibilidade` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Disponibilidade` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Disponibilidade`) replaces it (Part 9, rule 1).
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 13 of 13 captured bodies (1 source: facilita-corp), and its answer from 13 of 13 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/search-and-pricing/disponibilidade | legacy-observed reference: Disponibilidade (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Disponibilidade` (`POST /api/V2/Voos/Disponibilidade`, `x-replaced-by`).
     */
    readonly Disponibilidade: "/AereoNoSession.svc/Disponibilidade";
    /**
     * Tarifar (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Tarifar` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Tarifar` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Tarifar`) replaces it (Part 9, rule 1).
     *
     * Group: Search and pricing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 10 of 10 captured bodies (1 source: facilita-corp), and its answer from 10 of 10 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/search-and-pricing/tarifar | legacy-observed reference: Tarifar (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Tarifar` (`POST /api/V2/Voos/Tarifar`, `x-replaced-by`).
     */
    readonly Tarifar: "/AereoNoSession.svc/Tarifar";
    /**
     * Reservar (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Reservar` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Reservar` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Reservar`) replaces it (Part 9, rule 1).
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it may book, issue, cancel or change something.
     * Observed flavour, not published by the provider: typed its request from 9 of 9 captured bodies (1 source: facilita-corp), and its answer from 9 of 9 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/booking/reservar | legacy-observed reference: Reservar (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Reservar` (`POST /api/V2/Voos/Reservar`, `x-replaced-by`).
     */
    readonly Reservar: "/AereoNoSession.svc/Reservar";
    /**
     * IniciarEmissao (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `IniciarEmissao` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/IniciarEmissao` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/IniciarEmissao`) replaces it (Part 9, rule 1).
     *
     * Group: Ticketing.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it may book, issue, cancel or change something.
     * Observed flavour, not published by the provider: typed its request from 7 of 7 captured bodies (1 source: facilita-corp), and its answer from 7 of 7 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ticketing/iniciaremissao | legacy-observed reference: IniciarEmissao (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `IniciarEmissao` (`POST /api/V2/Voos/IniciarEmissao`, `x-replaced-by`).
     */
    readonly IniciarEmissao: "/AereoNoSession.svc/IniciarEmissao";
    /**
     * RecuperarFormasDeFinanciamento (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `RecuperarFormasDeFinanciamento` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/RecuperarFormasDeFinanciamento` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/RecuperarFormasDeFinanciamento`) replaces it (Part 9, rule 1).
     *
     * Group: Ticketing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 7 of 7 captured bodies (1 source: facilita-corp), and its answer from 7 of 7 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ticketing/recuperarformasdefinanciamento | legacy-observed reference: RecuperarFormasDeFinanciamento (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `RecuperarFormasDeFinanciamento` (`POST /api/V2/Voos/RecuperarFormasDeFinanciamento`, `x-replaced-by`).
     */
    readonly RecuperarFormasDeFinanciamento: "/AereoNoSession.svc/RecuperarFormasDeFinanciamento";
    /**
     * Emitir (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Emitir` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Emitir` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Emitir`) replaces it (Part 9, rule 1).
     *
     * Group: Ticketing.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it may book, issue, cancel or change something.
     * Observed flavour, not published by the provider: typed its request from 8 of 8 captured bodies (2 sources: facilita-corp, noro-guru), and its answer from 8 of 8 captured bodies (2 sources: facilita-corp, noro-guru).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ticketing/emitir | legacy-observed reference: Emitir (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Emitir` (`POST /api/V2/Voos/Emitir`, `x-replaced-by`).
     */
    readonly Emitir: "/AereoNoSession.svc/Emitir";
    /**
     * Consultar (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Consultar` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Consultar` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Consultar`) replaces it (Part 9, rule 1).
     *
     * Group: Booking.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 7 of 7 captured bodies (1 source: facilita-corp), and its answer from 7 of 7 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/booking/consultar | legacy-observed reference: Consultar (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Consultar` (`POST /api/V2/Voos/Consultar`, `x-replaced-by`).
     */
    readonly Consultar: "/AereoNoSession.svc/Consultar";
    /**
     * ConsultarEticket (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `ConsultarEticket` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/ConsultarEticket` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/ConsultarEticket`) replaces it (Part 9, rule 1).
     *
     * Group: Ticketing.
     * Reads only: changes nothing on the service (`x-effect: read`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it only reads.
     * Observed flavour, not published by the provider: typed its request from 5 of 5 captured bodies (1 source: facilita-corp), and its answer from 5 of 5 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/ticketing/consultareticket | legacy-observed reference: ConsultarEticket (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `ConsultarEticket` (`POST /api/V2/Voos/ConsultarEticket`, `x-replaced-by`).
     */
    readonly ConsultarEticket: "/AereoNoSession.svc/ConsultarEticket";
    /**
     * Cancelar (observed on the legacy route)
     *
     * Observed, not published: the provider does not list `Cancelar` on the legacy service; public integrations call it at `POST {legacy_base_url}/AereoNoSession.svc/Cancelar` and their sanitized bodies type it here.
     *
     * **Deprecated.** The legacy `AereoNoSession.svc` is kept for existing integrations only. The V2 Portuguese operation of the same name (`POST {base_url}/api/V2/Voos/Cancelar`) replaces it (Part 9, rule 1).
     *
     * Group: Booking.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Taken from the V2 Portuguese operation of the same name (Part 9, rule 1), which replaces it: it may book, issue, cancel or change something.
     * Observed flavour, not published by the provider: typed its request from 7 of 7 captured bodies (1 source: facilita-corp), and its answer from 7 of 7 captured bodies (1 source: facilita-corp).
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/booking/cancelar | legacy-observed reference: Cancelar (observed on the legacy route)} (the docs site, `npm run docs:serve`)
     * @deprecated Replaced by `Cancelar` (`POST /api/V2/Voos/Cancelar`, `x-replaced-by`).
     */
    readonly Cancelar: "/AereoNoSession.svc/Cancelar";
  };
  readonly "/Aereo.svc/": {
    /**
     * Autenticar on Aereo.svc (get a session token)
     *
     * Authenticates the agency credential on the session-keeping `Aereo.svc`, where the token is useful: later requests carry it in a field named `token`. Every name in the body is lower case. The answer is a JSON string holding the token, or the text of the authentication error.
     *
     * **Deprecated, with no V2 equivalent.** The Web API V2 is fully stateless and needs no authentication call: drop `Autenticar` and send `Login` and `Senha` in each request body instead (Part 9, migration rules 3 and 4).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.5: it answers a session token, which the session-keeping `Aereo.svc` keeps; a second attempt opens a second session, so it is not taken as a read.
     * Source: Part 4.5 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/aereo_autenticar | legacy-observed reference: Autenticar on Aereo.svc (get a session token)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly Autenticar: "/Aereo.svc/Autenticar";
    /**
     * AutenticarComUsuario on Aereo.svc (authenticate an application user)
     *
     * Authenticates an application user (`AutenticacaoUsuario`) together with the agency credential, on the session-keeping `Aereo.svc`, where the token is useful: later requests carry it in a field named `token`. Accepted only for credentials enabled for this kind of access (applications); for every other integration credential the call is refused with an access-denied error. The answer is an `AutenticacaoRS`: `Erros` is filled on failure and empty or null on success; when a security card is required, `PosicaoCartaoDeSeguranca` gives the position to validate with `ValidarTokenSeguranca`.
     *
     * **Deprecated, with no V2 equivalent.** The authentication operations are not needed on the Web API V2 (Part 4.5), which lists no operation of this name: send `Login` and `Senha` in each request body instead (Part 9, migration rule 3).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.5: it authenticates an application user and answers `AutenticacaoRS`, a token among it; a second attempt opens a second session, so it is not taken as a read.
     * Source: Part 4.5 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/aereo_autenticarcomusuario | legacy-observed reference: AutenticarComUsuario on Aereo.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly AutenticarComUsuario: "/Aereo.svc/AutenticarComUsuario";
    /**
     * ValidarTokenSeguranca on Aereo.svc (validate the second-factor token)
     *
     * Validates the second-factor (security card) token, at the position an `AutenticacaoRS` gave. On this session-keeping service the body may also carry the session `token`. The answer tells whether the token is valid (`Valido`) and whether the session has expired (`SessaoExpirada`), with an `Exception` field and the configuration data of the authenticated user.
     *
     * **Deprecated, with no V2 equivalent.** The authentication operations are not needed on the Web API V2 (Part 4.5), which lists no operation of this name: send `Login` and `Senha` in each request body instead (Part 9, migration rule 3).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Parts 4.5 and 5, item 8: it validates a second-factor token, and whether a validation is spent once made is not said, so it is not taken as a read.
     * Source: Part 4.5 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/aereo_validartokenseguranca | legacy-observed reference: ValidarTokenSeguranca on Aereo.svc (validate the second-factor token)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly ValidarTokenSeguranca: "/Aereo.svc/ValidarTokenSeguranca";
  };
  readonly "/Usuario.svc/": {
    /**
     * Autenticar on Usuario.svc (authenticate an application user)
     *
     * Authenticates an application user (`AutenticacaoUsuario`) together with the agency credential, on the user service. Its body is that of `AutenticarComUsuario`. Accepted only for credentials enabled for this kind of access (applications); for every other integration credential the call is refused with an access-denied error. The answer is an `AutenticacaoRS`: `Erros` is filled on failure and empty or null on success.
     *
     * **Deprecated, with no V2 equivalent.** The Web API V2 is fully stateless and needs no authentication call: drop `Autenticar` and send `Login` and `Senha` in each request body instead (Part 9, migration rules 3 and 4).
     *
     * Group: Authentication.
     * Writes: may change something on the service, so it is never retried (`x-effect: write`). Inferred: Part 4.5: it answers a session token, which the session-keeping `Aereo.svc` keeps; a second attempt opens a second session, so it is not taken as a read.
     * Source: Part 4.5 of the interface description.
     * Observed flavour, not published by the provider: no captured body types this operation, so it is as published.
     *
     * @see {@link http://127.0.0.1:8080/legacy-observed.html#/authentication/usuario_autenticar | legacy-observed reference: Autenticar on Usuario.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly Autenticar: "/Usuario.svc/Autenticar";
  };
}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
  readonly "/AereoNoSession.svc/Autenticar": {
    /**
     * Login of the agency's web-service credential.
     */
    "login"?: unknown;
    /**
     * Password of the agency's web-service credential.
     */
    "senha"?: unknown;
    /**
     * Selects the corporate customer on whose behalf the call runs. Optional.
     */
    "clienteId"?: unknown;
  };
  readonly "/AereoNoSession.svc/AutenticarComUsuario": {
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
    "clienteId"?: unknown;
    /**
     * The application user being authenticated, sent with `AutenticarComUsuario` and
     * `Usuario.svc/Autenticar`. Accepted only for credentials enabled for this kind of
     * access (applications); for every other integration credential the call is
     * refused with an access-denied error (Part 5, item 7).
     *
     * The field list is published in full (Part 2.5). Only `Login` and `Senha` have a
     * published type (string); the types of the other fields are not published, so
     * each accepts any value (`TipoNaoPublicado`). Whether any field may be left out is
     * not published either; this contract requires `Login` and `Senha`, the user's
     * login and password that this object exists to carry (an inference).
     */
    "AutenticacaoUsuario"?: unknown;
  };
  readonly "/Aereo.svc/Autenticar": {
    /**
     * Login of the agency's web-service credential.
     */
    "login"?: unknown;
    /**
     * Password of the agency's web-service credential.
     */
    "senha"?: unknown;
    /**
     * Selects the corporate customer on whose behalf the call runs. Optional.
     */
    "clienteId"?: unknown;
  };
  readonly "/Aereo.svc/AutenticarComUsuario": {
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
    "clienteId"?: unknown;
    /**
     * The application user being authenticated, sent with `AutenticarComUsuario` and
     * `Usuario.svc/Autenticar`. Accepted only for credentials enabled for this kind of
     * access (applications); for every other integration credential the call is
     * refused with an access-denied error (Part 5, item 7).
     *
     * The field list is published in full (Part 2.5). Only `Login` and `Senha` have a
     * published type (string); the types of the other fields are not published, so
     * each accepts any value (`TipoNaoPublicado`). Whether any field may be left out is
     * not published either; this contract requires `Login` and `Senha`, the user's
     * login and password that this object exists to carry (an inference).
     */
    "AutenticacaoUsuario"?: unknown;
  };
  readonly "/Aereo.svc/ValidarTokenSeguranca": {
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
     * The second-factor (security card) token to validate, at the position that
     * `AutenticacaoRS.PosicaoCartaoDeSeguranca` gave (Part 5, item 8).
     */
    "TokenDeSeguranca"?: unknown;
  };
  readonly "/Usuario.svc/Autenticar": {
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
    "clienteId"?: unknown;
    /**
     * The application user being authenticated, sent with `AutenticarComUsuario` and
     * `Usuario.svc/Autenticar`. Accepted only for credentials enabled for this kind of
     * access (applications); for every other integration credential the call is
     * refused with an access-denied error (Part 5, item 7).
     *
     * The field list is published in full (Part 2.5). Only `Login` and `Senha` have a
     * published type (string); the types of the other fields are not published, so
     * each accepts any value (`TipoNaoPublicado`). Whether any field may be left out is
     * not published either; this contract requires `Login` and `Senha`, the user's
     * login and password that this object exists to carry (an inference).
     */
    "AutenticacaoUsuario"?: unknown;
  };
  readonly "/AereoNoSession.svc/RecuperarSistemasPesquisa": {
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
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Origem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Destino"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Timeout"?: unknown;
  };
  readonly "/AereoNoSession.svc/Disponibilidade": {
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
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "Origem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "Destino"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "DataIda"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "QuantidadeAdultos"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "QuantidadeCriancas"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "QuantidadeBebes"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "QuantidadeDeVoos"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "Sistema"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "ApenasVoosComBagagem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "ApenasVoosDiretos"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "BuscarVoosComBagagem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "BuscarVoosSemBagagem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "Flex"?: unknown;
    /**
     * Observed, not published by the provider: sent in 13 of 13 captured bodies (1 source: facilita-corp).
     */
    "Recomendacao"?: unknown;
    /**
     * Observed, not published by the provider: sent in 7 of 13 captured bodies (1 source: facilita-corp).
     */
    "DataVolta"?: unknown;
  };
  readonly "/AereoNoSession.svc/Tarifar": {
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
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].IdentificacaoDaViagem` (in 10 captured flow steps).
     */
    "IdentificacaoDaViagem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].Id` (in 10 captured flow steps).
     */
    "ViagemIda"?: unknown;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     */
    "ClassesSelecionadas"?: Array<{
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "BaseTarifaria"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "Classe"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "Familia"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "NumeroDoVoo"?: unknown;
    }>;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     */
    "RetornarPlanoDeFinanciamento"?: unknown;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     */
    "RetornarRegrasTarifarias"?: unknown;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     */
    "TarifarMelhorFamilia"?: unknown;
    /**
     * Observed, not published by the provider: sent in 10 of 10 captured bodies (1 source: facilita-corp).
     */
    "TarifarMelhorPreco"?: unknown;
    /**
     * Observed, not published by the provider: sent in 8 of 10 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho2[].Id` (in 6 captured flow steps).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].Id` (in 2 captured flow steps).
     */
    "ViagemVolta"?: unknown;
    /**
     * Observed, not published by the provider: sent in 8 of 10 captured bodies (1 source: facilita-corp).
     */
    "ClassesSelecionadasVolta"?: Array<{
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "BaseTarifaria"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "Classe"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "Familia"?: unknown;
      /**
       * Observed, not published by the provider: sent in 34 of 38 captured bodies (1 source: facilita-corp).
       */
      "NumeroDoVoo"?: unknown;
    }>;
    /**
     * Observed, not published by the provider: sent in 1 of 10 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].IdentificacaoDaViagem` (in 1 captured flow step).
     */
    "IdentificacaoDaViagemVolta"?: unknown;
  };
  readonly "/AereoNoSession.svc/Reservar": {
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
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Disponibilidade`: `ViagensTrecho1[].IdentificacaoDaViagem` (in 9 captured flow steps).
     */
    "IdentificacaoDaViagem"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "ClassesSelecionadas"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Passageiros"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "InformacoesComplementaresPassageiro"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Contatos"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "Solicitante"?: unknown;
    /**
     * Observed, not published by the provider: sent in 9 of 9 captured bodies (1 source: facilita-corp).
     */
    "ValidarAnaliseRisco"?: unknown;
    /**
     * Observed, not published by the provider: sent in 7 of 9 captured bodies (1 source: facilita-corp).
     */
    "ClassesSelecionadasVolta"?: unknown;
  };
  readonly "/AereoNoSession.svc/IniciarEmissao": {
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
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Reservar`: `Reservas[].Localizador` (in 5 captured flow steps).
     */
    "Localizador"?: unknown;
  };
  readonly "/AereoNoSession.svc/RecuperarFormasDeFinanciamento": {
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
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Reservar`: `Reservas[].Localizador` (in 5 captured flow steps).
     * Fed by the answer of `IniciarEmissao`: `Localizador` (in 2 captured flow steps).
     */
    "Localizador"?: unknown;
  };
  readonly "/AereoNoSession.svc/Emitir": {
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
     * Observed, not published by the provider: sent in 8 of 8 captured bodies (2 sources: facilita-corp, noro-guru).
     * Fed by the answer of `Reservar`: `Reservas[].Localizador` (in 5 captured flow steps).
     * Fed by the answer of `IniciarEmissao`: `Localizador` (in 2 captured flow steps).
     */
    "Localizador"?: unknown;
    /**
     * Payment of the issuance: a form of payment, with card data when paying by card. Observed object, not published by the provider: typed where seen, open to fields not seen.
     * Observed, not published by the provider: sent in 8 of 8 captured bodies (2 sources: facilita-corp, noro-guru).
     */
    "Pagamento"?: {
      /**
       * Observed, not published by the provider: sent in 8 of 8 captured bodies (2 sources: facilita-corp, noro-guru).
       */
      "FormaDePagamento"?: unknown;
      /**
       * Observed, not published by the provider: sent in 1 of 7 captured bodies (1 source: facilita-corp).
       */
      "CartaoDeCredito"?: unknown;
    };
  };
  readonly "/AereoNoSession.svc/Consultar": {
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
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Reservar`: `Reservas[].Localizador` (in 5 captured flow steps).
     * Fed by the answer of `IniciarEmissao`: `Localizador` (in 2 captured flow steps).
     */
    "Localizador"?: unknown;
    /**
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     */
    "Sistema"?: unknown;
  };
  readonly "/AereoNoSession.svc/ConsultarEticket": {
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
     * Observed, not published by the provider: sent in 5 of 5 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Emitir`: `Bilhetes[].Numero` (in 5 captured flow steps).
     */
    "Eticket"?: unknown;
    /**
     * Observed, not published by the provider: sent in 5 of 5 captured bodies (1 source: facilita-corp).
     */
    "Sistema"?: unknown;
  };
  readonly "/AereoNoSession.svc/Cancelar": {
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
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     * Fed by the answer of `Reservar`: `Reservas[].Localizador` (in 5 captured flow steps).
     * Fed by the answer of `IniciarEmissao`: `Localizador` (in 2 captured flow steps).
     */
    "Localizador"?: unknown;
    /**
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     */
    "Motivo"?: unknown;
    /**
     * Observed, not published by the provider: sent in 7 of 7 captured bodies (1 source: facilita-corp).
     */
    "CancelarEticketsAtivos"?: unknown;
  };
}

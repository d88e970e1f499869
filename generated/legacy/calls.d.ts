// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — legacy JSON service (deprecated), by folder of paths: each name's path, its JSDoc what the
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/seats/obtermapadeassentos | legacy reference: ObterMapaDeAssentos (get the seat map)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/seats/marcarassentos | legacy reference: MarcarAssentos (assign seats)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/seats/removerassentos | legacy reference: RemoverAssentos (remove a seat assignment)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/ancillaries/disponibilidadedeservicoauxiliar | legacy reference: DisponibilidadeDeServicoAuxiliar (ancillary service availability)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/ancillaries/tarifarservicoauxiliar | legacy reference: TarifarServicoAuxiliar (price ancillary services)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/ancillaries/gravarservicoauxiliar | legacy reference: GravarServicoAuxiliar (purchase ancillary services)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/ancillaries/cancelarservicoauxiliar | legacy reference: CancelarServicoAuxiliar (cancel an ancillary service)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/autenticar | legacy reference: Autenticar on AereoNoSession.svc (get a session token)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/autenticarcomusuario | legacy reference: AutenticarComUsuario on AereoNoSession.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/validartokenseguranca | legacy reference: ValidarTokenSeguranca on AereoNoSession.svc (validate the second-factor token)} (the docs site, `npm run docs:serve`)
     * @deprecated Deprecated by the contract, which names no replacement (no `x-replaced-by`).
     */
    readonly ValidarTokenSeguranca: "/AereoNoSession.svc/ValidarTokenSeguranca";
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/aereo_autenticar | legacy reference: Autenticar on Aereo.svc (get a session token)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/aereo_autenticarcomusuario | legacy reference: AutenticarComUsuario on Aereo.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/aereo_validartokenseguranca | legacy reference: ValidarTokenSeguranca on Aereo.svc (validate the second-factor token)} (the docs site, `npm run docs:serve`)
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
     *
     * @see {@link http://127.0.0.1:8080/legacy.html#/authentication/usuario_autenticar | legacy reference: Autenticar on Usuario.svc (authenticate an application user)} (the docs site, `npm run docs:serve`)
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
}

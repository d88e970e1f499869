// Made by `npm run build` from the bundle (scripts/pipeline/call-docs.ts): do not edit.
/**
 * The calls by name of Air travel booking — Web API V1 (older), by folder of paths: each name's path, its JSDoc what the
 * named call shows at the hover (src/named-calls.ts maps over these keys, which keeps it).
 */
export interface Calls {
}

/** By path, the request body fields whose description the generated types leave off, documented here. */
export interface Fields {
  readonly "/api/Voos/{Operation}": {
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

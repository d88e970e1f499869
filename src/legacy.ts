// Entry point `./legacy`: the client of the deprecated legacy JSON service
// (`AereoNoSession.svc`, `Aereo.svc`, `Usuario.svc`), and the helper that moves its calls
// to the V2 Portuguese route. Prefer `./v2` for anything new.
import type { paths } from '../generated/legacy/schema.d.ts';
import { defineFamily } from './client.ts';
import { legacyFamily } from './families/legacy.ts';

/** Generated `paths` of the legacy service. */
export type LegacyPaths = paths;

/**
 * A client of the legacy service. With `credentials`, bodies may leave out the login and
 * password fields, which go in under each operation's own names (`login`/`senha`/`clienteId`
 * on Autenticar). `SessaoExpirada: true` rejects with SessionExpiredError; an
 * `AutenticacaoRS` with `Erros` filled rejects with AuthenticationError.
 * @deprecated The legacy service is kept for existing integrations only: migrate to `./v2` (see `migrateLegacyCall`).
 */
export const createLegacyClient = defineFamily<paths, (typeof legacyFamily)['naming']>(legacyFamily);

export { migrateLegacyCall, type LegacyCall, type MigratedCall, type MigrationOptions, type V2Operation } from './migration.ts';
export * from './common.ts';

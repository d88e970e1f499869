// Legacy JSON service (Parts 4.4, 4.5; deprecated). Credential field names differ by
// operation, as Part 4.5 writes them:
// - Autenticar on AereoNoSession.svc and Aereo.svc: login, senha, clienteId (all lower case);
// - AutenticarComUsuario and Usuario.svc/Autenticar: Login, Senha, clienteId;
// - every other operation (seats, ancillaries, ValidarTokenSeguranca): Login, Senha,
//   ClienteId, the credential fields of every legacy body (Part 2.1).
// tests/client checks this against the legacy bundle's request schemas.
import { PATHS_LEGACY } from '../../generated/contract/index.js';
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS, type CredentialFields, credentialFieldsOf } from '../credentials.ts';
import type { paths } from '../../generated/legacy/schema.d.ts';
import { AuthenticationError, SessionExpiredError } from '../errors.ts';
import type { EveryPostPath } from '../named-calls.ts';
import {
  authenticatingPaths,
  credentialFieldsAt,
  type OperationPathOf,
  type ReadPathOf,
  stringAnswerPaths,
} from '../lib/contract-index.ts';

/** Every path of the three services, as the contract index lists them (Autenticar is on all three). */
const PATHS = PATHS_LEGACY;
const listed: EveryPostPath<paths, OperationPathOf<'legacy'>> = true;
void listed;

/**
 * Names: Autenticar is on three services, AutenticarComUsuario and ValidarTokenSeguranca on
 * two. The client's own properties are the operations of AereoNoSession.svc, the service
 * Part 4.4 calls the legacy service (`legacy.ObterMapaDeAssentos`, `legacy.Autenticar`);
 * every service is also a group of its own: `legacy.Aereo.Autenticar`,
 * `legacy.Usuario.Autenticar`, `legacy.AereoNoSession.Autenticar`.
 */
export const LEGACY_NAMING = {
  prefix: '/AereoNoSession.svc/',
  groups: { AereoNoSession: '/AereoNoSession.svc/', Aereo: '/Aereo.svc/', Usuario: '/Usuario.svc/' },
} as const;

/** The paths of the operations that only read (`x-effect: read` in the contract). */
export type LegacyReadPath = ReadPathOf<'legacy'>;

/** Texts of `Erros` an AuthenticationError keeps at most. */
const MAX_ERROS = 20;

// Which operations authenticate, which answer a bare string and how each body spells the credentials: the contract index's.
const AUTHENTICATING: ReadonlySet<string> = new Set(authenticatingPaths('legacy'));
const STRING_ANSWERS: ReadonlySet<string> = new Set(stringAnswerPaths('legacy'));
const SPELLINGS: ReadonlyMap<string, CredentialFields> = new Map(
  PATHS_LEGACY.flatMap((path) => {
    const fields = credentialFieldsOf(credentialFieldsAt('legacy', path));
    return fields ? [[path, fields] as const] : [];
  }),
);

/** Paths whose answer is `AutenticacaoRS` (Part 4.5): those that authenticate and answer an object. */
export function answersAutenticacaoRS(path: string): boolean {
  return AUTHENTICATING.has(path) && !STRING_ANSWERS.has(path);
}

/** Paths whose answer is a bare JSON string, the token or an error text (`AutenticarRS`, Part 4.5). */
export function answersString(path: string): boolean {
  return STRING_ANSWERS.has(path);
}

/** Part 4.5's `Autenticar` of the family's own service: the operation that authenticates and answers the bare token. */
const RENEWAL = [...STRING_ANSWERS].find((path) => AUTHENTICATING.has(path) && path.startsWith(LEGACY_NAMING.prefix));

const loginOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null
    ? ((body as Record<string, unknown>).Login ?? (body as Record<string, unknown>).login)
    : undefined;
const present = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** What SessionExpiredError says was sent: whether the body carried a Login, and who put it there. */
function loginSent(given: unknown, sent: unknown): string | undefined {
  if (present(loginOf(given))) return 'the body carried the Login set by the caller';
  return present(loginOf(sent)) ? 'the body carried the Login the client added from its credentials' : undefined;
}

export const legacyFamily = {
  name: 'legacy',
  credentialFields(path: string): CredentialFields {
    return SPELLINGS.get(path) ?? CREDENTIAL_FIELDS;
  },
  answerType: (path: string) => (answersString(path) ? 'string' : 'object'),
  operations: PATHS,
  naming: LEGACY_NAMING,
  // Part 4.5: Autenticar of the no-session service, the legacy family's own.
  renewSession: RENEWAL,
  async inspect(body, context) {
    if (typeof body !== 'object' || body === null) return;
    const answer = body as { SessaoExpirada?: unknown; Erros?: unknown };
    if (answer.SessaoExpirada === true)
      throw new SessionExpiredError(context.target, await context.redact(body), loginSent(context.request.given, context.request.sent));
    if (answersAutenticacaoRS(context.target.path) && Array.isArray(answer.Erros) && answer.Erros.length > 0) {
      // Bounded like any answer an error keeps: the first texts, each an excerpt.
      const errors = await Promise.all(
        answer.Erros.slice(0, MAX_ERROS).map((e: unknown) =>
          context.redactText(typeof e === 'string' ? e : (JSON.stringify(e) ?? String(e))),
        ),
      );
      throw new AuthenticationError(context.target, errors);
    }
  },
} satisfies Family;

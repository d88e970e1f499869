// Legacy JSON service (Parts 4.4, 4.5; deprecated). Credential field names differ by
// operation, as Part 4.5 writes them:
// - Autenticar on AereoNoSession.svc and Aereo.svc: login, senha, clienteId (all lower case);
// - AutenticarComUsuario and Usuario.svc/Autenticar: Login, Senha, clienteId;
// - every other operation (seats, ancillaries, ValidarTokenSeguranca): Login, Senha,
//   ClienteId, the credential fields of every legacy body (Part 2.1).
// tests/client checks this against the legacy bundle's request schemas.
import type { Family } from '../client.ts';
import { CREDENTIAL_FIELDS, type CredentialFields } from '../credentials.ts';
import { AuthenticationError, SessionExpiredError } from '../errors.ts';

const LOWER_CASE: CredentialFields = { login: 'login', password: 'senha', clientId: 'clienteId' };
const WITH_USER: CredentialFields = { login: 'Login', password: 'Senha', clientId: 'clienteId' };

/** Paths whose answer is `AutenticacaoRS` (Part 4.5). */
export function answersAutenticacaoRS(path: string): boolean {
  return path.endsWith('/AutenticarComUsuario') || path.endsWith('/Usuario.svc/Autenticar');
}

/** Paths whose answer is a bare JSON string, the token or an error text (`AutenticarRS`, Part 4.5). */
export function answersString(path: string): boolean {
  return path.endsWith('/Autenticar') && !path.endsWith('/Usuario.svc/Autenticar');
}

export const legacyFamily = {
  name: 'legacy',
  credentialFields(path: string): CredentialFields {
    const operation = path.slice(path.lastIndexOf('/') + 1);
    if (operation === 'Autenticar') return path.endsWith('/Usuario.svc/Autenticar') ? WITH_USER : LOWER_CASE;
    if (operation === 'AutenticarComUsuario') return WITH_USER;
    return CREDENTIAL_FIELDS;
  },
  answerType: (path: string) => (answersString(path) ? 'string' : 'object'),
  inspect(body, context) {
    if (typeof body !== 'object' || body === null) return;
    const answer = body as { SessaoExpirada?: unknown; Erros?: unknown };
    if (answer.SessaoExpirada === true) throw new SessionExpiredError(context.target, context.redact(body));
    if (answersAutenticacaoRS(context.target.path) && Array.isArray(answer.Erros) && answer.Erros.length > 0) {
      const errors = answer.Erros.map((e: unknown) => context.redactText(typeof e === 'string' ? e : JSON.stringify(e)));
      throw new AuthenticationError(context.target, errors);
    }
  },
} satisfies Family;

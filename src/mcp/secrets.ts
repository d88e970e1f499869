// The credentials of the MCP server's calls: from the environment only (the variables the
// `flows` command reads), never from tool arguments; placeholders for the in-process mock.
import type { Credentials } from '../credentials.ts';
import { ENV } from '../flows/run.ts';

/** The credentials of a real call, from the environment only. */
export interface Secrets {
  developerToken?: string;
  accessCode?: string;
  credentials?: Credentials;
  values: string[];
}

export function secretsFrom(env: Readonly<Record<string, string | undefined>>): Secrets {
  const get = (name: string): string | undefined => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const developerToken = get(ENV.developerToken);
  const accessCode = get(ENV.accessCode);
  const login = get(ENV.login);
  const password = get(ENV.password);
  const clientId = get(ENV.clientId);
  const values = [developerToken, accessCode, login, password, clientId].filter((v): v is string => v !== undefined);
  return {
    ...(developerToken ? { developerToken } : {}),
    ...(accessCode ? { accessCode } : {}),
    ...(login && password
      ? { credentials: { Login: login, Senha: password, ...(clientId && /^\d+$/.test(clientId) ? { ClienteId: Number(clientId) } : {}) } }
      : {}),
    values,
  };
}

/** What the in-process mock gets when the environment names no credential: it checks presence and shape only. */
export const MOCK_SECRETS = {
  developerToken: 'mock-developer-token',
  accessCode: 'mock-access-code',
  credentials: { Login: 'mock-login', Senha: 'mock-password' },
};

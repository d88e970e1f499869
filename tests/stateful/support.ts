// The typed observed clients against a running `mock --observed --flows`, each with a fetch
// that keeps the last answer's headers, so a test reads the stateful mock's x-mock-* headers
// beside the typed answer.
import { createLegacyObservedClient } from '../../src/legacy-observed.ts';
import { createV2ObservedClient } from '../../src/v2-observed.ts';
import { readScenarios } from '../../src/scenarios/read.ts';
import { rootDir } from '../support/bundle.ts';

export const ACCESS_CODE = 'QUJD';
export const PASSWORD = 's3gredo';

/** Every value the captures hold: a minted identifier is none of them. */
export const capturedText = readScenarios(rootDir)
  .flatMap((s) => s.steps.flatMap((st) => [JSON.stringify(st.request), JSON.stringify(st.response)]))
  .join('\n');

/** cenario1's captured legacy search, field for field as the three doors' tests send it: the flows replay answers it. */
export const CAPTURED_LEGACY_SEARCH = {
  Origem: 'SAO',
  Destino: 'RIO',
  DataIda: '/Date(1782399600000-0300)/',
  QuantidadeAdultos: 1,
  QuantidadeCriancas: 0,
  QuantidadeBebes: 0,
  Sistema: 49,
} as const;

export interface Caller {
  /** The headers of the last answer (or refusal) this caller got. */
  last(): Headers;
  header(name: string): string | null;
}

function recorder(): { fetch: (request: Request) => Promise<Response>; caller: Caller } {
  let last = new Headers();
  return {
    fetch: async (request) => {
      const response = await fetch(request);
      last = response.headers;
      return response;
    },
    caller: { last: () => last, header: (name) => last.get(name) },
  };
}

export function v2Caller(baseUrl: string, developerToken: string, login = 'agencia') {
  const { fetch, caller } = recorder();
  const client = createV2ObservedClient({
    baseUrl,
    developerToken,
    accessCode: ACCESS_CODE,
    fetch,
    credentials: { Login: login, Senha: PASSWORD },
  });
  return Object.assign(caller, { client });
}

export function legacyCaller(baseUrl: string, developerToken: string, login = 'agencia') {
  const { fetch, caller } = recorder();
  const client = createLegacyObservedClient({
    baseUrl,
    developerToken,
    accessCode: ACCESS_CODE,
    fetch,
    credentials: { Login: login, Senha: PASSWORD },
  });
  return Object.assign(caller, { client });
}

/** The status of a call that must be refused, and the refusal's problem body. */
export async function refused(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status?: number; body?: unknown };
    return { status: e.status ?? 0, body: (e.body ?? {}) as Record<string, unknown> };
  }
  throw new Error('the call was answered, not refused');
}

// The flows runner reads which fields are credentials and secrets from the contract index:
// a captured body's password spelt `senha`, `SENHA` or with a zero-width space is never
// sent beside the caller's, a session token an answer hands out and a later step threads is
// shown `[redacted]` in the report, and an answer's message quoting it or the login shows
// neither. A real stub upstream on 127.0.0.1, the runner's real client.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { plannedRequests, runScenario } from '../../src/flows/runner.ts';
import type { Lineage } from '../../src/scenarios/lineage.ts';
import type { Scenario } from '../../src/scenarios/read.ts';
import { sendJson, startServer, type TestServer } from '../client/server.ts';

const TOKEN = 'CANARY-SESSION-TOKEN-4d1f';
const LOGIN = 'canary-login-8e2b';
const CAPTURED = ['CAPTURED-senha-1', 'CAPTURED-SENHA-2', 'CAPTURED-zw-3'];

const scenario: Scenario = {
  name: 'secrets',
  steps: [
    { id: '01-Disponibilidade', operation: 'Disponibilidade', label: undefined, request: { Origem: 'GRU' }, response: {} },
    {
      id: '02-Tarifar',
      operation: 'Tarifar',
      label: undefined,
      request: { senha: CAPTURED[0], SENHA: CAPTURED[1], 'Senha\u200b': CAPTURED[2], Origem: 'GRU' },
      response: {},
    },
  ],
};
const lineage: Lineage = {
  note: '',
  scenarios: [
    {
      name: 'secrets',
      steps: [
        { id: '01-Disponibilidade', operation: 'Disponibilidade', threads: [], gaps: [] },
        {
          id: '02-Tarifar',
          operation: 'Tarifar',
          threads: [
            { field: 'token', fromStep: '01-Disponibilidade', fromOperation: 'Disponibilidade', fromPath: 'token', fromField: 'token' },
          ],
          gaps: [],
        },
      ],
    },
  ],
  summary: [],
  gaps: [],
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer((request, response) =>
    request.url.endsWith('/Disponibilidade')
      ? sendJson(response, { token: TOKEN, Exception: null })
      : sendJson(response, { Exception: { Message: `sessao ${TOKEN} de ${LOGIN} recusada` } }),
  );
});
afterAll(() => server.close());

test('a captured password in any spelling is left out of the planned request', () => {
  const [, tarifar] = plannedRequests(scenario, lineage);
  expect(Object.values(tarifar!.body)).toEqual(['GRU']);
});

test('the runner sends no captured password, and its report shows no session token or login', async () => {
  const result = await runScenario(scenario, lineage, {
    baseUrl: server.url,
    developerToken: 'canary-devtoken-77aa',
    accessCode: 'Q0FOQVJZLWNvZGU=',
    credentials: { Login: LOGIN, Senha: 'canary-senha-19cc' },
    validators: { check: () => [] },
  });
  expect(server.requests).toHaveLength(2);
  const sent = server.requests[1]!.text;
  for (const captured of CAPTURED) expect(sent).not.toContain(captured);
  // The token did travel (threaded as the lineage says): the report is what must not show it.
  expect(sent).toContain(TOKEN);
  const [, step] = result.steps;
  expect(step?.threaded).toEqual([{ field: 'token', value: '[redacted]', from: '01-Disponibilidade token' }]);
  expect(step?.serviceMessage).toBe('sessao [redacted] de [redacted] recusada');
  const report = JSON.stringify(result);
  expect(report).not.toContain(TOKEN);
  expect(report).not.toContain(LOGIN);
});

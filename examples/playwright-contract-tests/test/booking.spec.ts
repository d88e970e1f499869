// API tests with Playwright's `request` fixture against the contract's mock.
import { expect, test } from '@playwright/test';

const headers = { 'developer-token': '<DEVELOPER_TOKEN>', 'developer-access-code': '<ACCESS_CODE>' };
const credentials = { Login: '<LOGIN>', Senha: '<PASSWORD>' };

test('a search the contract accepts is answered', async ({ request }) => {
  const response = await request.post('/api/V2/Voos/Disponibilidade', {
    headers,
    data: { ...credentials, Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({});
});

test('a body the contract refuses gets a problem naming the field', async ({ request }) => {
  const response = await request.post('/api/V2/Voos/RemoverAssentos', {
    headers,
    data: { ...credentials, Localizador: 'ABC123', PaxID: 1, TrechoID: 'T1' },
  });
  expect(response.status()).toBe(422);
  expect((await response.json()).detail).toMatch(/PaxID/);
});

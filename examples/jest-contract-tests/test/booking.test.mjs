// The same two tests as the Vitest example, under Jest.
import { createV2Client, HttpStatusError } from 'air-travel-api-contract/v2';

const v2 = createV2Client({
  baseUrl: process.env.MOCK_URL,
  developerToken: '<DEVELOPER_TOKEN>',
  accessCode: '<ACCESS_CODE>',
  credentials: { Login: '<LOGIN>', Senha: '<PASSWORD>' },
});

test('a search the contract accepts is answered', async () => {
  const flights = await v2.Disponibilidade({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 });
  expect(flights).toEqual({});
});

test('a body the contract refuses gets a problem naming the field', async () => {
  const error = await v2.RemoverAssentos({ Localizador: 'ABC123', PaxID: 1, TrechoID: 'T1' }).catch((e) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  expect(error.status).toBe(422);
  expect(error.message).toMatch(/PaxID/);
});

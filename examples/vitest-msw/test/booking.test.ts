// What an integrator's own tests look like with MSW: the typed client, the contract's
// answers, and the contract's refusal of a wrong body, without a mock process.
import { createV2Client, HttpStatusError } from 'air-travel-api-contract/v2';
import { expect, test } from 'vitest';

const v2 = createV2Client({
  baseUrl: 'https://sandbox.invalid',
  developerToken: '00000000-0000-0000-0000-000000000000',
  accessCode: 'QUNDRVNTLUNPREU=',
  credentials: { Login: 'agencia', Senha: 'not-a-real-password' },
});

test('a search the contract accepts is answered', async () => {
  const flights = await v2.Disponibilidade({ Origem: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 });
  // The provider publishes no field of this answer: the handlers invent none.
  expect(flights).toEqual({});
});

test('a body the contract refuses gets a problem naming the field', async () => {
  // PaxID is a string in the contract; sent past the types on purpose.
  const error = await v2.RemoverAssentos({ Localizador: 'ABC123', PaxID: 1, TrechoID: 'T1' } as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  expect((error as HttpStatusError).status).toBe(422);
  expect((error as HttpStatusError).message).toMatch(/PaxID/);
});

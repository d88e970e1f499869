// What the README says the compiler catches, through the typed client as the README uses
// it (`createV2Client`, calls by operation name). Each @ts-expect-error must meet an error;
// the unmarked calls must compile. tests/types/types.test.ts runs tsc over this file.
import { createLegacyClient } from '../../src/legacy.ts';
import { createV2Client } from '../../src/v2.ts';

const v2 = createV2Client({
  baseUrl: 'https://sandbox.invalid',
  developerToken: '<DEVELOPER_TOKEN>',
  accessCode: '<ACCESS_CODE>',
  credentials: { Login: '<LOGIN>', Senha: '<PASSWORD>' },
});

const legacy = createLegacyClient({
  baseUrl: 'https://legacy.invalid',
  developerToken: '<DEVELOPER_TOKEN>',
  accessCode: '<ACCESS_CODE>',
  credentials: { Login: '<LOGIN>', Senha: '<PASSWORD>' },
});

export async function readmeClaims(): Promise<void> {
  // A wrong operation name does not compile.
  // @ts-expect-error Disponibilidad is not an operation the description lists
  await v2.Disponibilidad({ Origem: 'GRU' });

  // On a body the description publishes field by field (the seat operations, Part 4.4):
  // @ts-expect-error an unknown field (Localisador for Localizador) does not compile
  await v2.ObterMapaDeAssentos({ Localisador: 'ABC123' });
  // @ts-expect-error a wrong type (a number for the Localizador string) does not compile
  await v2.ObterMapaDeAssentos({ Localizador: 123 });
  await v2.ObterMapaDeAssentos({ Localizador: 'ABC123' });
  // The same on the legacy route, whose contract also admits an open body without Login
  // (the session rule): the typed call keeps the published body.
  // @ts-expect-error an unknown field does not compile on legacy MarcarAssentos either
  await legacy.MarcarAssentos({ Localizador: 'ABC123', Assentos: [], Assento: 'x' });
  await legacy.MarcarAssentos({ Localizador: 'ABC123', Assentos: [] });

  // On a body the provider leaves open (most V2 operations), a further field is allowed,
  // so a misspelt one compiles: the README says so rather than promise more.
  await v2.Disponibilidade({ Origen: 'GRU', Destino: 'GIG', DataIda: '2026-05-20T00:00:00', QuantidadeAdultos: 1 });
  // ...while a field the description does publish keeps its type even there.
  // @ts-expect-error QuantidadeAdultos is an integer (Part 2.4)
  await v2.Disponibilidade({ Origem: 'GRU', QuantidadeAdultos: 'one' });
}

// Compile-time checks of the generated V2 Portuguese types through openapi-fetch.
// Each @ts-expect-error must meet an error, so a type that lets a wrong call through
// makes `tsc` fail ("Unused '@ts-expect-error' directive").
import createClient from 'openapi-fetch';
import type { components, paths } from '../../generated/v2-pt/schema.js';

const client = createClient<paths>({ baseUrl: 'https://sandbox.invalid' });
const seat: components['schemas']['Assento'] = { PaxID: '1', TrechoID: '1', AssentoLinha: '10', AssentoColuna: 'A' };

export async function typedCalls(): Promise<void> {
  await client.POST('/api/V2/Voos/MarcarAssentos', {
    body: { Login: 'agencia', Senha: 'x', ClienteId: 1, Localizador: 'ABC123', Assentos: [seat] },
  });
  await client.POST('/api/V2/Voos/Reservar', { body: { Login: 'agencia', Senha: 'x', Passageiros: [] } });

  await client.POST('/api/V2/Voos/MarcarAssentos', {
    // @ts-expect-error a misspelled field name on a published body does not compile
    body: { Login: 'agencia', Senha: 'x', Localizador: 'ABC123', Assentoss: [seat] },
  });
  await client.POST('/api/V2/Voos/RemoverAssentos', {
    // @ts-expect-error ClienteId is an integer
    body: { Login: 'agencia', Senha: 'x', ClienteId: '1', Localizador: 'ABC123', PaxID: '1', TrechoID: '1' },
  });
  // @ts-expect-error credentials are required on every V2 body
  await client.POST('/api/V2/Voos/Reservar', { body: { Login: 'agencia' } });
  // @ts-expect-error an operation that the description does not list does not exist
  await client.POST('/api/V2/Voos/Autenticar', { body: { Login: 'agencia', Senha: 'x' } });
  // @ts-expect-error every operation is POST
  await client.GET('/api/V2/Voos/Consultar', {});
}

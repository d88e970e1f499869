// Type level: types generated from the observed bundle (openapi-typescript, as the
// pipeline runs it) give a typed read of a flight, `ViagensTrecho1[0].Voos[0]`, and
// typed request parts; the same read does not compile on the published types, whose
// answers are open objects. Each @ts-expect-error must meet an error, so tsc fails if
// the observed types stop typing or the published ones start to.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { generateTypes, loadTypesConfig } from '../../scripts/pipeline/types.ts';
import { typecheck } from '../support/typecheck.ts';
import { buildObserved, rootDir, tempDir } from './support.ts';

const tmp = tempDir();
afterAll(tmp.cleanup);

const CHECKS = `
import type { paths as Observed } from './observed-schema.d.ts';
import type { paths as Published } from ${JSON.stringify(path.join(rootDir, 'generated/v2-pt/schema.d.ts'))};

type Answer<P, Op extends string> = P extends Record<\`/api/V2/Voos/\${Op}\`, { post: { responses: { 200: { content: { 'application/json': infer A } } } } }> ? A : never;
type Request<P, Op extends string> = P extends Record<\`/api/V2/Voos/\${Op}\`, { post: { requestBody: { content: { 'application/json': infer B } } } }> ? B : never;

declare const observed: Answer<Observed, 'Disponibilidade'>;
declare const published: Answer<Published, 'Disponibilidade'>;

// Seen in one source only, a flight's fields are typed but may be absent or null.
export const airline: string | null | undefined = observed.ViagensTrecho1?.[0]?.Voos?.[0]?.CiaMandatoria?.CodigoIata;
export const departure: string | null | undefined = observed.ViagensTrecho1?.[0]?.Voos?.[0]?.DataSaida;
export const error: string | null | undefined = observed.Exception?.Message;
export const serverTime: string | null | undefined = observed.Data;
// @ts-expect-error a flight field is typed: the airline code is a string, not a number
export const wrong: number | null | undefined = observed.ViagensTrecho1?.[0]?.Voos?.[0]?.CiaMandatoria?.CodigoIata;
// @ts-expect-error the published answer is an open object: no typed flight in it
export const none: unknown = published.ViagensTrecho1?.[0]?.Voos[0];

export const booking: Request<Observed, 'Reservar'> = {
  Login: 'agencia',
  Senha: 's3gredo',
  Passageiros: [{ Nome: 'FULANO', Sobrenome: 'SILVA', Nascimento: '1990-01-01' }],
};
// @ts-expect-error a passenger's name is a string
export const badBooking: Request<Observed, 'Reservar'> = { Login: 'agencia', Senha: 's3gredo', Passageiros: [{ Nome: 1 }] };
// @ts-expect-error the published credentials stay required in the observed request
export const noPassword: Request<Observed, 'Reservar'> = { Login: 'agencia' };
`;

test('a typed read of ViagensTrecho1[0].Voos[0] compiles on the observed types and not on the published ones', async () => {
  const { file } = await buildObserved(tmp.dir);
  const config = await loadTypesConfig();
  writeFileSync(path.join(tmp.dir, 'observed-schema.d.ts'), await generateTypes(config, file));
  writeFileSync(path.join(tmp.dir, 'checks.ts'), CHECKS);
  writeFileSync(path.join(tmp.dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(
    path.join(tmp.dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(rootDir, 'tsconfig.json'),
      compilerOptions: { noEmit: true, skipLibCheck: false, types: [] },
      include: ['checks.ts', 'observed-schema.d.ts'],
    }),
  );
  const result = typecheck(path.join(tmp.dir, 'tsconfig.json'), tmp.dir);
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
}, 120_000);

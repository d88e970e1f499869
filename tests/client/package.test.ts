// What an integrator installs: `npm run build:client` emits dist/, every package export
// resolves to built .js and .d.ts, the built code runs in plain Node (no TypeScript),
// and a consumer type-checks against the declarations (a wrong call must fail there,
// which it cannot if a declaration fails to resolve).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendJson, startServer, type TestServer } from './server.ts';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  exports: Record<string, string | { types: string; default: string }>;
};
const CONSUMER_DIR = '.cache/client-consumer';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((request, response) => sendJson(response, { recebido: request.json }));
  await run('npm', ['run', '--silent', 'build:client']);
}, 120_000);
afterAll(() => server.close());

describe('package', () => {
  test('every export points at built .js and .d.ts files', () => {
    // Data files (the pattern exports ./openapi/*, ./contract-index.json) are not modules: tests/package/pack.test.ts checks them.
    const entries = Object.entries(pkg.exports).filter(([subpath]) => !subpath.endsWith('.json') && !subpath.includes('*'));
    expect(entries.map(([subpath]) => subpath)).toEqual(
      expect.arrayContaining(['.', './v2', './v2-en', './v3', './v1', './legacy', './legacy/observed', './access-code']),
    );
    for (const [, target] of entries) {
      if (typeof target === 'string') throw new Error('each export needs types and default');
      expect(existsSync(target.types)).toBe(true);
      expect(existsSync(target.default)).toBe(true);
    }
  });

  test('the built V2 client runs in plain Node and makes a real call', async () => {
    const script = `
      const { createV2Client, TimeoutError } = await import('${pkg.name}/v2');
      const { createAccessCode } = await import('${pkg.name}/access-code');
      const factories = [
        (await import('${pkg.name}/v2-en')).createV2EnClient,
        (await import('${pkg.name}/v3')).createV3Client,
        (await import('${pkg.name}/v1')).createV1Client,
        (await import('${pkg.name}/legacy')).createLegacyClient,
      ].map((f) => typeof f);
      const client = createV2Client({ baseUrl: process.env.URL, developerToken: 'd3v', accessCode: 'QUJD', credentials: { Login: 'a', Senha: 'b' } });
      const answer = await client.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'L' });
      const byName = await client.ObterMapaDeAssentos({ Localizador: 'L' });
      console.log(JSON.stringify({ answer, byName, timeout: typeof TimeoutError, builder: typeof createAccessCode, factories }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, URL: server.url } });
    const recebido = { recebido: { Login: 'a', Senha: 'b', Localizador: 'L' } };
    expect(JSON.parse(stdout)).toEqual({
      answer: recebido,
      byName: recebido,
      timeout: 'function',
      builder: 'function',
      factories: ['function', 'function', 'function', 'function'],
    });
    expect(server.requests.at(-1)?.headers['developer-access-code']).toBe('QUJD');
  });

  test('a consumer type-checks against the built declarations, wrong calls included, and so does every example of docs/client.md and docs/observed.md', async () => {
    mkdirSync(CONSUMER_DIR, { recursive: true });
    const guide = readFileSync('docs/client.md', 'utf8');
    const section = guide.slice(guide.indexOf('## Using the client')) + readFileSync('docs/observed.md', 'utf8');
    const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const [i, code] of examples.entries()) writeFileSync(`${CONSUMER_DIR}/readme-${i}.ts`, `${code}\nexport {};\n`);
    writeFileSync(
      `${CONSUMER_DIR}/consumer.ts`,
      [
        `import { createV2Client } from '${pkg.name}/v2';`,
        `import { parseIsoDateTime } from '${pkg.name}';`,
        `import { createLegacyClient, migrateLegacyCall } from '${pkg.name}/legacy';`,
        `import { createV1Client } from '${pkg.name}/v1';`,
        `const client = createV2Client({ baseUrl: 'https://sandbox.example', developerToken: 't', accessCode: 'a', credentials: { Login: 'l', Senha: 's' } });`,
        `export const ok = client.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizador: 'A' });`,
        `export const when: Date = parseIsoDateTime('2026-05-20T10:00:00');`,
        `export const v1 = createV1Client({ baseUrl: 'https://sandbox.example', developerToken: 't', accessCode: 'a' });`,
        `export const token: Promise<string> = createLegacyClient({ baseUrl: 'https://legacy.example', developerToken: 't', accessCode: 'a', credentials: { Login: 'l', Senha: 's' } }).call('/AereoNoSession.svc/Autenticar', {});`,
        `export const moved = client.call(migrateLegacyCall({ path: '/AereoNoSession.svc/ObterMapaDeAssentos', body: { Localizador: 'A' } }).path, { Localizador: 'A' });`,
        `// @ts-expect-error unknown field`,
        `export const bad = client.call('/api/V2/Voos/ObterMapaDeAssentos', { Localizadr: 'A' });`,
        `export const byName = client.Disponibilidade({ Origem: 'GRU', Destino: 'GIG', QuantidadeAdultos: 1 });`,
        `export const legacyByService = createLegacyClient({ baseUrl: 'https://legacy.example', developerToken: 't', accessCode: 'a', credentials: { Login: 'l', Senha: 's' } }).Aereo.Autenticar({});`,
        `// @ts-expect-error a wrong operation name`,
        `export const badName = client.Disponibilidad({});`,
      ].join('\n'),
    );
    writeFileSync(
      `${CONSUMER_DIR}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['consumer.ts', ...examples.map((_code, i) => `readme-${i}.ts`)],
      }),
    );
    const result = await run(process.execPath, [
      'node_modules/typescript/bin/tsc',
      '--pretty',
      'false',
      '-p',
      `${CONSUMER_DIR}/tsconfig.json`,
    ]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });
});

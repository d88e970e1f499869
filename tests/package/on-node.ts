// The packed package on one Node: the strict consumer (compiled to out/consumer.js) against the
// mock, and the installed commands (mock, flows, proxy). consumer.test.ts runs them on the floor
// `engines` promises and on the toolchain's Node, in `npm test`; consumer-nodes.test.ts on the
// majors between and after, in `npm run test:package` (CI runs it after `npm test`).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { NODE_CONSUMER, PACKAGE } from './consumer-sources.ts';
import { startServerProcess } from '../support/mock-process.ts';
import { installNode, mustRun, rootDir, run } from '../support/package.ts';

/** Node majors the package promises (engines >= 20); 24 is the toolchain's own. */
export const NODE_VERSIONS = ['20.20.2', '22.23.3', '24.21.0', '26.10.0'] as const;
export type NodeVersion = (typeof NODE_VERSIONS)[number];
/** What `npm test` runs the package on: the oldest Node it promises and the toolchain's. */
export const FLOOR_AND_TOOLCHAIN: readonly NodeVersion[] = ['20.20.2', '24.21.0'];

export const TSC = path.join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
export const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  target: 'ES2022',
};

/** Node binaries of `versions`: this process's own for the toolchain's, else the registry's `node` package. */
export async function nodeBinaries(versions: readonly NodeVersion[]): Promise<Map<NodeVersion, string>> {
  const binaries = await Promise.all(
    versions.map((v) => (v.startsWith('24.') && process.version === `v${v}` ? Promise.resolve(process.execPath) : installNode(v))),
  );
  return new Map(versions.map((v, i) => [v, binaries[i] as string]));
}

/** Writes the Node consumer and its strict nodenext tsconfig into `project` (compiled to out/ by `tsc -p tsconfig.nodenext.json`). */
export async function writeNodeConsumer(project: string): Promise<void> {
  await writeFile(path.join(project, 'consumer.ts'), NODE_CONSUMER);
  await writeFile(
    path.join(project, 'tsconfig.nodenext.json'),
    JSON.stringify({
      compilerOptions: {
        ...STRICT,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['ES2023'],
        types: ['node'],
        typeRoots: [path.join(rootDir, 'node_modules', '@types')],
        outDir: 'out',
      },
      files: ['consumer.ts'],
    }),
  );
}

export interface OnNode {
  /** The folder holding out/consumer.js, inside the packed install. */
  project: string;
  /** The packed install's project (its node_modules hold the package). */
  installed: string;
  nodes: Map<NodeVersion, string>;
  mockUrl: string;
}

const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '00000000-0000-0000-0000-000000000000',
  'developer-access-code': 'QUJD',
};

/** A RemoverAssentos body outside the contract at `PaxID`: what the mock refuses and the proxy reports. */
const WRONG_REMOVAL = { Login: 'l', Senha: 's', Localizador: 'ABC123', PaxID: 1, TrechoID: 'T1' };

async function post(url: string, body: unknown): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** The consumer's run and the installed commands' tests on each of `versions`; `context` is read when a test runs. */
export function testsOnNodes(versions: readonly NodeVersion[], context: () => OnNode): void {
  const node = (version: NodeVersion) => context().nodes.get(version) as string;
  const cli = () => path.join(context().installed, 'node_modules', PACKAGE, 'dist', 'cli', 'main.js');
  const command = (version: NodeVersion, args: string[]) => startServerProcess(node(version), [cli(), ...args], { cwd: context().project });

  test.each(versions)(
    'runs against the mock on Node %s',
    async (version) => {
      const { stdout } = await mustRun(node(version), [path.join('out', 'consumer.js')], {
        cwd: context().project,
        env: { ...process.env, MOCK_URL: context().mockUrl },
      });
      const seen = JSON.parse(stdout) as Record<string, unknown>;
      expect(seen).toEqual({
        node: `v${version}`,
        voos: {},
        refused: { name: 'HttpStatusError', status: 422 },
        legacyError: 'SessionExpiredError',
        bundles: {
          'v2-pt.json': expect.stringMatching(/^3\.1\./),
          'v2-pt.yaml': expect.stringMatching(/^openapi: 3\.1\./),
          'legacy.json': expect.stringMatching(/^3\.1\./),
        },
        ownMock: { routes: ['POST /api/V3/Voos/Disponibilidade'], status: 200, unknownFamily: 'UNKNOWN_NAME' },
        date: '2026-05-20T10:00:00.000Z',
      });
      console.log(`Node ${seen.node}: ${stdout.trim()}`);
    },
    60_000,
  );

  test.each(versions)(
    'Node %s: `mock` answers 200 for a valid call and a problem naming the field for a wrong one',
    async (version) => {
      const mock = await command(version, ['mock', '--port', '0']);
      try {
        const valid = await post(`${mock.url}/api/V2/Voos/Disponibilidade`, {
          Login: 'l',
          Senha: 's',
          Origem: 'GRU',
          DataIda: '2026-05-20',
        });
        expect(valid).toMatchObject({ status: 200, body: {} });
        const wrong = await post(`${mock.url}/api/V2/Voos/RemoverAssentos`, WRONG_REMOVAL);
        expect(wrong.status).toBe(422);
        expect(wrong.headers.get('content-type')).toBe('application/problem+json');
        expect(wrong.body.detail).toMatch(/PaxID/);
      } finally {
        await mock.stop();
      }
    },
    60_000,
  );

  test.each(versions)(
    'Node %s: `flows` against `mock --flows` passes every scenario and exits 0',
    async (version) => {
      const mock = await command(version, ['mock', '--port', '0', '--flows']);
      try {
        const out = path.join(context().project, `flows-${version}`);
        const result = await run(node(version), [cli(), 'flows', '--base-url', mock.url, '--out', out], { cwd: context().project });
        expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
        expect(result.stdout).toMatch(/(\d+) of \1 scenarios passed/);
        expect(await readFile(path.join(out, 'report.md'), 'utf8')).toMatch(/PASS|pass/);
      } finally {
        await mock.stop();
      }
    },
    120_000,
  );

  test.each(versions)(
    'Node %s: `proxy` in front of the mock reports a request outside the contract',
    async (version) => {
      const mock = await command(version, ['mock', '--port', '0']);
      const proxy = await command(version, ['proxy', mock.url, '--port', '0']).catch(async (error: unknown) => {
        await mock.stop();
        throw error;
      });
      try {
        const wrong = await post(`${proxy.url}/api/V2/Voos/RemoverAssentos`, WRONG_REMOVAL);
        expect(wrong.status).toBe(422);
        expect(JSON.parse(wrong.headers.get('sl-violations') ?? '[]')).toEqual([
          expect.objectContaining({ location: ['request', 'body', 'PaxID'] }),
        ]);
        await expect.poll(() => proxy.output()).toMatch(/✗ POST \/api\/V2\/Voos\/RemoverAssentos request: body\.PaxID/);
        expect((await post(`${proxy.url}/api/V2/Voos/Disponibilidade`, { Login: 'l', Senha: 's' })).status).toBe(200);
        await expect.poll(() => proxy.output()).toMatch(/✓ POST \/api\/V2\/Voos\/Disponibilidade → 200/);
      } finally {
        await Promise.all([proxy.stop(), mock.stop()]);
      }
    },
    60_000,
  );
}

// Issue 61, item 3: a missing-peer message gives the command of the package manager that ran
// the process (its npm_config_user_agent, as each manager sets it for scripts and bins), since
// `npm install` fails in a pnpm project and leaves a Yarn project's lockfile stale. The
// messages themselves, in projects of each manager, are checked by the matrix
// (tests/ecosystem/matrix.ecosystem.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { addCommand, managerMajorOf, packageManagerOf } from '../../src/lib/install-command.ts';
import { rootDir } from '../support/bundle.ts';

test.each([
  ['npm/11.6.2 node/v24.21.0 linux x64 workspaces/false', 'npm'],
  ['pnpm/10.34.8 npm/? node/v24.21.0 linux x64', 'pnpm'],
  ['yarn/4.18.1 npm/? node/v24.21.0 linux x64', 'yarn'],
  ['bun/1.4.5 npm/? node/v24.3.0 linux x64', 'bun'],
  ['deno/2.9.6 npm/? deno/2.9.6 linux x86_64', 'npm'],
  [undefined, 'npm'],
] as const)('user agent %s is %s', (agent, manager) => {
  expect(packageManagerOf(agent)).toBe(manager);
});

test('each manager adds a package its own way, as a dev dependency when asked', () => {
  const prism = ['@stoplight/prism-http-server@5.16.0', '@stoplight/prism-http@5.16.0'];
  expect(addCommand(prism, { dev: true, manager: 'npm' })).toBe(`npm install --save-dev ${prism.join(' ')}`);
  expect(addCommand(prism, { dev: true, manager: 'pnpm' })).toBe(`pnpm add -D ${prism.join(' ')}`);
  expect(addCommand(prism, { dev: true, manager: 'yarn' })).toBe(`yarn add -D ${prism.join(' ')}`);
  expect(addCommand(prism, { dev: true, manager: 'bun' })).toBe(`bun add -d ${prism.join(' ')}`);
  expect(addCommand(['msw'], { manager: 'pnpm' })).toBe('pnpm add msw');
});

test("pnpm 12, which refuses a package whose install script it ignores, is told that msw's stays off", () => {
  expect(managerMajorOf('pnpm/12.23.0 npm/? node/v24.21.0 linux x64')).toBe(12);
  expect(managerMajorOf(undefined)).toBeUndefined();
  expect(addCommand(['msw@2'], { dev: true, manager: 'pnpm', major: 12, scriptsOff: ['msw'] })).toBe(
    "pnpm add -D msw@2 --allow-build='!msw'",
  );
  expect(addCommand(['msw@2'], { dev: true, manager: 'pnpm', major: 10, scriptsOff: ['msw'] })).toBe('pnpm add -D msw@2');
  expect(addCommand(['msw@2'], { dev: true, manager: 'npm', major: 12, scriptsOff: ['msw'] })).toBe('npm install --save-dev msw@2');
});

test("the mock's help, run by pnpm, gives pnpm's command for Prism's three packages", async () => {
  const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--help'], {
    cwd: rootDir,
    env: { ...process.env, npm_config_user_agent: 'pnpm/10.34.8 npm/? node/v24.21.0 linux x64' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  expect(out).toContain('pnpm add -D @stoplight/prism-http-server@5.16.0 @stoplight/prism-http@5.16.0 @stoplight/prism-core@5.16.0');
  expect(out).not.toContain('npm install');
});

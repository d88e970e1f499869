// `npm run mock`: prints its address and every route, honours MOCK_PORT, stops on Ctrl-C.
import { spawn } from 'node:child_process';
import { freePort } from '../support/ports.ts';
import path from 'node:path';
import { expect, test } from 'vitest';
import { readFamilies } from '../../scripts/lib/families.ts';
import { loadBundle, operations, rootDir } from '../support/bundle.ts';

test('MOCK_PORT sets the port; routes are printed; SIGINT stops it cleanly', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock'], {
    cwd: rootDir,
    env: { ...process.env, MOCK_PORT: String(port) },
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await expect.poll(() => out, { timeout: 60_000 }).toMatch(/Ctrl-C/);
  expect(out).toContain(`listening on http://127.0.0.1:${port}`);

  const expected = (await readFamilies(rootDir)).flatMap((f) =>
    operations(loadBundle(f.id)).map((o) => `${o.method.toUpperCase()} ${o.path}`),
  );
  for (const route of expected) expect(out).toContain(`  ${route}\n`);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(out).toMatch(/Mock stopped/);
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
}, 90_000);

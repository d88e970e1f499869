// Issue 58, point 3: docs/contract-tests.md's MSW snippet (`// msw.mjs`) runs as written, with
// its placeholders filled by canary credentials and two more calls before it closes: one no
// handler answers (another host) and one under a family's prefix that no operation has. The
// documented onUnhandledRequest prints the first by method and URL only and fails it; the
// handlers answer the second with the mock's 404; nothing the process prints holds a
// credential, in any encoding (the canaries' decoding detector).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { rootDir } from '../support/bundle.ts';
import { hidden } from '../support/canaries.ts';
import { docSnippets } from '../support/doc-commands.ts';

const CANARY = {
  '<LOGIN>': 'LOGIN-canary-unhandled-31',
  '<PASSWORD>': 'SENHA-canary-unhandled-7Yq',
  '<DEVELOPER_TOKEN>': 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9',
  '<ACCESS_CODE>': 'QUNDRVNTLXVuaGFuZGxlZC00Mg==',
};

const STRAYS = `
for (const url of ['https://elsewhere.invalid/login?developer-token=<DEVELOPER_TOKEN>', 'https://sandbox.invalid/api/V2/Voos/NaoExiste?senha=<PASSWORD>']) {
  const stray = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'developer-token': '<DEVELOPER_TOKEN>', 'developer-access-code': '<ACCESS_CODE>' },
    body: JSON.stringify({ Login: '<LOGIN>', Senha: '<PASSWORD>' }),
  }).then((r) => r.status, (e) => String(e));
  console.log('stray', stray);
}
`;

test('the documented onUnhandledRequest prints method and URL only, and no credential of the call', async () => {
  const snippet = docSnippets(rootDir).find((s) => s.file === 'docs/contract-tests.md' && s.name === 'msw.mjs');
  expect(snippet, 'docs/contract-tests.md has its // msw.mjs block').toBeDefined();
  const closing = 'server.close();';
  expect(snippet!.text).toContain(closing);
  let text = snippet!.text.replace(closing, `${STRAYS}${closing}`);
  // The package's entry is this repository's source, as the installed package's is its build.
  text = text.replace("'air-travel-api-contract/msw'", JSON.stringify(pathToFileURL(path.join(rootDir, 'src/msw.ts')).href));
  for (const [placeholder, secret] of Object.entries(CANARY)) text = text.replaceAll(placeholder, secret);
  // Inside the repository, so `msw/node` resolves from its node_modules as from a project's.
  await mkdir(path.join(rootDir, '.cache'), { recursive: true });
  const dir = await mkdtemp(path.join(rootDir, '.cache', 'msw-unhandled-'));
  try {
    await writeFile(path.join(dir, 'msw.mjs'), text);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, 'msw.mjs')], { cwd: dir, timeout: 60_000 });
    const output = `${stdout}\n${stderr}`;
    expect(stdout).toMatch(/^200 \{\}$/m);
    expect(output).toContain('No handler for POST https://elsewhere.invalid/login');
    // The first fails (a 500 naming it), the second is the handlers' own 404.
    expect(stdout).toMatch(/^stray 500$/m);
    expect(stdout).toMatch(/^stray 404$/m);
    expect(hidden(output, Object.values(CANARY))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 90_000);

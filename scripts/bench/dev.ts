// The contributor's loop (`npm run dev`) measured as a contributor lives it: a file saved,
// then the running mock answering by the new contract, the served docs page changed, the
// dev session's rebuild done; beside a full cold build, round by round.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rotate, summarise, timeMs, type Figure } from '../lib/stats.ts';
import { makeWorkspace } from '../lib/workspace.ts';
import { node } from '../lib/cli-route.ts';
import { buildNodeFlags, ONE_FAMILY_EDIT } from './pipeline.ts';

/** The edit the mock must see: ClienteId made required, so a call without it is refused (422). */
const CONTRACT_EDIT = {
  file: 'spec/v3/schemas/DisponibilidadeV3RQ.yaml',
  find: 'required: [Login, Senha]',
  replace: 'required: [Login, Senha, ClienteId]',
  route: '/api/V3/Voos/Disponibilidade',
};
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const CALL = JSON.stringify({ Login: 'agencia', Senha: 'bench-s3gredo' });
const GIVE_UP_MS = 60_000;

export interface DevFigures {
  /** Saved → the mock answers by the new contract (the edit, and its revert: two samples a round). */
  editToMock: Figure;
  /** Saved → the served page shows the edit. */
  editToDocs: Figure;
  /** Saved → the dev session's rebuild of that family done (its bundle, types, page, mock answers). */
  warmOneFamily: Figure;
  /** `build --force` in its own process, as in the pipeline group. */
  full: Figure;
  /** Warm one family / full, round by round. */
  warmOverFull: Figure;
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`bench dev: ${what} did not happen within ${GIVE_UP_MS} ms`);
    await sleep(5);
  }
}

export async function benchDev(rootDir: string, runs: number): Promise<DevFigures> {
  const ws = await makeWorkspace(rootDir, { prefix: 'bench-dev-', also: ['generated'] });
  const cold = await makeWorkspace(rootDir, { prefix: 'bench-dev-full-' });
  const child = spawn(process.execPath, ['scripts/dev/main.ts', '--port', '0', '--docs-port', '0'], {
    cwd: ws.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    await until(() => /^watching /m.test(output) || child.exitCode !== null, 'the dev loop starting');
    if (child.exitCode !== null) throw new Error(`bench dev: npm run dev exited:\n${output}`);
    const mockUrl = /^mock {2}(\S+)/m.exec(output)?.[1] ?? '';
    const docsUrl = /^docs {2}(\S+?)\/?$/m.exec(output)?.[1] ?? '';
    const status = async () =>
      (
        await fetch(`${mockUrl}${CONTRACT_EDIT.route}`, { method: 'POST', headers: HEADERS, body: CALL }).then(async (r) => {
          await r.arrayBuffer();
          return r;
        })
      ).status;
    const builds = () => output.split('\n').filter((l) => l.startsWith('✓ ')).length;
    const contractFile = path.join(ws.dir, CONTRACT_EDIT.file);
    const contract = await readFile(contractFile, 'utf8');
    const pageFile = path.join(ws.dir, ONE_FAMILY_EDIT.file);
    const page = await readFile(pageFile, 'utf8');
    if (!contract.includes(CONTRACT_EDIT.find) || !page.includes(ONE_FAMILY_EDIT.find))
      throw new Error('bench dev: the edited files no longer hold the text the edits change');

    /** Saves `text` and times until the mock answers `expected`; then waits for the session's build to end. */
    const mockEdit = async (text: string, expected: number) => {
      const done = builds();
      const ms = await timeMs(async () => {
        await writeFile(contractFile, text);
        await until(async () => (await status()) === expected, `the mock answering ${expected}`);
      });
      await until(() => builds() > done, 'the rebuild finishing');
      return ms;
    };
    const toDocs: number[] = [];
    let edits = 0;
    const flags = await buildNodeFlags(cold.dir);
    const { figures, ratioOf } = await rotate(runs, [
      () => timeMs(() => node(cold.dir, [...flags, path.join(cold.dir, 'scripts/pipeline/main.ts'), '--force'])),
      async () => {
        const there = await mockEdit(contract.replace(CONTRACT_EDIT.find, CONTRACT_EDIT.replace), 422);
        const back = await mockEdit(contract, 200);
        return (there + back) / 2;
      },
      async () => {
        edits += 1;
        const marker = `(bench dev edit ${edits})`;
        const done = builds();
        const started = performance.now();
        await writeFile(pageFile, page.replace(ONE_FAMILY_EDIT.find, `${ONE_FAMILY_EDIT.find}${marker} `));
        await until(async () => (await (await fetch(`${docsUrl}/v3.html`)).text()).includes(marker), 'the page changing');
        toDocs.push(performance.now() - started);
        await until(() => builds() > done, 'the rebuild finishing');
        return performance.now() - started;
      },
    ]);
    const [full, editToMock, warmOneFamily] = figures as [Figure, Figure, Figure];
    return { full, editToMock, editToDocs: summarise(toDocs), warmOneFamily, warmOverFull: ratioOf(2, 0) };
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await Promise.all([ws.dispose(), cold.dispose()]);
  }
}

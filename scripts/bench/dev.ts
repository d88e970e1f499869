// The contributor's loop (`npm run dev`) measured as a contributor lives it: a file saved,
// then the running mock answering by the new contract, the served docs page changed, the
// dev session's rebuild done; beside a full cold build, round by round. The edits are made
// in the V2 Portuguese family, the one contributors touch most (its observed flavour and
// pages rebuilt after it), and in V3, the smallest, for comparison with earlier runs.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rotate, summarise, timeMs, type Figure } from '../lib/stats.ts';
import { makeWorkspace } from '../lib/workspace.ts';
import { node } from '../lib/cli-route.ts';
import { buildNodeFlags, ONE_FAMILY_EDIT } from './pipeline.ts';

interface ContractEdit {
  file: string;
  find: string;
  replace: string;
  route: string;
  /** A call valid before the edit and refused (422) after it. */
  call: string;
}

/**
 * V2 Portuguese: QuantidadeAdultos given a maximum of 1, so a call for two adults is refused
 * (422). The observed flavour's request examples (one adult) still fit it, so the build the
 * edit starts passes its example-pair check and ends, as an ordinary save's does.
 */
const V2_EDIT: ContractEdit = {
  file: 'spec/v2-pt/schemas/DisponibilidadeRQ.yaml',
  find: 'QuantidadeAdultos:\n    type: integer',
  replace: 'QuantidadeAdultos:\n    type: integer\n    maximum: 1',
  route: '/api/V2/Voos/Disponibilidade',
  call: JSON.stringify({ Login: 'agencia', Senha: 'bench-s3gredo', QuantidadeAdultos: 2 }),
};
/** V3: ClienteId made required, so a call without it is refused (422). */
const V3_EDIT: ContractEdit = {
  file: 'spec/v3/schemas/DisponibilidadeV3RQ.yaml',
  find: 'required: [Login, Senha]',
  replace: 'required: [Login, Senha, ClienteId]',
  route: '/api/V3/Voos/Disponibilidade',
  call: JSON.stringify({ Login: 'agencia', Senha: 'bench-s3gredo' }),
};
/** A summary in the V2 Portuguese family: its page (and the observed flavour's) must show it. */
const V2_PAGE_EDIT = { file: 'spec/v2-pt/paths/Disponibilidade.yaml', find: 'summary: ', page: 'v2-pt.html' };
const HEADERS = {
  'content-type': 'application/json',
  'developer-token': '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  'developer-access-code': 'QUNDRVNTLUNPREU=',
};
const GIVE_UP_MS = 60_000;

export interface DevFigures {
  /** V2 Portuguese: saved → the mock answers by the new contract (the edit and its revert, each a sample). */
  editToMock: Figure;
  /** V3: the same. */
  editToMockV3: Figure;
  /** V2 Portuguese: saved → the served page shows the edit. */
  editToDocs: Figure;
  /** V2 Portuguese: saved → the dev session's rebuild done (bundle, types, observed flavour, pages, mock answers). */
  warmV2: Figure;
  /** V3: saved → the dev session's rebuild of that family done (its bundle, types, page, mock answers). */
  warmOneFamily: Figure;
  /** `build --force` in its own process, as in the pipeline group. */
  full: Figure;
  /** Warm one family / full, round by round. */
  warmOverFull: Figure;
}

async function until(check: () => Promise<boolean> | boolean, what: string, giveUpMs = GIVE_UP_MS): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > giveUpMs) throw new Error(`bench dev: ${what} did not happen within ${giveUpMs} ms`);
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
    const builds = () => output.split('\n').filter((l) => l.startsWith('✓ ')).length;
    const texts = new Map<string, string>();
    for (const { file, find } of [V2_EDIT, V3_EDIT, V2_PAGE_EDIT, ONE_FAMILY_EDIT]) {
      const text = await readFile(path.join(ws.dir, file), 'utf8');
      if (!text.includes(find)) throw new Error(`bench dev: ${file} no longer holds the text the edit changes ("${find}")`);
      texts.set(file, text);
    }
    const original = (file: string) => texts.get(file) as string;

    /** Saves `text` and times until the mock answers `expected`; then waits for the session's build to end. */
    const mockEdit = async (edit: ContractEdit, text: string, expected: number) => {
      const status = async () => {
        const r = await fetch(`${mockUrl}${edit.route}`, { method: 'POST', headers: HEADERS, body: edit.call });
        await r.arrayBuffer();
        return r.status;
      };
      if ((await status()) === expected) throw new Error(`bench dev: the mock answers ${expected} before the edit of ${edit.file}`);
      const done = builds();
      const ms = await timeMs(async () => {
        await writeFile(path.join(ws.dir, edit.file), text);
        await until(async () => (await status()) === expected, `the mock answering ${expected}`);
      });
      await until(() => builds() > done, 'the rebuild finishing');
      return ms;
    };
    /** Both ways (the edit, then its revert), each a sample of `into`; the round's mean. */
    const mockEdits = async (edit: ContractEdit, into: number[]) => {
      const there = await mockEdit(edit, original(edit.file).replace(edit.find, edit.replace), 422);
      const back = await mockEdit(edit, original(edit.file), 200);
      into.push(there, back);
      return (there + back) / 2;
    };
    /** A summary changed; times until `page` shows it (into `toPage`, when given) and until the rebuild is done. */
    let edits = 0;
    const pageEdit = async (edit: { file: string; find: string }, page: string, toPage?: number[]) => {
      edits += 1;
      const marker = `(bench dev edit ${edits})`;
      const done = builds();
      const started = performance.now();
      await writeFile(path.join(ws.dir, edit.file), original(edit.file).replace(edit.find, `${edit.find}${marker} `));
      await until(async () => (await (await fetch(`${docsUrl}/${page}`)).text()).includes(marker), 'the page changing');
      toPage?.push(performance.now() - started);
      await until(() => builds() > done, 'the rebuild finishing');
      return performance.now() - started;
    };
    const v2ToMock: number[] = [];
    const v3ToMock: number[] = [];
    const toDocs: number[] = [];
    const flags = await buildNodeFlags(cold.dir);
    const { figures, ratioOf } = await rotate(runs, [
      () => timeMs(() => node(cold.dir, [...flags, path.join(cold.dir, 'scripts/pipeline/main.ts'), '--force'])),
      () => mockEdits(V2_EDIT, v2ToMock),
      () => mockEdits(V3_EDIT, v3ToMock),
      () => pageEdit(V2_PAGE_EDIT, V2_PAGE_EDIT.page, toDocs),
      () => pageEdit(ONE_FAMILY_EDIT, `${ONE_FAMILY_EDIT.family}.html`),
    ]);
    const [full, , , warmV2, warmOneFamily] = figures as [Figure, Figure, Figure, Figure, Figure];
    return {
      full,
      editToMock: summarise(v2ToMock),
      editToMockV3: summarise(v3ToMock),
      editToDocs: summarise(toDocs),
      warmV2,
      warmOneFamily,
      warmOverFull: ratioOf(4, 0),
    };
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await Promise.all([ws.dispose(), cold.dispose()]);
  }
}

/**
 * Saves in quick succession (V2 Portuguese, the edit and its revert in turn): each save comes
 * 0.5 s after the previous one, or as soon as the mock answered by it if that took longer,
 * so every save lands while the previous one is still building. Each sample: saved → the
 * mock answering by that save.
 */
export async function benchQuickSaves(rootDir: string, saves = 6, gapMs = 500): Promise<Figure> {
  const ws = await makeWorkspace(rootDir, { prefix: 'bench-saves-', also: ['generated'] });
  const child = spawn(process.execPath, ['scripts/dev/main.ts', '--port', '0', '--docs-port', '0'], {
    cwd: ws.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    // The copy has no build cache: its first build is a cold one, not what is measured here.
    await until(() => /^watching /m.test(output) || child.exitCode !== null, 'the dev loop starting', 600_000);
    if (child.exitCode !== null) throw new Error(`bench dev: npm run dev exited:\n${output}`);
    const mockUrl = /^mock {2}(\S+)/m.exec(output)?.[1] ?? '';
    const file = path.join(ws.dir, V2_EDIT.file);
    const original = await readFile(file, 'utf8');
    if (!original.includes(V2_EDIT.find)) throw new Error(`bench dev: ${V2_EDIT.file} no longer holds "${V2_EDIT.find}"`);
    // A connection the mock closes while it swaps is a call to make again, not an answer.
    const status = async () => {
      try {
        const r = await fetch(`${mockUrl}${V2_EDIT.route}`, { method: 'POST', headers: HEADERS, body: V2_EDIT.call });
        await r.arrayBuffer();
        return r.status;
      } catch {
        return 0;
      }
    };
    const samples: number[] = [];
    for (let i = 0; i < saves; i++) {
      const edited = i % 2 === 0;
      const saved = performance.now();
      await writeFile(file, edited ? original.replace(V2_EDIT.find, V2_EDIT.replace) : original);
      await until(async () => (await status()) === (edited ? 422 : 200), `the mock answering by save ${i + 1}`);
      samples.push(performance.now() - saved);
      const next = saved + gapMs - performance.now();
      if (next > 0) await sleep(next);
    }
    console.log(`quick saves → mock, ms: ${samples.map(Math.round).join(', ')}`);
    return summarise(samples);
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await ws.dispose();
  }
}

// Issue 59, point 5: a source whose answer to one request could not be read (an import keeps
// the request and leaves the answer out) still builds: the overlay gives that request no
// example (it would pair with no answer, and the mock refuses such a pair) and names it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildOverlay } from '../../scripts/observed/overlay.ts';
import { rootDir } from '../support/bundle.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'unpaired-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The example names of an operation's request and answer in an overlay's actions. */
function examples(overlay: ReturnType<typeof buildOverlay>, op: string): { requests: string[]; answers: string[] } {
  type Update = { examples?: object; content?: Record<string, { examples?: object }> };
  const of = (a: { update?: unknown } | undefined) => {
    const u = (a?.update ?? {}) as Update;
    return Object.keys(u.examples ?? u.content?.['application/json']?.examples ?? {});
  };
  const mine = overlay.actions.filter((a) => a.target.includes(`/${op}`));
  return {
    requests: of(mine.find((a) => a.target.includes('requestBody'))),
    answers: of(mine.find((a) => a.target.includes('responses') && a.update)),
  };
}

test('a request whose answer is missing gets no example and is named in x-unpaired-requests', () => {
  const evidence = path.join(copy, 'evidence');
  cpSync(path.join(rootDir, 'evidence'), evidence, { recursive: true });
  // noro-guru's Emitir answer, as an import that could not parse it leaves it: the request kept, the answer gone.
  const file = path.join(evidence, 'noro-guru', 'source.json');
  const source = JSON.parse(readFileSync(file, 'utf8')) as { bodies: Array<{ operation: string; body: string }> };
  source.bodies = source.bodies.filter((b) => !(b.operation === 'Emitir' && b.body === 'response'));
  writeFileSync(file, JSON.stringify(source));
  const overlay = buildOverlay({ evidenceDir: evidence, specDir: path.join(rootDir, 'spec'), family: 'v2-pt' });
  expect(overlay['x-unpaired-requests']).toEqual(['Emitir: noro-guru']);
  const { requests, answers } = examples(overlay, 'Emitir');
  expect(answers.length).toBeGreaterThan(0);
  expect(requests).not.toContain('noro-guru');
  for (const name of requests) expect(answers).toContain(name);
  // The committed evidence has a pair for every request: nothing is named there.
  expect(
    buildOverlay({ evidenceDir: path.join(rootDir, 'evidence'), specDir: path.join(rootDir, 'spec'), family: 'v2-pt' })[
      'x-unpaired-requests'
    ],
  ).toBeUndefined();
}, 60_000);

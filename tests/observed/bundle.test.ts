// The published contract does not change: its bundle carries no x-observed, and in the
// observed bundle every published part is untouched except the request and 200 answer
// of the observed operations and the behaviours stated about them. The applier is
// deterministic and refuses an overlay that would edit a published component or that no
// longer fits the bundle.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { observedOperations as observedOperationsOf } from '../../scripts/observed/observed-operations.ts';
import { loadSources } from '../../scripts/observed/sources.ts';
import { loadBundle } from '../support/bundle.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import {
  PREFIX,
  buildObserved,
  evidenceRoot,
  inventory,
  keysOf,
  loadEvidenceExample,
  mediaType,
  observedOperations,
  operationOf,
  overlayPath,
  publishedBundlePath,
  readYaml,
  rootDir,
  tempDir,
} from './support.ts';

const tmp = tempDir();
let observed: { file: string; text: string; doc: JsonObject };
const published = loadBundle('v2-pt');
beforeAll(async () => {
  observed = await buildObserved(tmp.dir);
});
afterAll(tmp.cleanup);

function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.yaml') && !e.name.endsWith('.overlay.yaml'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the published contract', () => {
  test('the published bundle has no x-observed anywhere', () => {
    expect(readFileSync(publishedBundlePath, 'utf8')).not.toContain('x-observed');
    expect([...keysOf(published)].filter(([key]) => key === 'x-observed')).toEqual([]);
  });

  test('no hand-written spec file carries x-observed (only the overlay does)', () => {
    const files = specFiles(path.join(rootDir, 'spec'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('x-observed'))).toEqual([]);
    expect(readFileSync(overlayPath, 'utf8')).toContain('x-observed');
  });

  test('every published component is unchanged in the observed bundle', () => {
    const mine = observed.doc.components as JsonObject;
    for (const [section, entries] of Object.entries(published.components as JsonObject)) {
      for (const [name, value] of Object.entries(entries as JsonObject)) {
        expect((mine[section] as JsonObject)[name], `${section}/${name}`).toEqual(value);
      }
    }
  });

  test('operations not observed are unchanged, and observed ones differ only in the request body and the 200 answer', () => {
    const observedPaths = new Set(observedOperations.map((op) => `${PREFIX}/${op}`));
    for (const [p, item] of Object.entries(published.paths as JsonObject)) {
      const mine = (observed.doc.paths as JsonObject)[p] as JsonObject;
      if (!observedPaths.has(p)) {
        expect(mine, p).toEqual(item);
        continue;
      }
      const before = structuredClone((item as JsonObject).post) as JsonObject;
      const after = structuredClone(mine.post) as JsonObject;
      for (const op of [before, after]) {
        delete (op.requestBody as JsonObject).content;
        delete (op.responses as JsonObject)['200'];
        // The behaviours integrations stated about it (behaviours.test.ts checks them).
        delete op['x-observed-behaviours'];
      }
      expect(after, p).toEqual(before);
    }
  });

  test('the observed bundle is labelled as the observed flavour', () => {
    const info = observed.doc.info as JsonObject;
    expect(info.title).toBe(`${(published.info as JsonObject).title} (observed flavour)`);
    expect(String(info.description)).toContain("This is **not** the provider's published contract");
  });
});

describe('buildObservedBundle', () => {
  test('is deterministic: a second build writes the same bytes', async () => {
    const again = await buildObserved(path.join(tmp.dir, 'again'));
    expect(again.text === observed.text).toBe(true);
  });

  test('keeps the sanitized example bodies exactly as the evidence has them: the captured pair first, then one per other source', () => {
    const sources = loadSources(evidenceRoot).filter((s) => s.shapesTypes);
    for (const op of observedOperations) {
      for (const body of ['request', 'response'] as const) {
        const examples = Object.values(mediaType(operationOf(observed.doc, op), body).examples as JsonObject);
        const others = sources.slice(1).filter((s) => s.bodies.some((b) => b.operation === op && b.body === body));
        expect(examples, `${op} ${body}`).toHaveLength(1 + others.length);
        expect((examples[0] as JsonObject).value, `${op} ${body}`).toEqual(loadEvidenceExample(op, body));
        others.forEach((s, i) => {
          const first = s.bodies.find((b) => b.operation === op && b.body === body);
          expect((examples[i + 1] as JsonObject).value, `${op} ${body} ${s.info.id}`).toEqual(first?.value);
        });
      }
    }
  });

  /** Applies a small overlay made of `actions`; returns the applier's error message. */
  async function refused(actions: Json[], version = '1.0.0'): Promise<string> {
    const file = path.join(tmp.dir, 'small.overlay.yaml');
    writeFileSync(file, stringify({ overlay: version, info: { title: 'test', version: '1' }, actions }));
    try {
      await buildObserved(path.join(tmp.dir, 'refused'), file);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the overlay was applied');
  }
  const addSchema = (name: string, schema: Json): Json => ({
    target: '$.components.schemas',
    description: 'add',
    update: { [name]: schema },
  });

  test('a small overlay that only adds is applied (the refusals below are about their one fault)', async () => {
    await expect(refused([addSchema('Novo', { type: 'object' })])).rejects.toThrow('the overlay was applied');
  });

  test('refuses an overlay that would change a published component', async () => {
    expect(await refused([addSchema('Pagamento', { type: 'object' })])).toMatch(/components\/schemas\/Pagamento is published/);
  });

  test('refuses an overlay that edits inside a published component', async () => {
    const message = await refused([{ target: '$.components.schemas.Senha', description: 'x', update: { minLength: 1 } }]);
    expect(message).toMatch(/may add components, not edit inside one/);
  });

  test('refuses an overlay whose target matches nothing (the published bundle changed under it)', async () => {
    const message = await refused([{ target: `$.paths['${PREFIX}/EmitirRenomeado'].post`, description: 'x', update: { summary: 'x' } }]);
    expect(message).toMatch(/matched nothing.*EmitirRenomeado/);
  });

  test('refuses an overlay that is not Overlay 1.0', async () => {
    expect(await refused([addSchema('Novo', {})], '2.0.0')).toMatch(/not an Overlay 1\.0 document/);
  });

  test('refuses a result with a dangling reference', async () => {
    const message = await refused([addSchema('Novo', { $ref: '#/components/schemas/Inexistente' })]);
    expect(message).toMatch(/unresolved references: #\/components\/schemas\/Inexistente/);
  });

  test('the overlay names the published bundle it extends', () => {
    const overlay = readYaml(overlayPath);
    expect(path.resolve(path.dirname(overlayPath), String(overlay.extends))).toBe(publishedBundlePath);
    expect(isObject(overlay.info)).toBe(true);
  });
});

describe('observedOperations (for the coverage report)', () => {
  test('finds exactly the observed operations in the observed bundle, with request and answer records', () => {
    const found = observedOperationsOf(observed.doc);
    expect(found.map((o) => o.operationId).sort()).toEqual([...observedOperations].sort());
    for (const o of found) {
      expect(o.path).toBe(`${PREFIX}/${o.operationId}`);
      const own = (r: typeof o.request) => r?.sources.find((s) => s.source === 'facilita-corp')?.of;
      expect(own(o.request), o.operationId).toBe(inventory.operations[o.operationId]?.request.captures);
      expect(own(o.response), o.operationId).toBe(inventory.operations[o.operationId]?.response.captures);
    }
  });

  test('finds none in the published bundle', () => {
    expect(observedOperationsOf(published)).toEqual([]);
  });
});

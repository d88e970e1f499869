// Leave one source out: for every source with real bodies and both observed flavours
// (V2 Portuguese, legacy), build the flavour from all the other sources, apply it to the
// published bundle, and validate the left-out source's bodies against the schema the
// fold gives their operation (the observed one, or the published one where the fold saw
// nothing of it). The way the flavour is used: on bodies it was not built from. Sources
// that carry no body (code-derived) must not change a single schema.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildOverlay, catalogueOperations, OBSERVED_FAMILIES, type ObservedFamily } from '../../scripts/observed/overlay.ts';
import { loadSources, viewOf, type Source } from '../../scripts/observed/sources.ts';
import { bundleOf as bundleOfAny, mediaSchema, percent, PREFIXES, shareOfBodies } from '../../scripts/observed/typed-share.ts';
import { isObject, type JsonObject } from '../../src/lib/json.ts';
import { evidenceRoot, rootDir, schemaValidator } from './support.ts';

const specDir = path.join(rootDir, 'spec');
const { compatible } = catalogueOperations(specDir);
const bundleOf = async (...args: Parameters<typeof bundleOfAny>): Promise<JsonObject> => (await bundleOfAny(...args)) as JsonObject;
const sources = loadSources(evidenceRoot);
const withBodies = sources.filter((s) => s.bodies.length > 0);
const withoutBodies = sources.filter((s) => s.bodies.length === 0);

/** The errors of every left-out body under the fold's schema for its operation, and how many bodies had one. */
function validateLeftOut(doc: JsonObject, family: ObservedFamily, left: Source): { errors: string[]; checked: number; untyped: string[] } {
  const schemas = ((doc.components as JsonObject).schemas ?? {}) as JsonObject;
  const errors: string[] = [];
  const untyped: string[] = [];
  let checked = 0;
  // Only the bodies that may type this flavour (a V2 body types the legacy one for seats and ancillaries only).
  viewOf(left, family, compatible).bodies.forEach((b, i) => {
    const schema = mediaSchema(doc, `${PREFIXES[family]}/${b.operation}`, b.body);
    if (schema === undefined) {
      // The fold has no such operation on this route (the legacy family publishes none of them).
      untyped.push(`${b.operation} ${b.body}`);
      return;
    }
    const name = `__left_out_${i}`;
    schemas[name] = schema as JsonObject['x'];
    checked += 1;
    const validate = schemaValidator(doc)(name);
    if (!validate(b.value)) {
      for (const e of validate.errors ?? [])
        errors.push(`${b.file} (${b.operation} ${b.body}): ${e.instancePath || '/'} ${e.message ?? ''}`);
    }
    delete schemas[name];
  });
  return { errors, checked, untyped };
}

describe('leave one source out', () => {
  test('there are at least two sources with bodies, so every fold keeps one', () => {
    expect(withBodies.length).toBeGreaterThanOrEqual(2);
  });

  describe.each(OBSERVED_FAMILIES.map((f) => [f]))('%s flavour', (family) => {
    test.each(withBodies.map((s) => [s.info.id, s] as const))(
      'built without %s, it accepts every body it left out',
      async (id, left) => {
        const fold = await bundleOf(rootDir, family, buildOverlay({ evidenceDir: evidenceRoot, specDir, family, exclude: [id] }));
        const { errors, checked, untyped } = validateLeftOut(fold, family, left);
        expect(errors).toEqual([]);
        // On V2 every observed operation is published, so every body is checked against something.
        if (family === 'v2-pt') expect(untyped).toEqual([]);
        expect(checked + untyped.length).toBe(viewOf(left, family, compatible).bodies.length);
        // The figure the fold gives (not a target): the share of the left-out keys it types.
        console.log(
          `${family} without ${id}: ${percent(shareOfBodies(fold, family, [viewOf(left, family, compatible)]))} of its keys typed, ${checked} bodies validated`,
        );
      },
      120_000,
    );

    test('with every source, every body of every source is accepted', async () => {
      const all = await bundleOf(rootDir, family, buildOverlay({ evidenceDir: evidenceRoot, specDir, family }));
      for (const s of withBodies) expect(validateLeftOut(all, family, s).errors, s.info.id).toEqual([]);
    }, 120_000);
  });

  test.each(withoutBodies.map((s) => [s.info.id] as const))('%s (no body) changes no schema when left out', (id) => {
    const schemasOf = (exclude: string[]): unknown => {
      const overlay = buildOverlay({ evidenceDir: evidenceRoot, specDir, family: 'v2-pt', exclude });
      return overlay.actions.filter((a) => a.target === '$.components.schemas').map((a) => a.update);
    };
    expect(schemasOf([id])).toEqual(schemasOf([]));
  });

  test('a fold is a real test: a body made to contradict a two-source claim is refused', async () => {
    const all = await bundleOf(rootDir, 'v2-pt', buildOverlay({ evidenceDir: evidenceRoot, specDir, family: 'v2-pt' }));
    const noro = withBodies.find((s) => s.bodies.some((b) => b.operation === 'Emitir' && b.body === 'response')) as Source;
    const body = noro.bodies.find((b) => b.operation === 'Emitir' && b.body === 'response');
    expect(isObject(body?.value)).toBe(true);
    // Data is in every answer of both sources: required and non-null.
    const broken = { ...noro, bodies: [{ ...(body as Source['bodies'][number]), value: { ...(body?.value as object), Data: null } }] };
    expect(validateLeftOut(all, 'v2-pt', broken).errors.length).toBeGreaterThan(0);
  }, 120_000);
});

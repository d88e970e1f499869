// Issue 3, item 6: deprecation and replacement on every legacy operation (Part 9,
// migration rules), and the seat and ancillary request schemas identical in the
// legacy and V2 Portuguese bundles (Part 4.1: "fully compatible").
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { bundled, catalogFamily, closure, componentName, obj, operationBody, operations, requestSchema, str } from './support.ts';

const legacy = bundled('legacy');
const v2pt = bundled('v2-pt');
const SEATS_AND_ANCILLARIES = [
  'ObterMapaDeAssentos',
  'MarcarAssentos',
  'RemoverAssentos',
  'DisponibilidadeDeServicoAuxiliar',
  'TarifarServicoAuxiliar',
  'GravarServicoAuxiliar',
  'CancelarServicoAuxiliar',
];
const AUTHENTICATION = ['Autenticar', 'AutenticarComUsuario', 'ValidarTokenSeguranca'];

const operationName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const v2Paths = new Map(operations(v2pt).map(({ path, operation }) => [path, str(operation['operationId'], path)]));

describe.each(operations(legacy).map(({ path, operation }) => ({ path, operation })))('$path', ({ path, operation }) => {
  const name = operationName(path);

  test('is deprecated and says what replaces it', () => {
    expect(operation['deprecated']).toBe(true);
    expect(Object.hasOwn(operation, 'x-replaced-by'), 'x-replaced-by is present, null where V2 has none').toBe(true);
    const replacement = operation['x-replaced-by'];
    const description = str(operation['description'], 'description');
    if (SEATS_AND_ANCILLARIES.includes(name)) {
      // Migration rule 1: the same operation name on /api/V2/Voos.
      expect(replacement).toEqual({ operationId: name, path: `/api/V2/Voos/${name}` });
      expect(v2Paths.get(`/api/V2/Voos/${name}`), 'the replacement exists in the V2 Portuguese bundle').toBe(name);
      expect(description).toContain(`/api/V2/Voos/${name}`);
    } else {
      // Rule 4 (Autenticar) and Part 4.5 (authentication is not needed on V2).
      expect(AUTHENTICATION).toContain(name);
      expect(replacement).toBeNull();
      expect(v2Paths.has(`/api/V2/Voos/${name}`), 'V2 indeed lists no such operation').toBe(false);
      expect(description).toMatch(/no V2 equivalent/);
      expect(description).toMatch(/`Login` and `Senha` in each request body/);
    }
  });

  test('agrees with the replacement map of spec/catalog.yaml', () => {
    const map = obj(catalogFamily('legacy')['replacedBy'], 'replacedBy');
    const replacement = operation['x-replaced-by'];
    expect(map[name] ?? null).toEqual(replacement === null ? null : str(obj(replacement, 'x-replaced-by')['operationId'], 'operationId'));
  });

  test('marks its deprecation as an inference unless it is on AereoNoSession.svc (Part 9)', () => {
    if (path.startsWith('/AereoNoSession.svc/')) expect(operation['x-inferred']).toBeUndefined();
    else expect(str(operation['x-inferred'], 'x-inferred')).toMatch(/deprecated/);
  });
});

test('the replacement map covers every legacy operation name and nothing else', () => {
  const names = new Set(operations(legacy).map(({ path }) => operationName(path)));
  expect(Object.keys(obj(catalogFamily('legacy')['replacedBy'], 'replacedBy')).sort()).toEqual([...names].sort());
});

describe.each(SEATS_AND_ANCILLARIES)('%s: one request schema, two references', (name) => {
  const legacyRef = operationBody(legacy, `/AereoNoSession.svc/${name}`)['$ref'];
  const v2Ref = requestSchema(v2pt, `/api/V2/Voos/${name}`)['$ref'];

  test('both routes refer to the same named component', () => {
    expect(componentName(legacyRef)).toBe(`${name}RQ`);
    expect(componentName(v2Ref)).toBe(componentName(legacyRef));
  });

  test('the component and everything it reaches are identical after bundling', () => {
    const fromLegacy = closure(legacy, { $ref: legacyRef ?? null });
    const fromV2 = closure(v2pt, { $ref: v2Ref ?? null });
    expect([...fromLegacy.keys()].sort()).toEqual([...fromV2.keys()].sort());
    for (const [component, definition] of fromLegacy) {
      expect(isDeepStrictEqual(definition, fromV2.get(component)), component).toBe(true);
    }
  });
});

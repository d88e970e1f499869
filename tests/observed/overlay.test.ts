// The committed overlay is what the evidence gives: regenerating it with the real CLI
// into a temporary file gives the same bytes, `--check` catches a stale file, and the
// output follows the evidence (a changed count changes the overlay).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { evidenceDir, evidenceRoot, overlayPath, ownFields, rootDir, tempDir } from './support.ts';

const generator = path.join(rootDir, 'scripts/observed/generate.ts');
const tmp = tempDir();
afterAll(tmp.cleanup);

function generate(args: string[]): void {
  execFileSync(process.execPath, [generator, ...args], { cwd: rootDir, stdio: 'pipe' });
}

describe('the observed overlay', () => {
  test('regenerated from evidence/ into a temporary file, it is byte for byte the one the build wrote', () => {
    const out = path.join(tmp.dir, 'regenerated.overlay.yaml');
    generate(['--out', out]);
    expect(
      readFileSync(out, 'utf8') === readFileSync(overlayPath, 'utf8'),
      'run `npm run build` (it writes the overlay beside the observed bundle)',
    ).toBe(true);
  });

  test('--check passes on the built overlay and fails on a stale one', () => {
    const fresh = spawnSync(process.execPath, [generator, '--check'], { cwd: rootDir, encoding: 'utf8' });
    expect(fresh.status, fresh.stderr).toBe(0);
    const stale = path.join(tmp.dir, 'stale.overlay.yaml');
    writeFileSync(stale, readFileSync(overlayPath, 'utf8').replace('seen: 9, of: 9', 'seen: 8, of: 9'));
    const result = spawnSync(process.execPath, [generator, '--check', '--out', stale], { cwd: rootDir, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/stale/);
  });

  type Schema = { required: string[]; properties: Record<string, { 'x-observed': { seen: number } }> };
  /** The component's own observed fields (they stand in an `allOf` member beside the published base). */
  const schemaOf = (file: string, name: string): Schema => {
    const overlay = parse(readFileSync(file, 'utf8'));
    const action = overlay.actions.find((a: { update?: Record<string, unknown> }) => a.update?.[name]);
    return ownFields(action.update[name]) as unknown as Schema;
  };

  test('follows the evidence: a field two sources saw with a value is non-null; seen null once in one of them, it is nullable, and its count changes', () => {
    const copy = path.join(tmp.dir, 'evidence');
    cpSync(evidenceRoot, copy, { recursive: true });
    const inventoryFile = path.join(copy, 'facilita-corp', 'inventory.json');
    const inventory = JSON.parse(readFileSync(inventoryFile, 'utf8'));
    const field = inventory.operations.Emitir.response.fields.CodigoDeAutorizacao;
    expect(field.types).toEqual(['string']);
    field.types = ['string', 'null'];
    field.nullable = true;
    field.present -= 1;
    writeFileSync(inventoryFile, JSON.stringify(inventory));
    const out = path.join(tmp.dir, 'changed.overlay.yaml');
    generate(['--out', out, '--evidence', copy]);

    type Typed = { type?: string | string[]; 'x-observed': { seen: number } };
    const before = schemaOf(overlayPath, 'EmitirRSObservado').properties.CodigoDeAutorizacao as unknown as Typed;
    const after = schemaOf(out, 'EmitirRSObservado').properties.CodigoDeAutorizacao as unknown as Typed;
    expect(before.type).toBe('string');
    expect(after.type).toEqual(['string', 'null']);
    expect(after['x-observed'].seen).toBe(before['x-observed'].seen - 1);
  });

  test('a field one source had in every capture is typed but not required (no required claim rests on a single source)', () => {
    const inventory = JSON.parse(readFileSync(path.join(evidenceDir, 'inventory.json'), 'utf8'));
    const field = inventory.operations.Cancelar.response.fields.MensagemSucesso;
    expect(field.present).toBe(field.of);
    const cancelar = schemaOf(overlayPath, 'CancelarRSObservado');
    expect(cancelar.properties.MensagemSucesso).toBeDefined();
    expect(cancelar.required).not.toContain('MensagemSucesso');
  });

  test('a malformed inventory is refused with a message naming the place', () => {
    const copy = path.join(tmp.dir, 'broken-evidence');
    cpSync(evidenceRoot, copy, { recursive: true });
    const inventoryFile = path.join(copy, 'facilita-corp', 'inventory.json');
    const inventory = JSON.parse(readFileSync(inventoryFile, 'utf8'));
    inventory.operations.Emitir.request.fields.Localizador.types = ['text'];
    writeFileSync(inventoryFile, JSON.stringify(inventory));
    const result = spawnSync(process.execPath, [generator, '--out', path.join(tmp.dir, 'never.yaml'), '--evidence', copy], {
      cwd: rootDir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/operations\.Emitir\.request\.fields\["Localizador"\]\.types/);
  });
});

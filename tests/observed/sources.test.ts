// Every source under evidence/: its provenance is complete (repository, commit, paths,
// kind), its bodies parse and are bodies of observed operations, code-derived sources
// carry no body, and no file of any source leaks a credential, a person's name, a
// document, e-mail, phone or card number, a locator or a token: only the placeholders of
// the sanitization rules (evidence/facilita-corp/README.md, Sanitization) may stand there.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOURCE_KINDS, loadSources } from '../../scripts/observed/sources.ts';
import { unsanitizedPaths } from '../../src/record/sanitize.ts';
import { isObject, type Json } from '../../src/lib/json.ts';
import { evidenceRoot } from './support.ts';

const sources = loadSources(evidenceRoot);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Integrators' recordings follow the recorder's placeholders (src/record/sanitize.ts), checked apart below. */
const recorded = new Set(sources.filter((s) => s.info.recording).map((s) => s.info.id));
const files = filesUnder(evidenceRoot);
const allTexts = files.map((file) => ({ file: path.relative(evidenceRoot, file), text: readFileSync(file, 'utf8') }));
const isRecorded = (file: string): boolean => recorded.has(file.split(path.sep)[0] ?? '');
const texts = allTexts.filter((t) => !isRecorded(t.file));

/** Every (key, string value) pair of a JSON value, array items under their array's key. */
function* stringsOf(value: Json, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item, key);
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) yield* stringsOf(v, k);
}

const jsonFiles = texts.filter((t) => t.file.endsWith('.json')).map((t) => ({ ...t, value: JSON.parse(t.text) as Json }));

/**
 * sha256 of values seen in the sources' repositories and replaced by sanitization (a
 * locator, a ticket number, a passenger's names, the template credentials): kept as
 * hashes so that this test does not itself carry them.
 */
const REPLACED = new Set([
  '300bc403e736b8210e62bf297318b04a5ac0fdb576d0ff416ff45cf227eb0988',
  'fd22edb49c1b0708fe3fa61f0024cfd53908120e2d736d4dab02def0f45d3dca',
  '4c03c16cd2f9d1ece13d73816147998218a3e0e53129c6daf5a7779c2eeb941c',
  'd315cf4f1ab3b8de1a29d27bab6c76f455861cb982267c5d341997d241943a78',
  '3d97bbd609415ac3485ce14c2e0195f04b753c090caa0a6d30e845cee04c636f',
  '15725611aeee60c3a869e07f947a232abd3ca36b880cd5ff7018fe311f20709f',
  'da6c0fcc32a69615c9bb2e1a8cde545cf337648f0bc48154932b3f2e59feaf65',
]);
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Base64-like: long, letters of both cases and digits (an operation name has no digit). */
const isOpaque = (v: string): boolean => /^[A-Za-z0-9+/=]{24,}$/.test(v) && /\d/.test(v) && /[A-Z]/.test(v) && /[a-z]/.test(v);

describe('the sources of the observed flavour', () => {
  test('at least four sources, three of them besides the captured traffic the flavour started from', () => {
    expect(sources.map((s) => s.info.id)).toContain('facilita-corp');
    expect(sources.length).toBeGreaterThanOrEqual(4);
    const published = sources.filter((s) => !s.info.recording);
    expect(new Set(published.map((s) => s.info.repository)).size).toBe(published.length);
  });

  test.each(sources.map((s) => [s.info.id, s] as const))(
    '%s: provenance complete (repository, 40-hex commit, paths, kind; or a recording)',
    (_id, s) => {
      if (s.info.recording) {
        expect(s.info.kind).toBe('captured traffic');
        expect(s.info.recording.sha256).toMatch(/^[0-9a-f]{64}$/);
      } else {
        expect(s.info.url).toBe(`https://github.com/${s.info.repository}`);
        expect(s.info.commit).toMatch(/^[0-9a-f]{40}$/);
        expect(s.info.paths?.length).toBeGreaterThan(0);
      }
      expect(SOURCE_KINDS).toContain(s.info.kind);
      for (const b of s.bodies) expect(b.from, b.file).not.toBe('');
      for (const f of s.facts) expect(f.where, f.kind).toMatch(/^[^\s:]+(:\d+)?$/);
    },
  );

  test('only captured traffic and provider templates shape types; code-derived sources carry names, never a body', () => {
    for (const s of sources) {
      expect(s.shapesTypes, s.info.id).toBe(s.info.kind === 'captured traffic' || s.info.kind === 'provider template');
      if (s.info.kind === 'code-derived' || s.info.kind === 'hand-written fixture') {
        expect(s.bodies, s.info.id).toEqual([]);
        expect(s.facts.length, s.info.id).toBeGreaterThan(0);
      }
    }
  });

  test('every body is a JSON object of an operation the source saw, request or response', () => {
    for (const s of sources) {
      for (const b of s.bodies) {
        expect(isObject(b.value as Json), b.file).toBe(true);
        expect(Object.keys(s.operations), b.file).toContain(b.operation);
      }
    }
  });
});

describe('no leak in any source (every file under evidence/)', () => {
  test('no e-mail address but the placeholder domain', () => {
    const found = texts.flatMap(({ file, text }) => [...text.matchAll(/[\w.%+-]+@[\w-]+(\.[\w-]+)+/g)].map((m) => `${file}: ${m[0]}`));
    expect(found.filter((f) => !f.endsWith('@example.com'))).toEqual([]);
  });

  test('no other at-sign in a JSON string (passwords of the sources looked like that)', () => {
    const found = jsonFiles.flatMap(({ file, value }) =>
      [...stringsOf(value)].filter(([, v]) => v.includes('@') && !/^[\w.%+-]+@example\.com$/.test(v)).map(([k]) => `${file}: ${k}`),
    );
    expect(found).toEqual([]);
  });

  test('document, phone, ticket and card numbers are zeros but a final 1 (a final counter in the flows)', () => {
    // Runs of 11 or more digits, not inside a date token (milliseconds), a hash or after a decimal point.
    // The flows thread each ticket through later steps, so each keeps its own placeholder: zeros and a counter.
    const placeholder = (file: string) => (file.startsWith('flows/') ? /^0{9,}[1-9]\d?$/ : /^0+1$/);
    const found = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/(?<![\w.(-])\d{11,19}(?!\w)/g)].filter((m) => !placeholder(file).test(m[0])).map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  test('no GUID (the developer token has that shape) and no long opaque token but the trip-token placeholder', () => {
    const guids = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi)].map((m) => `${file}: ${m[0]}`),
    );
    expect(guids).toEqual([]);
    const opaque = jsonFiles.flatMap(({ file, value }) =>
      [...stringsOf(value)]
        .filter(([, v]) => isOpaque(v) && !/^[0-9a-f]{40}$/.test(v) && !v.startsWith('H4sIAAAAAAAA'))
        .map(([k]) => `${file}: ${k}`),
    );
    expect(opaque).toEqual([]);
  });

  test('credentials, locators, trip tokens and passenger names are the placeholders', () => {
    const rules: Array<[RegExp, RegExp]> = [
      [/^(Login|login)$/, /^agencia$/],
      [/^(Senha|senha)$/, /^s3gredo$/],
      [/^Localizador/, /^ABC\d{3}$/],
      [/^IdentificacaoDaViagem/, /^H4sIAAAAAAAA\d*$/],
      [/^(Sobrenome|NomeDoMeio|InfantilSobrenome)$/, /^(SILVA|)$/],
      [/^Passageiro$/, /^FULANO( MR| MRS| MS| CHD| INF)? SILVA$/],
      [/^(Email)$/, /^pax@example\.com$/],
    ];
    const found: string[] = [];
    for (const { file, value } of jsonFiles) {
      for (const [key, v] of stringsOf(value)) {
        for (const [keyRule, valueRule] of rules) if (keyRule.test(key) && !valueRule.test(v)) found.push(`${file}: ${key}`);
      }
    }
    expect(found).toEqual([]);
  });

  test('none of the values sanitization replaced is left, in any file (checked by hash)', () => {
    const found: string[] = [];
    for (const { file, text } of texts) {
      for (const word of new Set(text.split(/[^\p{L}\p{N}{}@_-]+/u))) if (word && REPLACED.has(sha256(word))) found.push(file);
    }
    for (const { file, value } of jsonFiles) for (const [, v] of stringsOf(value)) if (REPLACED.has(sha256(v))) found.push(file);
    expect(found).toEqual([]);
  });
});

describe("no leak in an integrator's recording (evidence/<source>/recording/)", () => {
  const recordings = allTexts.filter(
    (t) => isRecorded(t.file) && t.file.endsWith('.json') && !['source.json', 'recording.json'].includes(path.basename(t.file)),
  );
  test.skipIf(recordings.length === 0)('every value the sanitizer replaces is one of its placeholders (the check of observed:add)', () => {
    const found = recordings.flatMap(({ file, text }) => unsanitizedPaths(JSON.parse(text)).map((field) => `${file}: ${field}`));
    expect(found).toEqual([]);
  });
  test.skipIf(recordings.length === 0)('no GUID (the developer token has that shape)', () => {
    const guids = recordings.filter(({ text }) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(text));
    expect(guids.map((g) => g.file)).toEqual([]);
  });
});

// Issue 60: the contract's text at the call site, from the packed package. TypeScript's
// language service on a consumer file that imports the installed tarball: the hover of every
// named call of every family and flavour shows the operation's summary, description, group,
// read or write and its reference page's section, `@deprecated` with the replacement where the
// contract deprecates it; every published field of the V2 request bodies shows its description
// (hover and completion details); an observed field says observed, from how many captured
// bodies, and which earlier answer feeds it.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { operationHref } from '../../scripts/docs-site/crossrefs.ts';
import { isObject, type JsonObject, objectAt } from '../../src/lib/refs.ts';
import { rootDir } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';

const bundle = (id: string): JsonObject =>
  JSON.parse(readFileSync(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8')) as JsonObject;

/** The clients of the consumer file: each flavour, its entry point, and where its named calls sit. */
const CLIENTS = [
  { id: 'v2-pt', make: "createV2Client } from 'air-travel-api-contract/v2'", factory: 'createV2Client', groups: { '/api/V2/Voos/': '' } },
  {
    id: 'v2-pt-observed',
    make: "createV2ObservedClient } from 'air-travel-api-contract/v2/observed'",
    factory: 'createV2ObservedClient',
    groups: { '/api/V2/Voos/': '' },
  },
  {
    id: 'v2-en',
    make: "createV2EnClient } from 'air-travel-api-contract/v2-en'",
    factory: 'createV2EnClient',
    groups: { '/api/V2/Flights/': '' },
  },
  { id: 'v3', make: "createV3Client } from 'air-travel-api-contract/v3'", factory: 'createV3Client', groups: { '/api/V3/Voos/': '' } },
  {
    id: 'legacy',
    make: "createLegacyClient } from 'air-travel-api-contract/legacy'",
    factory: 'createLegacyClient',
    groups: { '/AereoNoSession.svc/': '', '/Aereo.svc/': 'Aereo.', '/Usuario.svc/': 'Usuario.' },
  },
  {
    id: 'legacy-observed',
    make: "createLegacyObservedClient } from 'air-travel-api-contract/legacy/observed'",
    factory: 'createLegacyObservedClient',
    groups: { '/AereoNoSession.svc/': '', '/Aereo.svc/': 'Aereo.', '/Usuario.svc/': 'Usuario.' },
  },
] as const;

interface Probe {
  what: string;
  at: number;
  expected: string[];
  deprecated?: string;
}

const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** The first sentence-sized part of a text: enough to tell it is there, whatever the markdown around it. */
const head = (text: string): string => flat(text).slice(0, 60);

let service: ts.LanguageService;
let file: string;
let source = '';
const probes: Probe[] = [];
const marker = (what: string, expected: string[], deprecated?: string): string => {
  probes.push({ what, at: -1, expected, ...(deprecated === undefined ? {} : { deprecated }) });
  return `/*@${probes.length - 1}@*/`;
};

function consumerSource(): string {
  const lines: string[] = [];
  const options = "{ baseUrl: 'http://127.0.0.1:1', developerToken: 't', accessCode: 'c' }";
  for (const [i, client] of CLIENTS.entries()) {
    lines.unshift(`import { ${client.make};`);
    lines.push(`const c${i} = ${client.factory}(${options});`);
    const doc = bundle(client.id);
    for (const [pathName, item] of Object.entries(doc.paths as JsonObject)) {
      const op = (item as JsonObject).post as JsonObject;
      const folder = pathName.slice(0, pathName.lastIndexOf('/') + 1);
      const group = (client.groups as Record<string, string>)[folder];
      if (group === undefined) continue;
      const name = pathName.slice(folder.length);
      const href = operationHref(client.id, { tags: (op.tags as string[]) ?? [], operationId: String(op.operationId) });
      const expected = [
        String(op.summary),
        head(String(op.description)),
        `Group: ${(op.tags as string[])[0]}`,
        `x-effect: ${String(op['x-effect'])}`,
        href,
      ];
      if (client.id.endsWith('-observed')) expected.push('Observed flavour');
      const by = op['x-replaced-by'];
      const deprecated = op.deprecated === true ? (isObject(by) ? String(by.operationId) : 'names no replacement') : undefined;
      lines.push(`void c${i}.${group}${marker(`${client.id} ${pathName}`, expected, deprecated)}${name};`);
    }
  }
  // Every field of every V2 request body (and the fields of the objects in its arrays), each as a caller writes it.
  const doc = bundle('v2-pt');
  for (const [pathName, item] of Object.entries(doc.paths as JsonObject)) {
    const op = (item as JsonObject).post as JsonObject;
    const content = objectAt(doc, op.requestBody)?.content as JsonObject;
    const schema = objectAt(doc, objectAt(doc, content['application/json'])?.schema);
    const name = pathName.slice(pathName.lastIndexOf('/') + 1);
    for (const [field, property] of Object.entries((schema?.properties ?? {}) as JsonObject)) {
      lines.push(`void c0.${name}({ ${marker(`${name}.${field}`, [head(descriptionOf(doc, property))])}${field}: 0 as never });`);
      const items = objectAt(doc, objectAt(doc, property)?.items);
      for (const [inner, innerProperty] of Object.entries((items?.properties ?? {}) as JsonObject))
        lines.push(
          `void c0.${name}({ ${field}: [{ ${marker(`${name}.${field}[].${inner}`, [head(descriptionOf(doc, innerProperty))])}${inner}: 0 as never }] });`,
        );
    }
  }
  // An observed field: observed, from how many captured bodies, fed by which earlier answer (the flows' lineage).
  lines.push(
    `void c1.Tarifar({ ${marker('observed Tarifar.IdentificacaoDaViagem', ['Observed, not published', 'captured bodies', 'Fed by the answer of `Disponibilidade`'])}IdentificacaoDaViagem: 0 as never });`,
  );
  // Where an editor offers the fields still to write: completion details.
  lines.push('void c0.Disponibilidade({ /*complete*/ });');
  return `${lines.join('\n')}\n`;
}

/** A field's own description, or its `$ref` target's. */
function descriptionOf(doc: JsonObject, property: unknown): string {
  if (isObject(property) && typeof property.description === 'string') return property.description;
  return String(objectAt(doc, property)?.description);
}

beforeAll(async () => {
  const install = await packedInstall();
  const dir = await install.workDir('hover');
  file = path.join(dir, 'hover.ts');
  source = consumerSource();
  for (const [i, probe] of probes.entries()) probe.at = source.indexOf(`/*@${i}@*/`) + `/*@${i}@*/`.length;
  await writeFile(file, source);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  };
  service = ts.createLanguageService({
    jsDocParsingMode: ts.JSDocParsingMode.ParseAll,
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '') : undefined),
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  });
}, 900_000);

/** What the hover shows: the documentation and every tag, as text. */
function hover(at: number): { text: string; tags: ts.JSDocTagInfo[] } {
  const info = service.getQuickInfoAtPosition(file, at);
  const tags = info?.tags ?? [];
  const text = flat(
    [ts.displayPartsToString(info?.documentation), ...tags.map((t) => `@${t.name} ${ts.displayPartsToString(t.text)}`)].join(' '),
  );
  return { text, tags };
}

describe('the hover, from the packed package', () => {
  test('every named call shows its summary, description, group, read or write, reference section and deprecation', () => {
    const calls = probes.filter((p) => p.what.includes('/'));
    expect(calls.length).toBeGreaterThanOrEqual(36 + 36 + 11 + 1 + 14);
    const missing = calls.flatMap((probe) => {
      const { text, tags } = hover(probe.at);
      const lost = probe.expected.filter((e) => !text.includes(flat(e)));
      const deprecation = tags.find((t) => t.name === 'deprecated');
      if (probe.deprecated !== undefined && !ts.displayPartsToString(deprecation?.text).includes(probe.deprecated))
        lost.push(`@deprecated ${probe.deprecated}`);
      if (probe.deprecated === undefined && deprecation) lost.push('no @deprecated');
      return lost.length === 0 ? [] : [`${probe.what}: ${lost.join(' | ')}`];
    });
    expect(missing).toEqual([]);
  });

  test('every field of the V2 request bodies shows its description; an observed field its counts and source answer', () => {
    const fields = probes.filter((p) => !p.what.includes('/'));
    expect(fields.length).toBeGreaterThan(100);
    const missing = fields.flatMap((probe) => {
      const { text } = hover(probe.at);
      const lost = probe.expected.filter((e) => !text.includes(flat(e)));
      return lost.length === 0 ? [] : [`${probe.what}: ${lost.join(' | ')} (shown: ${text.slice(0, 80)})`];
    });
    expect(missing).toEqual([]);
  });

  test('completion details of a body field carry its description', () => {
    const at = source.indexOf('/*complete*/') + '/*complete*/'.length;
    const offered = service.getCompletionsAtPosition(file, at, {})?.entries.map((e) => e.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(['Login', 'Origem']));
    const details = (name: string) =>
      ts.displayPartsToString(service.getCompletionEntryDetails(file, at, name, {}, undefined, {}, undefined)?.documentation);
    const tags = (name: string) =>
      (service.getCompletionEntryDetails(file, at, name, {}, undefined, {}, undefined)?.tags ?? [])
        .map((t) => ts.displayPartsToString(t.text))
        .join(' ');
    expect(details('Login')).toContain("Login of the agency's web-service credential.");
    expect(`${details('Origem')} ${tags('Origem')}`).toContain('Origin airport code.');
  });
});

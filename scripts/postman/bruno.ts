// Bruno collections, made by Bruno's own importer (`postmanToBruno` of @usebruno/converters)
// from the finished Postman collections, so both carry the same headers, bodies, variables
// and checks. The importer translates the test scripts (pm.* to Bruno's res/bru/expect)
// but files them as post-response scripts, whose test() calls `bru run` does not count
// (it prints "Tests 0/0"): the finishing moves them to the request's tests, which it counts.
// Identifiers a scenario hands on are run variables, so a run leaves the files as shipped.
import { postmanToBruno } from '@usebruno/converters';
import { stringifyCollection, stringifyFolder, stringifyRequest } from '@usebruno/filestore';
import type { PostmanCollection } from './finish.ts';

interface BrunoScript {
  req?: string;
  res?: string;
}
export interface BrunoRequest {
  type: 'http-request';
  name: string;
  seq: number;
  request: {
    method: string;
    url: string;
    headers: Array<{ name: string; value: string; enabled: boolean }>;
    body: { mode: string; json?: string | null };
    script?: BrunoScript;
    tests?: string;
    vars?: unknown;
    assertions?: unknown[];
    [key: string]: unknown;
  };
  settings?: unknown;
}
export interface BrunoFolder {
  type: 'folder';
  name: string;
  seq?: number;
  items: BrunoItem[];
  root?: { meta?: { name?: string; seq?: number }; [key: string]: unknown };
}
export type BrunoItem = BrunoRequest | BrunoFolder;
export interface BrunoCollection {
  name: string;
  items: BrunoItem[];
  root: unknown;
}

/** The config `bru` and the Bruno app read at the collection's root. */
const brunoConfig = (name: string) => ({ version: '1', name, type: 'collection', ignore: ['node_modules', '.git'] });

/** Requests of a Bruno collection, in order, through its folders. */
export function brunoRequests(items: readonly BrunoItem[]): BrunoRequest[] {
  return items.flatMap((item) => (item.type === 'folder' ? brunoRequests(item.items) : [item]));
}

/** Bruno's importer on a finished Postman collection: its collection, or an error naming what it could not carry. */
export async function importPostman(postman: PostmanCollection): Promise<BrunoCollection> {
  const { collection, issues } = (await postmanToBruno(structuredClone(postman))) as { collection: BrunoCollection; issues?: unknown[] };
  if (issues && issues.length > 0) throw new Error(`postmanToBruno: ${JSON.stringify(issues)}`);
  return collection;
}

/** Moves each request's translated checks to its tests (counted by `bru run`), refusing a check left untranslated. */
export function finishBruno(collection: BrunoCollection): BrunoCollection {
  for (const request of brunoRequests(collection.items)) {
    const checks = request.request.script?.res ?? '';
    if (checks.trim() === '') throw new Error(`${request.name}: Bruno's importer left the request without its checks`);
    if (/\bpm\./.test(checks)) throw new Error(`${request.name}: Bruno's importer left a Postman call untranslated:\n${checks}`);
    if (request.request.script?.req) throw new Error(`${request.name}: a pre-request script that the Postman collection does not have`);
    // A value handed to later steps lives for the run (setVar): setCollectionVar, the importer's
    // choice, is written back into collection.bru by `bru run`, changing the installed files.
    request.request.tests = checks.replaceAll('bru.setCollectionVar(', 'bru.setVar(');
    request.request.script = {};
  }
  return collection;
}

/** A name as a file name: what Bruno's own writer does (characters no file system takes become `-`). */
function fileName(name: string): string {
  return name
    .replace(/[<>:"/\\|?*\p{Cc}]/gu, '-')
    .replace(/^[.\s-]+/, '')
    .replace(/[.\s]+$/, '');
}

function renderItems(items: readonly BrunoItem[], dir: string, files: Map<string, string>): void {
  for (const item of items) {
    if (item.type === 'folder') {
      const folder = `${dir}${fileName(item.name)}/`;
      if (item.root?.meta)
        files.set(`${folder}folder.bru`, stringifyFolder({ ...item.root, meta: { ...item.root.meta, seq: item.seq } }, { format: 'bru' }));
      renderItems(item.items, folder, files);
      continue;
    }
    const file = `${dir}${fileName(item.name)}.bru`;
    if (files.has(file)) throw new Error(`${file}: two requests of one folder share a name`);
    const request = { ...item.request, vars: item.request.vars ?? { req: [], res: [] }, assertions: item.request.assertions ?? [] };
    files.set(
      file,
      stringifyRequest({ type: item.type, name: item.name, seq: item.seq, tags: [], settings: {}, request, examples: [] } as never, {
        format: 'bru',
      }),
    );
  }
}

/** The collection as Bruno's files (`bruno.json`, `collection.bru`, a folder per folder, a `.bru` per request), by path under its directory. */
export function renderBruno(collection: BrunoCollection): Map<string, string> {
  const config = brunoConfig(collection.name);
  const files = new Map<string, string>([
    ['bruno.json', `${JSON.stringify(config, null, 2)}\n`],
    ['collection.bru', stringifyCollection(collection.root as never, config, { format: 'bru' })],
  ]);
  renderItems(collection.items, '', files);
  return files;
}

/** A Postman collection's Bruno files: imported by Bruno's converter, finished, rendered. */
export async function brunoFiles(postman: PostmanCollection): Promise<Map<string, string>> {
  return renderBruno(finishBruno(await importPostman(postman)));
}

// What an integrator gets who imports a shipped bundle into Postman (openapi-to-postmanv2,
// Postman's own importer, with the options its app uses) or Bruno (@usebruno/converters'
// openApiToBruno, what `bru import openapi` runs): as shipped, each carries only the first
// API key of the requirement (developer-token, as the collection's auth) and drops
// developer-access-code, so the mock refuses every call; with the shipped overlay
// (overlays/both-developer-headers.yaml, applied by openapi-format as docs/collections.md
// says) every request sends both. Postman's import is then run by newman against the mock.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openApiToBruno } from '@usebruno/converters';
import Converter from 'openapi-to-postmanv2';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { isRecord, type JsonRecord } from '../../src/lib/json.ts';
import { rootDir } from '../support/bundle.ts';
import { runCollection } from '../support/newman.ts';

const run = promisify(execFile);
const OVERLAY = path.join(rootDir, 'overlays', 'both-developer-headers.yaml');
const BUNDLES = ['v2-pt', 'v2-en', 'v3', 'v1', 'legacy', 'v2-pt-observed', 'legacy-observed'];

let work = '';
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'importers-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const shipped = (id: string) => readFile(path.join(rootDir, 'generated', id, 'openapi.json'), 'utf8');

/** The bundle with the overlay applied by openapi-format's CLI, the command the docs give. */
async function overlaid(id: string): Promise<string> {
  const out = path.join(work, `${id}.json`);
  const cli = path.join(rootDir, 'node_modules', '.bin', 'openapi-format');
  await run(cli, [path.join(rootDir, 'generated', id, 'openapi.json'), '--overlayFile', OVERLAY, '-o', out]);
  return readFile(out, 'utf8');
}

/** Postman's importer with its default options (what the app's Import does). */
function importIntoPostman(json: string): Promise<JsonRecord> {
  return new Promise((resolve, reject) => {
    Converter.convert({ type: 'string', data: json }, {}, (error, result) => {
      const data = result?.output?.[0]?.data;
      if (error || !isRecord(data)) return reject(error ?? new Error(result?.reason ?? 'no collection'));
      resolve(data);
    });
  });
}

function postmanRequests(items: unknown): JsonRecord[] {
  return (Array.isArray(items) ? items.filter(isRecord) : []).flatMap((i) =>
    Array.isArray(i.item) ? postmanRequests(i.item) : isRecord(i.request) ? [i.request] : [],
  );
}

/** The developer headers a Postman request sends: its own headers and its (or the collection's) API-key auth. */
function postmanDeveloperHeaders(collection: JsonRecord, request: JsonRecord): string[] {
  const auth = isRecord(request.auth) ? request.auth : isRecord(collection.auth) ? collection.auth : {};
  const key =
    auth.type === 'apikey' && Array.isArray(auth.apikey) ? auth.apikey.filter(isRecord).find((e) => e.key === 'key')?.value : undefined;
  const headers = Array.isArray(request.header) ? request.header.filter(isRecord).map((h) => String(h.key)) : [];
  return [...(typeof key === 'string' ? [key] : []), ...headers].filter((h) => h.startsWith('developer-')).sort();
}

interface BrunoImported {
  root?: { request?: { auth?: { mode?: string; apikey?: { key?: string; placement?: string } } } };
  items: Array<{
    type: string;
    items?: BrunoImported['items'];
    request?: { auth?: { mode?: string }; headers?: Array<{ name: string; enabled: boolean }> };
  }>;
}

/** The developer headers each request of Bruno's import sends: its headers and the collection's API-key auth it inherits. */
function brunoDeveloperHeaders(collection: BrunoImported): string[][] {
  const rootAuth = collection.root?.request?.auth;
  const inherited = rootAuth?.mode === 'apikey' && rootAuth.apikey?.placement === 'header' ? [String(rootAuth.apikey.key)] : [];
  const walk = (items: BrunoImported['items']): string[][] =>
    items.flatMap((item) => {
      if (item.type === 'folder') return walk(item.items ?? []);
      const own = (item.request?.headers ?? []).filter((h) => h.enabled).map((h) => h.name);
      return [[...(item.request?.auth?.mode === 'inherit' ? inherited : []), ...own].filter((h) => h.startsWith('developer-')).sort()];
    });
  return walk(collection.items);
}

const BOTH = ['developer-access-code', 'developer-token'];

describe.each(BUNDLES)('%s', (id) => {
  test("as shipped, Postman's and Bruno's importers carry developer-token alone (the contract asks for both)", async () => {
    const json = await shipped(id);
    const postman = await importIntoPostman(json);
    const requests = postmanRequests(postman.item);
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((r) => postmanDeveloperHeaders(postman, r).join(',')))).toEqual(new Set(['developer-token']));
    const bruno = openApiToBruno(JSON.parse(json)) as BrunoImported;
    expect(new Set(brunoDeveloperHeaders(bruno).map((h) => h.join(',')))).toEqual(new Set(['developer-token']));
    // The contract's requirement is unchanged: both headers together.
    const doc = JSON.parse(json) as { security?: Array<Record<string, unknown>> };
    expect(doc.security?.map((r) => Object.keys(r).sort())).toEqual([['developerAccessCode', 'developerToken']]);
  });

  test('with the shipped overlay, every request of both imports sends both developer headers', async () => {
    const json = await overlaid(id);
    const postman = await importIntoPostman(json);
    const requests = postmanRequests(postman.item);
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(postmanDeveloperHeaders(postman, r)).toEqual(BOTH);
    const bruno = openApiToBruno(JSON.parse(json)) as BrunoImported;
    for (const headers of brunoDeveloperHeaders(bruno)) expect(headers).toEqual(BOTH);
  });
});

test("newman runs Postman's import against the mock: refused for a missing header as shipped, never with the overlay", async () => {
  const statuses = async (json: string) => {
    const summary = await runCollection(await importIntoPostman(json), inject('mockUrl'));
    return summary.run.executions.map((e) => e.response?.code);
  };
  const asShipped = await statuses(await shipped('v2-pt'));
  expect(asShipped.length).toBeGreaterThan(30);
  expect(new Set(asShipped)).toEqual(new Set([401]));
  const withOverlay = await statuses(await overlaid('v2-pt'));
  expect(withOverlay).toHaveLength(asShipped.length);
  expect(withOverlay.filter((code) => code === 401 || code === undefined)).toEqual([]);
}, 120_000);

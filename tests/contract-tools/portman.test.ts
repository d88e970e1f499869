// Portman (@apideck/portman) turns a bundle into a Postman collection with contract and
// variation tests; newman runs it against the real mock. Portman carries only the first
// of the two API-key schemes (developer-token): overlays/portman-config.json
// sets the second header (developer-access-code) on every request. Without it the mock
// refuses every call (401); with it every test passes.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import { rootDir } from '../support/bundle.ts';
import { runCollection } from '../support/newman.ts';

const url = inject('mockUrl');
const PORTMAN = path.join(rootDir, 'node_modules', '@apideck', 'portman', 'bin', 'portman');
const CONFIG = path.join(rootDir, 'overlays', 'portman-config.json');

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portman-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Portman's collection for a family's bundle (it writes a tmp/ folder in its working directory). */
function portman(family: string, config: string): Promise<JsonObject> {
  const out = path.join(dir, `${family}-${path.basename(config)}`);
  const args = [PORTMAN, '-l', path.join(rootDir, 'generated', family, 'openapi.json'), '-b', url, '-c', config, '-o', out];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args, '--syncPostman', 'false'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`portman failed: ${error.message}\n${stdout}${stderr}`));
      readFile(out, 'utf8').then((text) => resolve(JSON.parse(text) as JsonObject), reject);
    });
  });
}

/** Every request of a collection, folders walked. */
function requestsOf(node: Json | undefined): JsonObject[] {
  if (!isObject(node)) return [];
  const items = Array.isArray(node.item) ? node.item : [];
  return items.flatMap((item) => (isObject(item) && isObject(item.request) ? [item.request] : requestsOf(item)));
}

function headerNames(request: JsonObject): string[] {
  const headers = Array.isArray(request.header) ? request.header : [];
  return headers.flatMap((h) => (isObject(h) && h.disabled !== true && typeof h.key === 'string' ? [h.key.toLowerCase()] : []));
}

/** The header an `apikey` auth (the request's or the collection's) adds. */
function apiKeyHeader(auth: Json | undefined): string | undefined {
  if (!isObject(auth) || auth.type !== 'apikey' || !Array.isArray(auth.apikey)) return undefined;
  const key = auth.apikey.find((entry) => isObject(entry) && entry.key === 'key');
  return isObject(key) && typeof key.value === 'string' ? key.value.toLowerCase() : undefined;
}

describe.each(['v2-pt', 'legacy'])('%s', (family) => {
  test('with the shipped config every request carries both developer headers, and every test passes', async () => {
    const collection = await portman(family, CONFIG);
    const requests = requestsOf(collection);
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) {
      const sent = [...headerNames(request), apiKeyHeader(request.auth ?? collection.auth)];
      expect(sent).toContain('developer-token');
      expect(sent).toContain('developer-access-code');
    }
    const summary = await runCollection(collection, url);
    const failures = summary.run.failures.map((f) => `${f.source?.name ?? ''}: ${f.error.message}`);
    expect(failures).toEqual([]);
    expect(summary.run.stats.requests.total).toBe(requests.length);
    expect(summary.run.stats.assertions.total).toBeGreaterThan(requests.length * 3);
    // Every answer was the contract's, not the mock's refusal of a missing header.
    for (const execution of summary.run.executions) expect(execution.response?.code, execution.item.name).toBe(200);
  }, 180_000);
});

test('Portman alone carries only developer-token: without the config the mock refuses every call', async () => {
  const bare = path.join(dir, 'bare-config.json');
  const config = JSON.parse(await readFile(CONFIG, 'utf8')) as JsonObject;
  delete config.overwrites;
  await writeFile(bare, JSON.stringify(config));
  const collection = await portman('legacy', bare);
  for (const request of requestsOf(collection)) expect(headerNames(request)).not.toContain('developer-access-code');
  const summary = await runCollection(collection, url);
  const codes = new Set(summary.run.executions.map((e) => e.response?.code));
  expect([...codes]).toEqual([401]);
}, 180_000);

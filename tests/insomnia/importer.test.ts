// Insomnia imports the Postman collections as shipped: Insomnia's own importer (npm
// `insomnia-importers`, installed by this test from tests/insomnia/package-lock.json)
// reads every shipped Postman file into one Insomnia request per Postman request, each
// with both developer headers from their variables, the same body and the same URL.
// (`inso`, which would run them, does not install here: docs/collections.md says why.)
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { requestsOf, type PostmanCollection } from '../../scripts/postman/finish.ts';
import { rootDir } from '../support/bundle.ts';
import { installTool } from '../support/tools.ts';

interface InsomniaResource {
  _type: string;
  name?: string;
  method?: string;
  url?: string;
  headers?: Array<{ name: string; value: string }>;
  body?: { mimeType?: string; text?: string };
}
interface Importers {
  convert(raw: string): Promise<{ type: { id: string }; data: { __export_format: number; resources: InsomniaResource[] } }>;
}

const DIR = path.join(rootDir, 'generated', 'postman');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.postman_collection.json'))
  .sort();

let importers: Importers;
beforeAll(async () => {
  const modules = await installTool('insomnia');
  importers = createRequire(path.join(modules, 'noop.js'))('insomnia-importers') as Importers;
}, 300_000);

describe.each(FILES)('%s', (file) => {
  test("Insomnia's importer reads it: every request, both developer headers, the body and the URL", async () => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    const postman = requestsOf((JSON.parse(text) as PostmanCollection).item);
    const result = await importers.convert(text);
    expect(result.type.id).toBe('postman');
    expect(result.data.__export_format).toBe(4);
    const requests = result.data.resources.filter((r) => r._type === 'request');
    expect(requests.map((r) => r.name)).toEqual(postman.map((r) => r.name));
    for (const [i, r] of requests.entries()) {
      const source = postman[i];
      expect(r.headers, r.name).toEqual(
        expect.arrayContaining([
          { name: 'developer-token', value: '{{developerToken}}' },
          { name: 'developer-access-code', value: '{{accessCode}}' },
        ]),
      );
      expect(r.method).toBe(source?.request.method);
      expect(r.url).toBe(source?.request.url.raw);
      expect(r.body?.text ?? undefined, r.name).toBe(source?.request.body?.raw);
    }
  });
});

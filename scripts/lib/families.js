// The route families the pipeline builds: redocly.yaml's `apis:` (one entry per
// family, the single config for every API) joined with spec/catalog.yaml's titles.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { readCatalog } from "./catalog.js";
export async function readFamilies(rootDir) {
    const [redoclyText, catalog] = await Promise.all([readFile(path.join(rootDir, 'redocly.yaml'), 'utf8'), readCatalog(rootDir)]);
    const redocly = parse(redoclyText);
    return Object.entries(redocly.apis ?? {}).map(([id, api]) => {
        const entry = catalog.families.find((family) => family.name === id);
        return {
            id,
            root: path.resolve(rootDir, api.root),
            title: entry?.title ?? id,
            status: entry?.status ?? 'unknown',
        };
    });
}

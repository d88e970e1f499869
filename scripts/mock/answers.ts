// Each operation's ordinary answer, rendered ahead of time by Prism itself (its
// response negotiation, example selection and schema sampler), so the fast front sends
// exactly what Prism would without running Prism per request. Rendering needs Prism
// loaded (about 1 s), so the rendered answers are kept in a start cache keyed by the
// bundles' bytes and Prism's version, with the bundles as JSON beside them (parsing
// the YAML took ~0.2 s of every start): later starts read both in milliseconds.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrismEngine } from './prism-adapter.ts';
import type { RouteTable } from './routes.ts';

export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** Bumped whenever what is cached changes shape. */
const CACHE_FORMAT = 1;

/** An answer's bytes as the mock sends them on either path. */
export function serializeAnswer(status: number, headers: Record<string, string>, body: unknown): RenderedAnswer {
  const type = headers['content-type'] ?? '';
  const text = body === undefined ? undefined : JSON_TYPE.test(type) || type === '' ? JSON.stringify(body) : String(body);
  return { status, headers, ...(text === undefined ? {} : { body: text }) };
}

/** A concrete path for a template (a templated segment gets its own name). */
export function concretePath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, '$1');
}

export function routeKey(method: string, template: string): string {
  return `${method} ${template}`;
}

/** The ordinary answer of every operation, as Prism gives it to a call it does not validate. */
export async function renderAnswers(engine: PrismEngine, routes: RouteTable): Promise<Map<string, RenderedAnswer>> {
  const answers = new Map<string, RenderedAnswer>();
  for (const op of routes.operations) {
    const outcome = await engine.request(
      { method: op.method as 'post', url: { path: concretePath(op.template) }, headers: {} },
      {},
      op.template,
    );
    if (outcome.kind === 'error')
      throw new Error(`Prism could not render the answer of ${op.method.toUpperCase()} ${op.template}: ${outcome.detail}`);
    answers.set(routeKey(op.method, op.template), serializeAnswer(outcome.status, outcome.headers, outcome.body));
  }
  return answers;
}

/** The bundles' bytes, by family id, in the order given. */
export type BundleBytes = Array<{ id: string; bytes: Buffer }>;

export interface StartCache {
  documents: Array<{ id: string; doc: Record<string, unknown> }>;
  answers: Map<string, RenderedAnswer>;
}

export function startCacheFile(rootDir: string, bundles: BundleBytes): string {
  const require = createRequire(import.meta.url);
  const prismVersion = (require('@stoplight/prism-http/package.json') as { version: string }).version;
  const hash = createHash('sha256').update(JSON.stringify({ CACHE_FORMAT, prismVersion }));
  for (const { id, bytes } of bundles) hash.update(`\u0000${id}\u0000`).update(bytes);
  return path.join(rootDir, 'node_modules', '.cache', 'air-travel-mock', `start-${hash.digest('hex').slice(0, 24)}.json`);
}

export async function readStartCache(file: string): Promise<StartCache | undefined> {
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as {
      documents: StartCache['documents'];
      answers: Record<string, RenderedAnswer>;
    };
    return { documents: cached.documents, answers: new Map(Object.entries(cached.answers)) };
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a rename), so a concurrent start never reads half a file. */
export async function writeStartCache(file: string, cache: StartCache): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ documents: cache.documents, answers: Object.fromEntries(cache.answers) }));
    await rename(temp, file);
  } catch {
    // A read-only install still works: the answers are rendered again at the next start.
  }
}

// Each operation's ordinary answer, rendered ahead of time by Prism itself (its response
// negotiation, example selection and schema sampler), so the fast front sends exactly
// what Prism would without running Prism per request, and without Prism installed.
// `npm run build` renders every document the package ships into the start cache
// (generated/mock/start.json), keyed by the digest of the document's bytes; a document
// it does not hold (one being edited) is rendered on first start and kept in a local cache.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { START_CACHE_FILE } from '../lib/layout.ts';
import type { FamilyDocument } from './join.ts';
import { routeKey, serializeAnswer, variantKey } from './answer-keys.ts';
import type { Preferences } from './prefer.ts';
import { createPrismEngine, prismVersion, type PrismEngine } from './prism-adapter.ts';
import { RouteTable } from './routes.ts';

export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** One document's answers, by `method template`. */
export type RouteAnswers = Record<string, RenderedAnswer>;

/** What the pipeline writes for the mock (generated/mock/start.json). */
export interface StartCache {
  note: string;
  /** The route families, in the order the mock joins them. */
  families: string[];
  /** Family id → the document id of its observed flavour. */
  observed: Record<string, string>;
  renderedBy: string;
  /** Document digest → the document's id and its answers. */
  answers: Record<string, { document: string; routes: RouteAnswers }>;
}

/** A concrete path for a template (a templated segment gets its own name). */
export function concretePath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, '$1');
}

export { routeKey, serializeAnswer, variantKey };

/** The key of a document's answers: the digest of its bytes (a file's, or its JSON text when built in memory). */
export function documentDigest(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * Every answer of every operation, as Prism gives it to a call it does not validate: the
 * ordinary one, and the one each `Prefer: code=` of a declared status and each
 * `example=` of that status's examples gets, so the front answers `Prefer` without Prism.
 */
export async function renderAnswers(engine: PrismEngine, routes: RouteTable): Promise<RouteAnswers> {
  const answers: RouteAnswers = {};
  for (const op of routes.operations) {
    const render = async (preferences: Preferences) => {
      const outcome = await engine.request(
        { method: op.method as 'post', url: { path: concretePath(op.template) }, headers: {} },
        preferences,
        op.template,
      );
      if (outcome.kind === 'error')
        throw new Error(
          `Prism could not render the answer of ${op.method.toUpperCase()} ${op.template} (${JSON.stringify(preferences)}): ${outcome.detail}`,
        );
      return serializeAnswer(outcome.status, outcome.headers, outcome.body);
    };
    answers[routeKey(op.method, op.template)] = await render({});
    for (const status of op.declaredStatuses) {
      answers[variantKey(op.method, op.template, status)] = await render({ code: status });
      for (const example of op.exampleNames.get(status) ?? [])
        answers[variantKey(op.method, op.template, status, example)] = await render({ code: status, exampleKey: example });
    }
  }
  return answers;
}

/** One document's answers, rendered by a Prism of its own (loaded on first need). */
export async function renderDocumentAnswers(document: FamilyDocument): Promise<RouteAnswers> {
  const engine = await createPrismEngine(structuredClone(document.doc), {
    validateRequest: false,
    logLevel: 'silent',
    logSink: { write: () => undefined },
  });
  return renderAnswers(engine, new RouteTable([document]));
}

/** The start cache for these documents, as the pipeline writes it. */
export async function renderStartCache(
  families: string[],
  observed: Record<string, string>,
  documents: ReadonlyArray<{ document: FamilyDocument; digest: string }>,
): Promise<StartCache> {
  const answers: StartCache['answers'] = {};
  for (const { document, digest } of documents) answers[digest] = { document: document.id, routes: await renderDocumentAnswers(document) };
  return {
    note: 'Made by `npm run build` from the bundles beside it; do not edit. The answers the mock sends, rendered by Prism, by digest of each document.',
    families,
    observed,
    renderedBy: `@stoplight/prism-http ${await prismVersion()}`,
    answers,
  };
}

export async function readStartCache(rootDir: string): Promise<StartCache | undefined> {
  try {
    return JSON.parse(await readFile(path.join(rootDir, START_CACHE_FILE), 'utf8')) as StartCache;
  } catch {
    return undefined;
  }
}

/** Answers rendered on this machine, for documents the start cache does not hold. */
export class LocalAnswers {
  readonly #dir: string;
  constructor(dir: string) {
    this.#dir = dir;
  }

  #file(digest: string): string {
    // `v2`: the answers of `Prefer` are filed too (an older file lacks them).
    return path.join(this.#dir, `answers-v2-${digest}.json`);
  }

  async read(digest: string): Promise<RouteAnswers | undefined> {
    try {
      return JSON.parse(await readFile(this.#file(digest), 'utf8')) as RouteAnswers;
    } catch {
      return undefined;
    }
  }

  /** Written whole or not at all (a rename), so a concurrent start never reads half a file. */
  async write(digest: string, answers: RouteAnswers): Promise<void> {
    try {
      await mkdir(this.#dir, { recursive: true });
      const temp = `${this.#file(digest)}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(answers));
      await rename(temp, this.#file(digest));
    } catch {
      // A read-only folder still works: the answers are rendered again at the next start.
    }
  }
}

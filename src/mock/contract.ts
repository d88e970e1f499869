// One contract the mock serves: its documents, their route table, each operation's
// pre-rendered answer, its request validator (compiled on first call) and Prism (loaded on
// first need). A request runs from start to end on the contract it started on, so a
// contract swapped in later (the contributor's loop) never changes a call in flight.
import { plainCopy } from '../lib/refs.ts';
import {
  type LocalAnswers,
  renderDocumentAnswers,
  routeKey,
  type RenderedAnswer,
  type RouteAnswers,
  type StartCache,
  variantKey,
} from './answers.ts';
import type { AnswerVariant } from './decide.ts';
import { loadFixtures, withFixtures } from './fixtures.ts';
import type { ExamplePair } from './pairs.ts';
import { BigBodyPool } from './big-bodies.ts';
import { joinDocuments, type FamilyDocument } from './join.ts';
import { createPrismEngine, type PrismEngine } from './prism-adapter.ts';
import type { RequestLog } from './request-log.ts';
import { RouteTable, type MockOperation } from './routes.ts';
import type { ServedDocument } from './sources.ts';
import { compileBodyValidator, validatorCompilers, type BodyValidator, type ValidatorCompilers } from './validators.ts';
import { withLength } from './wire.ts';

export interface ContractOptions {
  /** Every call answered through Prism (the reference the fast front is tested against): no answers needed. */
  reference: boolean;
  startCache: StartCache;
  /** Where answers of documents the start cache does not hold are kept. */
  localAnswers: LocalAnswers;
  log: RequestLog;
}

/** The extra documents keep only the routes no family serves: a family's own route always wins. */
function withoutServedRoutes(documents: readonly ServedDocument[], familyIds: readonly string[]): FamilyDocument[] {
  const isFamily = new Set(familyIds);
  const served = new Set(documents.filter(({ id }) => isFamily.has(id)).flatMap(({ doc }) => Object.keys((doc.paths ?? {}) as object)));
  return documents.map(({ id, doc }) =>
    isFamily.has(id)
      ? { id, doc }
      : {
          id,
          doc: { ...doc, paths: Object.fromEntries(Object.entries((doc.paths ?? {}) as object).filter(([route]) => !served.has(route))) },
        },
  );
}

export class MockContract {
  readonly documents: FamilyDocument[];
  readonly routes: RouteTable;
  readonly #options: ContractOptions;
  readonly #answers = new Map<string, RenderedAnswer>();
  readonly #ordinary = new Map<MockOperation, RenderedAnswer>();
  readonly #byStatus = new Map<MockOperation, Map<number, RenderedAnswer>>();
  /** Documents whose answers are being rendered (Prism), by id. */
  readonly #rendering = new Map<string, Promise<void>>();
  readonly #validators = new Map<MockOperation, BodyValidator>();
  readonly #compilers: ValidatorCompilers;
  readonly #engines: { trusting?: Promise<PrismEngine>; validating?: Promise<PrismEngine> } = {};
  #bigBodies: BigBodyPool | undefined;
  /** Set only when fixtures are loaded: without them the core reads each operation's own pairs. */
  pairsOf?: (op: MockOperation) => readonly ExamplePair[];

  constructor(served: readonly ServedDocument[], familyIds: readonly string[], options: ContractOptions) {
    this.#options = options;
    this.documents = withoutServedRoutes(served, familyIds);
    this.routes = new RouteTable(this.documents);
    this.#compilers = validatorCompilers(this.documents);
  }

  /** Adds an integrator's fixture folder (fixtures.ts) to the document's pairs; a folder with one invalid file is refused whole. */
  async useFixtures(dir: string): Promise<void> {
    const pairsOf = withFixtures(await loadFixtures(dir, this.routes, this.documents));
    if (pairsOf) this.pairsOf = pairsOf;
  }

  /** Files each document's answers from the start cache, the local cache, or Prism (in the background). */
  async prepare(served: readonly ServedDocument[]): Promise<void> {
    if (this.#options.reference) {
      void this.prism(true).catch(() => undefined); // the reference engine starts loading now
      return;
    }
    await Promise.all(
      served.map(async ({ id, doc, digest }) => {
        const known = this.#options.startCache.answers[digest]?.routes ?? (await this.#options.localAnswers.read(digest));
        if (known) return this.#file(known);
        const rendering = renderDocumentAnswers({ id, doc }).then(async (answers) => {
          this.#file(answers);
          this.#rendering.delete(id);
          await this.#options.localAnswers.write(digest, answers);
        });
        rendering.catch(() => undefined);
        this.#rendering.set(id, rendering);
      }),
    );
  }

  #file(answers: RouteAnswers): void {
    for (const [key, answer] of Object.entries(answers))
      this.#answers.set(key, answer.body === undefined ? answer : { ...answer, headers: withLength(answer.headers, answer.body) });
  }

  /** The operation's ordinary answer (or the one a `Prefer` gets), waiting for its document's rendering when it is under way. */
  async answerOf(op: MockOperation, variant?: AnswerVariant): Promise<RenderedAnswer> {
    const key = variant ? variantKey(op.method, op.template, variant.status, variant.example) : routeKey(op.method, op.template);
    const ready = this.#answers.get(key);
    if (ready) return ready;
    await this.#rendering.get(op.family);
    const answer = this.#answers.get(key);
    if (!answer) throw new Error(`No answer was rendered for ${key}`);
    return answer;
  }

  /** The answer without waiting, when it is ready (the common case). */
  readyAnswerOf(op: MockOperation, variant?: AnswerVariant): RenderedAnswer | undefined {
    if (variant?.example !== undefined) return this.#answers.get(variantKey(op.method, op.template, variant.status, variant.example));
    if (variant) {
      // `Prefer: code=` by operation and status, once found: no key is built for it again.
      let byStatus = this.#byStatus.get(op);
      if (!byStatus) {
        byStatus = new Map();
        this.#byStatus.set(op, byStatus);
      }
      let answer = byStatus.get(variant.status);
      if (!answer) {
        answer = this.#answers.get(variantKey(op.method, op.template, variant.status));
        if (answer) byStatus.set(variant.status, answer);
      }
      return answer;
    }
    // By operation, once found: no key is built on the common path.
    let answer = this.#ordinary.get(op);
    if (!answer) {
      answer = this.#answers.get(routeKey(op.method, op.template));
      if (answer) this.#ordinary.set(op, answer);
    }
    return answer;
  }

  validatorOf(op: MockOperation): BodyValidator {
    let validator = this.#validators.get(op);
    if (!validator) {
      validator = compileBodyValidator(this.#compilers, op);
      this.#validators.set(op, validator);
    }
    return validator;
  }

  /** The worker pool for large bodies, started on the first one. */
  bigBodies(): BigBodyPool {
    this.#bigBodies ??= new BigBodyPool(this.documents);
    return this.#bigBodies;
  }

  /** Prism over every document: validating (the reference engine), or trusting the front's checks. */
  prism(validating: boolean): Promise<PrismEngine> {
    const slot = validating ? 'validating' : 'trusting';
    // Prism's own copy: its ref parser changes the document it is given in place.
    const engine = (this.#engines[slot] ??= createPrismEngine(
      plainCopy(joinDocuments(this.documents, 'Air travel booking — every route family')),
      {
        validateRequest: validating,
        logLevel: 'silent',
        logSink: this.#options.log.prismSink,
      },
    ));
    // A failed load (Prism not installed) is tried again on the next call that needs it.
    engine.catch(() => {
      if (this.#engines[slot] === engine) delete this.#engines[slot];
    });
    return engine;
  }

  /** Ends the worker pool and waits for answers still being rendered (and written to the local cache). */
  async close(): Promise<void> {
    this.#bigBodies?.close();
    await Promise.all([...this.#rendering.values()].map((p) => p.catch(() => undefined)));
  }
}

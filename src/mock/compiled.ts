// The mock's decisions on a contract the build compiled ahead of time (generated/msw/<id>.js:
// routes, rendered answers, standalone validators), for the doors that run without the Node
// mock's server: the MSW handlers and the MCP server's in-process target. No validator is
// compiled at run time and no Node module is loaded, so it runs in a browser page too.
import type { RouteAnswers } from './answers.ts';
import { routeKey, variantKey } from './answer-keys.ts';
import { refuseNulls } from './behaviours.ts';
import { bodyValidatorOf, type BodyValidator, checkerOf, type CompiledValidator } from './body-check.ts';
import { type Decision, type DecisionContract, type DecisionRequest, decide, type ReadyAnswer } from './decide.ts';
import type { MockResponder } from './responder.ts';
import type { ExamplePair } from './pairs.ts';
import { EXAMPLE as SESSION_EXAMPLE, renderedSessionAnswer, sessionRule, STATUS as SESSION_STATUS } from './session-rule.ts';
import { type MockOperation, RouteTable } from './routes.ts';

/** One document as the build compiled it (generated/msw/<id>.js). */
export interface CompiledDocument {
  id: string;
  servers: string[];
  /** What the route table reads: paths, security, the named patterns, request examples without credentials (no schemas, no answer values). */
  doc: Record<string, unknown>;
  namedKeys: string[];
  answers: RouteAnswers;
  /** Route key → the body validators: stopping at the first error, listing every error. */
  validators: Record<string, [CompiledValidator, CompiledValidator]>;
}

/** The documents of one base URL as the contract the mock's decisions run on. */
export class CompiledContract implements DecisionContract {
  readonly routes: RouteTable;
  readonly #answers = new Map<string, ReadyAnswer>();
  readonly #compiled = new Map<string, [CompiledValidator, CompiledValidator]>();
  readonly #validators = new Map<MockOperation, BodyValidator>();
  readonly #namedKeys: ReadonlySet<string>;
  /** Set only with fixtures (`examples`): the core reads each operation's own pairs otherwise. */
  readonly pairsOf?: (op: MockOperation) => readonly ExamplePair[];

  constructor(documents: readonly CompiledDocument[], pairsOf?: (op: MockOperation) => readonly ExamplePair[]) {
    if (pairsOf) this.pairsOf = pairsOf;
    this.routes = new RouteTable(documents.map((d) => ({ id: d.id, doc: d.doc })));
    for (const d of documents) {
      for (const [key, answer] of Object.entries(d.answers)) this.#answers.set(key, answer);
      for (const [key, pair] of Object.entries(d.validators)) this.#compiled.set(key, pair);
    }
    this.#namedKeys = new Set(documents.flatMap((d) => d.namedKeys));
  }

  validatorOf(op: MockOperation): BodyValidator {
    let validator = this.#validators.get(op);
    if (!validator) {
      const pair = this.#compiled.get(routeKey(op.method, op.template));
      validator = bodyValidatorOf(
        op,
        pair
          ? checkerOf(
              pair[0],
              () => pair[1],
              () => this.#namedKeys,
              'request',
            )
          : undefined,
      );
      this.#validators.set(op, validator);
    }
    return validator;
  }

  readyAnswerOf(op: MockOperation, variant?: { status: number; example?: string }): ReadyAnswer | undefined {
    return this.#answers.get(
      variant ? variantKey(op.method, op.template, variant.status, variant.example) : routeKey(op.method, op.template),
    );
  }
}

export interface DeciderOptions {
  /** Replay the observed flavour's behaviours (default true), as `startMock({ behaviours })`. */
  behaviours?: boolean;
  /** Answers from state, asked only for a call that passed validation, as `startMock({ respond })`. */
  respond?: MockResponder;
  /** Integrators' fixtures (`examples`), as the mock's loader read them; the documents' own pairs otherwise. */
  pairsOf?: (op: MockOperation) => readonly ExamplePair[];
}

/** The mock's decisions on some compiled documents, and the routes they answer. */
export interface CompiledDecider {
  /** The documents' routes: a door answers only a path these hold and lets every other request through. */
  readonly routes: RouteTable;
  /** The mock's decision for one request: the same screen and session rule the mock's server applies. */
  decide(request: DecisionRequest): Decision;
}

export function compiledDecider(documents: readonly CompiledDocument[], options: DeciderOptions = {}): CompiledDecider {
  const contract = new CompiledContract(documents, options.pairsOf);
  const screen = options.behaviours === false ? undefined : (op: MockOperation, body: unknown) => refuseNulls(op, body);
  // The legacy session rule, as the mock's server asks it before the caller's responder.
  const sessionAnswer = renderedSessionAnswer(
    (op) => contract.readyAnswerOf(op, { status: SESSION_STATUS, example: SESSION_EXAMPLE })?.body,
  );
  const respond = sessionRule(() => contract.routes, options.respond, sessionAnswer);
  return { routes: contract.routes, decide: (request) => decide(contract, request, { ...(screen ? { screen } : {}), respond }) };
}

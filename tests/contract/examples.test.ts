// The examples of the contract: each one validates against its schema; the mock answers
// the first by default and any other on `Prefer: example=<name>`; and the typed client
// turns the error answers the description publishes (Part 7) into its typed errors:
// `SessaoExpirada: true` → SessionExpiredError, an AutenticacaoRS with `Erros` filled →
// AuthenticationError, a V1 wrapper with `Sucesso: false` → V1UnsuccessfulError.
import { describe, expect, inject, test } from 'vitest';
import { AuthenticationError, type CallError, SessionExpiredError, V1UnsuccessfulError } from '../../src/errors.ts';
import { resolve, validBody } from '../../scripts/lib/contract.ts';
import { isObject, type Json, type JsonObject } from '../../src/lib/json.ts';
import {
  allOperations,
  clientFor,
  expectRefusal,
  pathOptions,
  rejectionOf,
  successExamples,
  successSchemaName,
  validatorOf,
  type ContractOperation,
} from './support.ts';

const mockUrl = inject('mockUrl');

interface MediaExample {
  where: string;
  doc: JsonObject;
  schema: Json;
  value: Json;
}

/** Every example of every request and response media type of every bundle. */
function mediaExamples(): MediaExample[] {
  const docs = [...new Set(allOperations.map((op) => op.doc))];
  return docs.flatMap((doc) =>
    allOperations
      .filter((op) => op.doc === doc)
      .flatMap((op) => {
        const operation = resolve(doc, resolve(doc, isObject(doc.paths) ? doc.paths[op.template] : undefined)[op.method]);
        const holders: Array<[string, JsonObject]> = [['request', resolve(doc, operation.requestBody)]];
        for (const [status, response] of Object.entries(resolve(doc, operation.responses))) holders.push([status, resolve(doc, response)]);
        return holders.flatMap(([holder, node]) =>
          Object.entries(isObject(node.content) ? node.content : {}).flatMap(([type, raw]) => {
            const media = resolve(doc, raw);
            const named = isObject(media.examples)
              ? Object.entries(media.examples).map(([name, e]) => [name, resolve(doc, e).value ?? null] as const)
              : [];
            const single = media.example === undefined ? [] : [['example', media.example] as const];
            return [...named, ...single].map(([name, value]) => ({
              where: `${op.family} ${op.name} ${holder} ${type} ${name}`,
              doc,
              schema: media.schema ?? {},
              value,
            }));
          }),
        );
      }),
  );
}

/** The typed error Part 7 makes of this answer of this operation, if any. */
type ErrorClass = new (...args: never[]) => CallError;

function errorFor(op: ContractOperation, value: Json): ErrorClass | undefined {
  if (!isObject(value)) return undefined;
  if (op.family === 'legacy' && value.SessaoExpirada === true) return SessionExpiredError;
  if (successSchemaName(op) === 'AutenticacaoRS' && Array.isArray(value.Erros) && value.Erros.length > 0) return AuthenticationError;
  if (op.family === 'v1' && value.Sucesso === false) return V1UnsuccessfulError;
  return undefined;
}

function tagsOf(op: ContractOperation): string[] {
  const operation = resolve(op.doc, resolve(op.doc, isObject(op.doc.paths) ? op.doc.paths[op.template] : undefined)[op.method]);
  return Array.isArray(operation.tags) ? operation.tags.map(String) : [];
}

function call(op: ContractOperation, prefer?: string): Promise<unknown> {
  const { client } = clientFor(op.family, mockUrl);
  return client.call(op.template, validBody(op), pathOptions(op, prefer ? { headers: { Prefer: prefer } } : {}));
}

const examples = mediaExamples();
const withExamples = allOperations.filter((op) => successExamples(op).length > 0);
const picks = withExamples.flatMap((op) => successExamples(op).map((e) => [`${op.family} ${op.name}`, e.name, op, e.value] as const));

describe('every example of the contract validates against its schema', () => {
  test('there are examples', () => {
    expect(examples.length).toBeGreaterThan(0);
  });
  test.each(examples.map((e) => [e.where, e] as const))('%s', (_where, example) => {
    const validate = validatorOf(example.doc)(example.schema);
    expect(validate(example.value) ? '' : JSON.stringify(validate.errors)).toBe('');
  });
});

describe('Prefer: example=<name> picks each named example of a 200 answer', () => {
  test.each(picks)('%s: %s', async (_op, name, op, value) => {
    const expected = errorFor(op, value);
    const answer = call(op, `example=${name}`);
    if (!expected) {
      expect(await answer).toEqual(value);
      return;
    }
    const error = await rejectionOf(answer);
    expect(error).toBeInstanceOf(expected);
    expect((error as CallError).operation).toBe(op.path.slice(op.path.lastIndexOf('/') + 1));
  });
});

describe('the error answers the description publishes, picked with Prefer, become the client’s typed errors', () => {
  const legacySeats = allOperations.filter((op) => op.family === 'legacy' && tagsOf(op).includes('Seats'));
  const autenticacaoRS = allOperations.filter((op) => successSchemaName(op) === 'AutenticacaoRS');

  test('the operations are there', () => {
    expect(legacySeats.length).toBeGreaterThan(0);
    expect(autenticacaoRS.length).toBeGreaterThan(0);
  });

  test.each(legacySeats.map((op) => [op.name, op] as const))(
    'legacy %s: ordinary by default; example=sessaoExpirada → SessionExpiredError',
    async (_name, op) => {
      const ordinary = await call(op);
      expect(isObject(ordinary as Json) && (ordinary as JsonObject).SessaoExpirada === true).toBe(false);
      const error = await rejectionOf(call(op, 'example=sessaoExpirada'));
      expect(error).toBeInstanceOf(SessionExpiredError);
      expect((error as SessionExpiredError).body).toEqual({ SessaoExpirada: true });
      expect((error as SessionExpiredError).message).toMatch(/SessaoExpirada: true/);
    },
  );

  test.each(autenticacaoRS.map((op) => [op.name, op] as const))(
    '%s: Erros empty by default; example=erro → AuthenticationError carrying the Erros texts',
    async (_name, op) => {
      const ordinary = (await call(op)) as { Erros?: unknown; Token?: unknown };
      expect(ordinary.Erros ?? []).toEqual([]);
      expect(typeof ordinary.Token).toBe('string');
      const erro = successExamples(op).find((e) => e.name === 'erro');
      expect(erro, 'an example named erro').toBeDefined();
      const error = await rejectionOf(call(op, 'example=erro'));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).errors).toEqual((erro!.value as { Erros: string[] }).Erros);
    },
  );

  test('an example name the operation does not have: 404 naming it, as an HttpStatusError', async () => {
    const op = legacySeats[0]!;
    const problem = expectRefusal(await rejectionOf(call(op, 'example=naoExiste')), op, 404);
    expect(problem.detail).toMatch(/naoExiste/);
  });
});

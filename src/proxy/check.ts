// The proxy's contract checks, without Prism: the request routed by the mock's route table
// and checked as the front checks it (developer headers, content type, body), the answer
// matched to its declared response (the status, else its range, else `default`), its
// media type and its body checked against that response's schema. Violations are worded
// as Prism words them, so a report reads the same whichever engine made it.
import type { IncomingHttpHeaders } from 'node:http';
import type { FamilyDocument } from '../mock/join.ts';
import type { Violation } from '../mock/problem.ts';
import { missingSecurityHeaders, RouteTable, type MockOperation, type ResponseSpec } from '../mock/routes.ts';
import {
  compileBodyValidator,
  compileSchemaValidator,
  validatorCompilers,
  type BodyCheck,
  type ValidatorCompilers,
} from '../mock/validators.ts';
import { mediaTypeOf, unacceptedCharset } from '../mock/wire.ts';

export interface CheckResult {
  /** The first violations (errors and warnings), at most a few dozen. */
  violations: Violation[];
  /** How many there are in all. */
  total: number;
}

const NONE: CheckResult = { violations: [], total: 0 };
const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

function error(location: string[], message: string, code: string | number = 'invalid'): Violation {
  return { location, code, message, severity: 'Error' };
}

function fromCheck(check: BodyCheck | undefined): CheckResult {
  return check ? { violations: check.listed, total: check.total } : NONE;
}

function merge(...results: CheckResult[]): CheckResult {
  return { violations: results.flatMap((r) => r.violations), total: results.reduce((n, r) => n + r.total, 0) };
}

/** `a/b` matches `a/b`, `a/*` or `*\/*` (and the reverse), as Prism's wildcard match does. */
function mediaTypesMatch(a: string, b: string): boolean {
  const [at, as] = a.split('/');
  const [bt, bs] = b.split('/');
  return (at === bt || at === '*' || bt === '*') && (as === bs || as === '*' || bs === '*');
}

/** The declared response for a status: the status itself, else its range (`2XX`), else `default`. */
export function responseFor(responses: readonly ResponseSpec[], status: number): ResponseSpec | undefined {
  const code = String(status);
  return (
    responses.find((r) => r.code === code) ??
    responses.find((r) => /^\dXX$/i.test(r.code) && r.code[0] === code[0]) ??
    responses.find((r) => r.code === 'default')
  );
}

export class ContractCheck {
  readonly routes: RouteTable;
  readonly #compilers: ValidatorCompilers;
  readonly #requests = new Map<MockOperation, ReturnType<typeof compileBodyValidator>>();
  readonly #responses = new Map<unknown, (value: unknown) => BodyCheck | undefined>();

  constructor(documents: FamilyDocument[]) {
    this.routes = new RouteTable(documents);
    this.#compilers = validatorCompilers(documents);
  }

  /** The operation a request goes to, or undefined (forwarded all the same, with a warning). */
  route(method: string, pathname: string): MockOperation | undefined {
    return this.routes.lookup(pathname)?.byMethod.get(method.toLowerCase());
  }

  /** The request's violations: developer headers, content type, body (undefined body: none sent or not parsed). */
  request(op: MockOperation, headers: IncomingHttpHeaders, hasBody: boolean, body: unknown, checkBody: boolean): CheckResult {
    const results: CheckResult[] = [this.#security(op, headers)];
    const mediaType = mediaTypeOf(headers['content-type']);
    if (hasBody && op.mediaTypes.length > 0 && !op.mediaTypes.some((declared) => mediaTypesMatch(mediaType, declared))) {
      results.push({ violations: [error(['request'], `Supported content types: ${op.mediaTypes.join(',')}`, 415)], total: 1 });
    } else if (hasBody && JSON_MEDIA.test(mediaType) && unacceptedCharset(headers['content-type'])) {
      // A JSON body in another charset: the mock refuses it with 415 naming the charset.
      results.push({ violations: [error(['request'], unacceptedCharset(headers['content-type'])!, 415)], total: 1 });
    } else if (checkBody) {
      let validator = this.#requests.get(op);
      if (!validator) this.#requests.set(op, (validator = compileBodyValidator(this.#compilers, op)));
      results.push(fromCheck(validator(body)));
    }
    return merge(...results);
  }

  /** The answer's violations: its status, media type and body against what the operation declares. */
  response(op: MockOperation, status: number, contentType: string | undefined, body: unknown, checkBody: boolean): CheckResult {
    const spec = responseFor(op.responses, status);
    if (!spec) {
      const declared = op.responses.map((r) => r.code).join(',');
      const message = `Unable to match the returned status code with those defined in the document: ${declared}`;
      return {
        violations: [{ location: ['response'], code: 'status', message, severity: status >= 200 && status < 300 ? 'Error' : 'Warning' }],
        total: 1,
      };
    }
    if (spec.contents.length === 0) return NONE;
    const mediaType = mediaTypeOf(contentType);
    const content = spec.contents.find((c) => mediaTypesMatch(mediaType, c.mediaType));
    // An error answer matched only by `default`: its format is not published (Part 7), so any
    // JSON type is in contract (the mock's own refusals are application/problem+json).
    if (!content && spec.code === 'default' && JSON_MEDIA.test(mediaType)) return NONE;
    if (!content) {
      const message = `The received media type "${contentType ?? ''}" does not match the one${spec.contents.length > 1 ? 's' : ''} specified in the current response: ${spec.contents.map((c) => c.mediaType).join(', ')}`;
      return { violations: [error(['response'], message, 'media-type')], total: 1 };
    }
    if (!checkBody || content.schema === undefined || !JSON_MEDIA.test(mediaType)) return NONE;
    let validator = this.#responses.get(content.schema);
    if (!validator)
      this.#responses.set(content.schema, (validator = compileSchemaValidator(this.#compilers, op.doc, content.schema, 'response')));
    return fromCheck(validator(body));
  }

  #security(op: MockOperation, headers: IncomingHttpHeaders): CheckResult {
    const missing = missingSecurityHeaders(op, headers)?.missing ?? [];
    const violations = missing.map((name) => error(['request', 'header', name], `Missing or empty header ${name}`, 401));
    return { violations, total: violations.length };
  }
}

/** The warning of a request no operation of the contract serves: it is forwarded, unchecked. */
export const ROUTE_NOT_FOUND: Violation = {
  location: ['request'],
  code: 'route',
  message: 'Selected route not found',
  severity: 'Warning',
};

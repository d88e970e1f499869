// What the mock says about a request (its problem bodies, its log lines) never quotes a
// secret of that request, in any encoding: the proxy's redactor (src/request-secrets.ts) over
// the request's secrets, which the contract index names (src/lib/contract-index.ts): the
// secret headers, the query parameters of a secret name, the body fields the proxy's
// secretsOf() collects. No Node module: the decision core and the MSW handlers run in a page.
import { isRedactedField, isSecretHeader, REDACTED } from '../lib/contract-index.ts';
import { type Redactor, redactorFor, redactPath, secretsOf } from '../request-secrets.ts';
import type { Problem, Violation } from './problem.ts';

export type { Redactor } from '../request-secrets.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** Query parameters of a secret name taken as secrets, at most: their names are never printed with a value anyway. */
const MAX_QUERY_SECRETS = 16;

/** Whether a query parameter's value is a secret: a secret header's name or a redacted field's, however spelt. */
const secretName = (name: string): boolean => isSecretHeader(name) || isRedactedField(name);

/** A query's parameters, decoded as a form decodes them; a malformed escape leaves its part as sent. */
function parameters(query: string): Array<{ raw: string; name: string; value: string }> {
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((raw) => {
      const at = raw.indexOf('=');
      return { raw, name: decode(at < 0 ? raw : raw.slice(0, at)), value: at < 0 ? '' : decode(raw.slice(at + 1)) };
    });
}

/**
 * The secrets of one request, found once and only when a text is to be shown: a request
 * answered without a refusal and not logged costs nothing here.
 */
export class RequestSecrets {
  readonly #headers: Headers;
  readonly #target: string;
  #body: unknown;
  #more: readonly string[] = [];
  #redact: Redactor | undefined;

  constructor(headers: Headers, target: string) {
    this.#headers = headers;
    this.#target = target;
  }

  /** The parsed body, once the core has it. */
  holdBody(body: unknown): void {
    this.#body = body;
    this.#redact = undefined;
  }

  /** Secrets found elsewhere (a large body's process walked it: this side never holds it). */
  add(secrets: readonly string[]): void {
    this.#more = [...this.#more, ...secrets];
    this.#redact = undefined;
  }

  /** The request's redactor, made on first use. */
  get redact(): Redactor {
    this.#redact ??= redactorFor(this.list());
    return this.#redact;
  }

  /** Every secret of the request: its secret headers and body fields (secretsOf), its query parameters of a secret name. */
  list(): string[] {
    const found = secretsOf(this.#headers as Record<string, string | string[] | undefined>, this.#body);
    const at = this.#target.indexOf('?');
    if (at >= 0) {
      // A bounded number: each costs a dozen searches in every text, and a query can repeat a name thousands of times.
      const named = parameters(this.#target.slice(at + 1)).filter((p) => p.value.trim() !== '' && secretName(p.name));
      for (const p of named.slice(0, MAX_QUERY_SECRETS)) found.push(p.value.trim());
    }
    return [...new Set([...found, ...this.#more])];
  }
}

/** A request target as a log line shows it: each path segment holding a secret replaced, each secret query value too. */
export function shownTarget(target: string, redact: Redactor): string {
  const at = target.indexOf('?');
  const path = redactPath(at < 0 ? target : target.slice(0, at), redact);
  if (at < 0) return path;
  const query = parameters(target.slice(at + 1)).map(({ raw, name, value }) => {
    if (secretName(name) || (value !== '' && redact(value) === REDACTED))
      return `${redact(raw.slice(0, raw.indexOf('=') < 0 ? raw.length : raw.indexOf('=')))}=${REDACTED}`;
    return redact(raw);
  });
  return `${path}?${query.join('&')}`;
}

/** A quoted key (`found 'x'`) or a dotted path segment (`property a.x`) that is a secret whole: short secrets are not searched for inside text. */
function redactWords(text: string, redact: Redactor): string {
  return text
    .replace(/'([^']*)'/g, (whole, inner: string) => (redact(inner) === REDACTED ? `'${REDACTED}'` : whole))
    .replace(/(property |^)([^\s:;]+)/g, (whole, lead: string, path: string) => {
      const parts = path.split('.');
      const shown = parts.map((part) => (redact(part) === REDACTED ? REDACTED : part));
      return shown.some((part, i) => part !== parts[i]) ? `${lead}${shown.join('.')}` : whole;
    });
}

/** A violation with every text redacted: its location segment by segment (a key can be the password), its message. */
export function redactedViolation(v: Violation, redact: Redactor): Violation {
  return {
    ...v,
    location: v.location.map((part) => redact(part)),
    ...(typeof v.code === 'string' ? { code: redact(v.code) } : {}),
    message: redactWords(redact(v.message), redact),
  };
}

/** A problem as sent: its detail (the path it names with each secret segment replaced) and its violations redacted. */
export function redactedProblem(p: Problem, redact: Redactor, pathname?: string): Problem {
  let detail = p.detail;
  if (pathname !== undefined && pathname !== '' && detail.includes(pathname)) {
    const shown = redactPath(pathname, redact);
    if (shown !== pathname) detail = detail.split(pathname).join(shown);
  }
  detail = redact(detail)
    .split('; ')
    .map((piece) => redactWords(piece, redact))
    .join('; ');
  const validation = p.validation?.map((v) => redactedViolation(v, redact));
  return { ...p, detail, ...(validation ? { validation } : {}) };
}

// RFC 9457 problem bodies for everything the mock refuses, so a refusal always says
// why in the body (Prism alone puts request violations only in a header).
import { LIMITS } from '../lib/limits.ts';

export interface Violation {
  location: string[];
  code: string | number;
  message: string;
  severity?: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  validation?: Violation[];
}

/**
 * Violations a problem lists at most. A body with thousands of wrong items gets one
 * violation per item: listing them all made a 5 MB request answer with 160 MB.
 */
export const MAX_LISTED_VIOLATIONS = 20;

/** The 413 of a body past LIMITS.bodyBytes, worded once for every door (the mock on a port, the MSW handlers). */
export const TOO_LARGE_DETAIL = `The body is larger than ${LIMITS.bodyBytes} bytes.`;

/**
 * The reason phrases of the statuses a problem can carry (4xx and 5xx, as Node's
 * STATUS_CODES words them), written out so that this module needs no Node module: the
 * decision core (decide.ts) runs in a browser too. Not the `statuses` package: it is
 * CommonJS with a JSON require, a runtime dependency every page bundle of the MSW handlers
 * would carry for these phrases, which tests/mock/problem-wording.test.ts pins.
 */
const STATUS_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

// `about:blank` with the status phrase as title (RFC 9457, 4.2.1): the mock has no
// problem types of its own to publish, and the service publishes none.
export function problem(status: number, detail: string, validation?: Violation[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_PHRASES[status] ?? 'Error',
    status,
    detail,
    ...(validation && validation.length > 0 ? { validation: validation.slice(0, MAX_LISTED_VIOLATIONS) } : {}),
  };
}

/**
 * One readable sentence from Prism's violations, naming each field. `total` is how many
 * there are in all when only the first ones were kept.
 */
export function describeViolations(violations: Violation[], total = violations.length, atLeast = false): string {
  const more = total - Math.min(violations.length, MAX_LISTED_VIOLATIONS);
  const listed = violations
    .slice(0, MAX_LISTED_VIOLATIONS)
    .map((v) => {
      const where = v.location.filter((part) => part !== 'request').join('.');
      return where ? `${where}: ${v.message}` : v.message;
    })
    .join('; ');
  if (atLeast && more > 0)
    return `${listed}; and at least ${more} more (a body this large is checked up to its first 10000 items of each array and keys of each object)`;
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

/** A pattern's readable name, e.g. `YYYY-MM-DD` for `^\d{4}-\d{2}-\d{2}$`. */
export type PatternForms = ReadonlyMap<string, string>;

const PATTERN_MESSAGE = / must match pattern "(.*)"$/s;

/**
 * A value that fails every branch of a `oneOf` of patterns (the contract's accepted
 * date forms) becomes one violation naming the forms, instead of one regex per branch
 * and a separate `oneOf` line. Violations the forms do not explain stay as they are.
 */
export function condenseOneOfPatterns(violations: Violation[], forms: PatternForms): Violation[] {
  const key = (v: Violation) => v.location.join('\u0000');
  const oneOfAt = new Set(violations.filter((v) => v.code === 'oneOf').map(key));
  if (oneOfAt.size === 0) return violations;
  const groups = new Map<string, Violation[]>();
  for (const v of violations) if (oneOfAt.has(key(v))) groups.set(key(v), [...(groups.get(key(v)) ?? []), v]);
  const condensed = new Map<string, Violation>();
  for (const [at, group] of groups) {
    const patterns = group.filter((v) => v.code === 'pattern').map((v) => PATTERN_MESSAGE.exec(v.message)?.[1]);
    const named = patterns.map((p) => (p === undefined ? undefined : forms.get(p.replace(/\\\\/g, '\\'))));
    if (patterns.length === 0 || named.some((n) => n === undefined) || group.some((v) => !['oneOf', 'pattern'].includes(String(v.code))))
      continue;
    const first = group[0]!;
    const subject = first.message.replace(PATTERN_MESSAGE, '').replace(/ must match exactly one schema in oneOf$/, '');
    const list = named as string[];
    const forms_ = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : list[0];
    condensed.set(at, {
      location: first.location,
      code: 'oneOf',
      message: `${subject} is in none of the accepted forms: ${forms_}`,
      severity: first.severity ?? 'Error',
    });
  }
  if (condensed.size === 0) return violations;
  const out: Violation[] = [];
  for (const v of violations) {
    const at = key(v);
    const replacement = condensed.get(at);
    if (!replacement) out.push(v);
    else if (replacement !== undefined && !out.includes(replacement)) out.push(replacement);
  }
  return out;
}

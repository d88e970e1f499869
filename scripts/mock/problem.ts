import { STATUS_CODES } from 'node:http';

// RFC 9457 problem bodies for everything the mock refuses, so a refusal always says
// why in the body (Prism alone puts request violations only in a header).
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

// `about:blank` with the status phrase as title (RFC 9457, 4.2.1): the mock has no
// problem types of its own to publish, and the service publishes none.
export function problem(status: number, detail: string, validation?: Violation[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(validation && validation.length > 0 ? { validation: validation.slice(0, MAX_LISTED_VIOLATIONS) } : {}),
  };
}

/**
 * One readable sentence from Prism's violations, naming each field. `total` is how many
 * there are in all when only the first ones were kept.
 */
export function describeViolations(violations: Violation[], total = violations.length): string {
  const more = total - Math.min(violations.length, MAX_LISTED_VIOLATIONS);
  const listed = violations
    .slice(0, MAX_LISTED_VIOLATIONS)
    .map((v) => {
      const where = v.location.filter((part) => part !== 'request').join('.');
      return where ? `${where}: ${v.message}` : v.message;
    })
    .join('; ');
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

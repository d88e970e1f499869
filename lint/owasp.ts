// The OWASP API Security ruleset (@stoplight/spectral-owasp-ruleset 2.0.1), adopted
// whole except for the rules below. Each one asks the contract to state something
// the interface description does not publish; stating it would be inventing it.
// Every other OWASP rule stays at its own severity.
import owasp from '@stoplight/spectral-owasp-ruleset';
import { asRuleset } from './ruleset-shape.ts';

// Its typings describe the CommonJS build; Node imports the ESM build, whose
// default export is the ruleset itself. asRuleset checks the shape at run time.
export const owaspRuleset = asRuleset(owasp, '@stoplight/spectral-owasp-ruleset');

/** OWASP rules turned off, each with the reason drawn from the description. */
export const owaspOff: Readonly<Record<string, string>> = {
  'owasp:api4:2023-rate-limit': 'Rate-limit headers: "Limits: not shown. No rate limits, size limits or time-outs are given" (Part 8).',
  'owasp:api4:2023-rate-limit-responses-429':
    'A 429 response: "HTTP status codes, error codes and the error body format: not shown" (Part 7) and no rate limits are given (Part 8).',
  'owasp:api8:2023-define-error-validation':
    'A 400/422/4XX response: "HTTP status codes, error codes and the error body format: not shown" (Part 7); errors are the described `default` response.',
  'owasp:api8:2023-define-error-responses-401':
    'A 401 response: the unauthorized-access and access-denied errors are named, but "HTTP status codes ... not shown" (Part 7); they are the `default` response.',
  'owasp:api8:2023-define-error-responses-500':
    'A 500 response: "HTTP status codes, error codes and the error body format: not shown" (Part 7).',
  'owasp:api4:2023-string-limit': 'maxLength on strings: no size limits are given (Part 8); the tables give the type `string` only.',
  'owasp:api4:2023-string-restricted':
    'A format or pattern on every string: the description gives `string` and no format for Login, Localizador, PaxID and the like ("values are shape only"); formats and patterns appear only where it gives one (dates, password).',
  'owasp:api4:2023-array-limit': 'maxItems on arrays (Assentos, ServiceIds, Erros): no size limits are given (Part 8).',
  'owasp:api4:2023-integer-limit':
    'minimum and maximum on integers (ClienteId, ServicoTipo, FormaDePagamento, counts): no ranges are given (Parts 2 and 8).',
  'owasp:api4:2023-integer-format': 'int32/int64 on integers: the description gives `integer` only (Part 2).',
  'owasp:api9:2023-inventory-environment':
    'Environment words (local, staging, production, ...) in server descriptions: Part 9 lists three environments, Sandbox, Production and the Legacy service, and does not say whether the legacy address is a sandbox or production; rule/server-environment (redocly.yaml) asks for one of those three instead.',
  'owasp:api9:2023-inventory-access':
    "`x-internal` on servers: the description states each environment and who it is for (sandbox for integrators' tests and certification, production given at enrolment, Part 9) and the server descriptions say so; it has no notion of internal servers, so the marker would only ever repeat that.",
};

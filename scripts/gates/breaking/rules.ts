// Every rule the checker applies, with the reason a client breaks (or does not).
// Request side: what a client sends today must still be accepted.
// Response side: what a client reads today must still be there, in the same shape.

export type Severity = 'breaking' | 'warning' | 'info';

interface Rule {
  severity: Severity;
  /** Why it matters to an integrator; ends a finding's message. */
  why: string;
}

const breaking = (why: string): Rule => ({ severity: 'breaking', why });
const warning = (why: string): Rule => ({ severity: 'warning', why });
const info = (why: string): Rule => ({ severity: 'info', why });

export const RULES = {
  // Operations and their envelope.
  'family-removed': breaking('every client of this route family loses every operation'),
  'path-removed': breaking('clients calling this path get an error and the generated client no longer offers it'),
  'operation-removed': breaking('clients calling this operation get an error and the generated client no longer offers it'),
  'parameter-removed': breaking('clients sending it no longer compile against the generated types, and the server ignores or rejects it'),
  'parameter-required': breaking('clients that do not send this parameter are rejected'),
  'request-body-required': breaking('clients that send no body are rejected'),
  'request-body-removed': breaking(
    'clients sending a body no longer compile against the generated types, and the server ignores or rejects it',
  ),
  'request-media-type-removed': breaking('clients sending this content type are rejected'),
  'response-status-removed': breaking('clients handling this status lose its typed body and their handling code'),
  'response-media-type-removed': breaking('clients parsing this content type no longer get it'),
  'response-header-removed': breaking('clients reading this header no longer get it'),
  'security-requirement-added': breaking("clients sending today's credentials are refused until they send the new ones"),

  // Request schemas.
  'request-property-removed': breaking(
    'clients sending it no longer compile against the generated types, and the server ignores or rejects it',
  ),
  'request-property-required': breaking('clients that omit it are rejected'),
  'request-type-narrowed': breaking('clients sending a value of the dropped type are rejected'),
  'request-enum-value-removed': breaking('clients sending that value are rejected'),
  'request-enum-added': breaking('the field now accepts only listed values; clients sending any other value are rejected'),
  'request-closed': breaking(
    'the object no longer accepts unlisted fields (additionalProperties: false); clients sending one are rejected',
  ),
  'request-alternative-removed': breaking('clients sending the shape of the removed alternative are rejected'),
  'request-constraint-tightened': breaking('values clients send today may now be rejected'),

  // Response schemas.
  'response-property-removed': breaking('clients reading it get undefined and no longer compile against the generated types'),
  'response-property-optional': breaking('clients that read it without a check get undefined'),
  'response-type-widened': breaking('clients get values of a type they do not handle'),
  'response-enum-value-removed': breaking('code comparing with that value no longer compiles against the generated union type'),
  'response-alternative-added': breaking('clients receive a shape they do not parse'),
  'response-constraint-loosened': breaking('clients get values outside the bounds or format they rely on'),

  // Worth a look, not a failure.
  'response-enum-value-added': warning('clients must tolerate the new value; an exhaustive switch misses it'),
  'response-enum-dropped': warning('the field may now hold any value; clients must tolerate values they do not know'),
  'became-undocumented': warning('the schema is now marked x-undocumented: the contract promises less about it'),

  // Non-breaking changes, reported so a release can list them.
  'path-added': info('a new path; no existing call changes'),
  'operation-added': info('a new operation; no existing call changes'),
  'request-property-added': info('a new optional field; existing bodies stay valid'),
  'request-property-optional': info('a field is no longer required; existing bodies stay valid'),
  'request-type-widened': info('more values are accepted; existing values stay valid'),
  'request-enum-value-added': info('one more value is accepted; existing values stay valid'),
  'request-opened': info('unlisted fields are now accepted; existing bodies stay valid'),
  'request-alternative-added': info('one more shape is accepted; existing bodies stay valid'),
  'response-property-added': info('a new field; clients ignore what they do not read'),
  'response-property-required': info('a field is now always present; clients that check for it keep working'),
  'response-type-narrowed': info('fewer kinds of values are returned; every one was already handled'),
  'response-alternative-removed': info('one shape is no longer returned; every remaining one was already handled'),
  'response-status-added': info('a new status; clients that do not handle it treat it as before (default)'),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

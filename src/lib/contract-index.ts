// The one place every door reads the contract's facts from: the index the build writes from
// the bundles (generated/contract/index.js, scripts/pipeline/contract-index.ts). Operations
// with their effect and replacement, which body fields and headers hold secrets, which carry
// the credentials, and the redaction marker. No Node module: the client and the MSW
// handlers run in a browser too.
import { CREDENTIAL_SPELLINGS, CREDENTIALS, FAMILIES, PATHS, READS, ROLES, SECRETS, SESSIONS } from '../../generated/contract/index.js';

export { LIMITS, limitBroken, type LimitBreak, type Limits } from './limits.ts';

/** What stands where a secret was: in errors, logs, problem bodies, copies and recordings alike. */
export const REDACTED = '[redacted]';

export type IndexedFamilyId = keyof typeof FAMILIES;
/** One operation of a family, as the index lists it. */
export type IndexedOperationOf<F extends IndexedFamilyId> = (typeof FAMILIES)[F]['operations'][number];
/** The names of a family's operations, exactly as the description lists them. */
export type OperationNameOf<F extends IndexedFamilyId> = IndexedOperationOf<F>['name'];
/** The paths of a family's operations. */
export type OperationPathOf<F extends IndexedFamilyId> = IndexedOperationOf<F>['path'];
/** The paths of a family's operations that only read (`x-effect: read`). */
export type ReadPathOf<F extends IndexedFamilyId> = Extract<IndexedOperationOf<F>, { effect: 'read' }>['path'];

export interface IndexedOperation {
  readonly name: string;
  readonly operationId: string;
  readonly path: string;
  readonly group: string;
  readonly effect: 'read' | 'write';
  readonly destructive: boolean;
  readonly deprecated: boolean;
  readonly replacedBy: { readonly operationId: string; readonly path: string } | null;
  readonly summary: string;
  readonly role: FlowRole | null;
  readonly authenticates: boolean;
  readonly answer: string | null;
  readonly credentials: Partial<Record<CredentialKind, string>>;
}

/** A step of a booking flow an operation stands for (`x-flow-role`, an inference: spec/extensions.md). */
export type FlowRole = { [F in keyof typeof ROLES]: keyof (typeof ROLES)[F] }[keyof typeof ROLES];

/** The names of a family's operations with a flow role, in the documents' order; none where the family has none. */
export function operationsWithRole(family: string, role: FlowRole): readonly string[] {
  // ROLES, not FAMILIES: the mock and the prompts need the names only.
  return (ROLES as Readonly<Record<string, Readonly<Partial<Record<FlowRole, readonly string[]>>>>>)[family]?.[role] ?? [];
}

/** The one operation of a family with a flow role; throws where the contract has none or several, so a door never guesses. */
export function operationWithRole(family: string, role: FlowRole): string {
  const names = operationsWithRole(family, role);
  if (names.length !== 1)
    throw new Error(`the contract index gives ${family} ${names.length} operations with x-flow-role ${role}, not one`);
  return names[0] as string;
}

type Sessions = Readonly<Record<string, { readonly authenticates: readonly string[]; readonly answersString: readonly string[] }>>;
/** The paths of a family that authenticate the credential (`x-session: authenticates`), in the documents' order. */
export const authenticatingPaths = (family: string): readonly string[] => (SESSIONS as Sessions)[family]?.authenticates ?? [];
/** The paths of a family whose 200 answer is a bare JSON string (the legacy `Autenticar`'s token or error text). */
export const stringAnswerPaths = (family: string): readonly string[] => (SESSIONS as Sessions)[family]?.answersString ?? [];

type Spellings = Readonly<
  Record<
    string,
    {
      readonly common: Partial<Record<CredentialKind, string>>;
      readonly at: Readonly<Record<string, Partial<Record<CredentialKind, string>>>>;
    }
  >
>;
/** A family's most common credential spelling, by kind (the V2 family's is Part 2.1's: Login, Senha, ClienteId). */
export const commonCredentialFields = (family: string): Partial<Record<CredentialKind, string>> | undefined =>
  (CREDENTIAL_SPELLINGS as Spellings)[family]?.common;

/** The credential fields the request body at a path declares, by kind: the family's common spelling unless that body spells them otherwise. */
export function credentialFieldsAt(family: string, path: string): Partial<Record<CredentialKind, string>> | undefined {
  const spelling = (CREDENTIAL_SPELLINGS as Spellings)[family];
  return spelling === undefined ? undefined : (spelling.at[path] ?? spelling.common);
}

// Pure: a bundle that reads only the secret names (the docs console's script) leaves the operations out.
export const FAMILY_IDS = /* @__PURE__ */ Object.keys(FAMILIES) as IndexedFamilyId[];

/** A family's operations in the documents' order, or none for a family the index does not know. */
export function operationsOf(family: string): readonly IndexedOperation[] {
  return (FAMILIES as Record<string, { operations: readonly IndexedOperation[] } | undefined>)[family]?.operations ?? [];
}

/** A family's paths, each once (Autenticar is on three legacy services), in the documents' order, typed as the index lists them. */
export function pathsOf<F extends IndexedFamilyId>(family: F): readonly OperationPathOf<F>[] {
  // PATHS, not FAMILIES: every client loads this, and a bundler then leaves the operations' other facts out.
  return PATHS[family] as readonly OperationPathOf<F>[];
}

const byPath = new Map<string, Map<string, IndexedOperation>>();
/** The operation of a family at a path, if the contract has one there. */
export function operationAt(family: string, path: string): IndexedOperation | undefined {
  let paths = byPath.get(family);
  if (!paths) byPath.set(family, (paths = new Map(operationsOf(family).map((op) => [op.path, op]))));
  return paths.get(path);
}

/** Whether the operation at a path only reads: the only calls a client may retry or re-authenticate. */
export function isReadPath(family: string, path: string): boolean {
  // READS, not FAMILIES: the client's retries load this, and a bundler then leaves the operations' other facts out.
  let reads = readSets.get(family);
  if (!reads) readSets.set(family, (reads = new Set((READS as Record<string, readonly string[] | undefined>)[family] ?? [])));
  return reads.has(path);
}
const readSets = new Map<string, ReadonlySet<string>>();

/** Whether the operation at a path cancels, removes or deletes something (`x-destructive`): the MCP server's destructiveHint. */
export const isDestructivePath = (family: string, path: string): boolean => operationAt(family, path)?.destructive === true;

/** Code points that change nothing a person sees: zero-width spaces and joiners, the BOM, soft hyphens, bidi marks, variation selectors, fillers. */
const INVISIBLE: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe0fff],
];
const invisible = (codePoint: number): boolean => INVISIBLE.some(([from, to]) => codePoint >= from && codePoint <= to);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A key as compared with the index's names: compatibility-normalized, invisible characters dropped, lower case. */
export function normalizeKey(key: string): string {
  // Printable ASCII (nearly every key): NFKC leaves it as it is, and none of it is invisible.
  if (PRINTABLE_ASCII.test(key)) return key.toLowerCase();
  let kept = '';
  for (const char of key.normalize('NFKC')) if (!invisible(char.codePointAt(0) as number)) kept += char;
  return kept.toLowerCase();
}

const SECRET_FIELDS = new Set(SECRETS.fields.map(normalizeKey));
/** A kind of agency credential (`x-credential`). */
export type CredentialKind = keyof typeof CREDENTIALS;
const CREDENTIAL_KEYS = new Map<string, CredentialKind>();
for (const kind of Object.keys(CREDENTIALS) as CredentialKind[]) {
  // The kind's own name counts too ('password', 'login', 'client-id'): English bodies' credential names are not published (Part 5, item 9).
  for (const name of [...CREDENTIALS[kind], kind, kind.replace(/-/g, '')]) CREDENTIAL_KEYS.set(normalizeKey(name), kind);
}

/** Whether a body field's value is a secret (`format: password`, `writeOnly`, `x-secret`), however the key is spelt. */
export const isSecretField = (key: string): boolean => SECRET_FIELDS.has(normalizeKey(key));

/** Which credential a body field carries (`x-credential`), however the key is spelt; undefined for any other field. */
export const credentialKind = (key: string): CredentialKind | undefined => CREDENTIAL_KEYS.get(normalizeKey(key));

/** Whether a field's value is never shown: a secret, or the login or password of a credential. */
export const isRedactedField = (key: string): boolean => {
  const normal = normalizeKey(key);
  if (SECRET_FIELDS.has(normal)) return true;
  const kind = CREDENTIAL_KEYS.get(normal);
  return kind === 'login' || kind === 'password';
};

/** Header names (lower case) whose values are secrets: the documents' apiKey schemes, and the HTTP ones every proxy keeps to itself. */
export const SECRET_HEADERS: readonly string[] = [...SECRETS.headers, 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
const SECRET_HEADER_SET = new Set(SECRET_HEADERS);
export const isSecretHeader = (name: string): boolean => SECRET_HEADER_SET.has(normalizeKey(name));

/** Paths whose whole answer may be a secret (the legacy session token), whatever its content type or wrapper. */
const SECRET_ANSWERS = new Set<string>(SECRETS.answers);
export const answerIsSecret = (path: string): boolean => SECRET_ANSWERS.has(path);

/** The credential field names of the documents, by kind, as they are spelt there. */
export const CREDENTIAL_FIELD_NAMES = CREDENTIALS;

// Calls by operation name (`v2.Disponibilidade(body)`), beside `call(path, body)`: each is
// a property typed from the family's generated `paths`, so editors list them and a wrong
// body does not compile. A capitalised name the family does not have throws
// UnknownOperationError naming those it has (operation names are capitalised; names like
// `then` or `toJSON`, which libraries probe, stay undefined).
import type { BodyArg, CallOptions, CallRest, FamilyClient, IsRead, LooseCallOptions } from './client.ts';
import { UnknownOperationError } from './errors.ts';
import type { PostOperation, PostPath, SuccessBody } from './types.ts';

/** How a family's paths are named. */
export interface Naming {
  /** Paths right under this prefix are properties named by their last segment, e.g. `/api/V2/Voos/`. */
  readonly prefix: string;
  /** Further groups of paths, each a property holding its own named calls (`legacy.Aereo.Autenticar`). */
  readonly groups?: Readonly<Record<string, string>>;
}

/** The name of path `K` under `Prefix` (its last segment), or never. */
export type NameIn<K, Prefix extends string> = K extends `${Prefix}${infer N}` ? (N extends `${string}/${string}` ? never : N) : never;
type IsTemplate<N> = N extends `{${string}}` ? true : false;

/**
 * A family's call documentation, generated/<id>/calls.d.ts: `calls`, per folder of paths, each
 * operation's name and path with the JSDoc its call shows at the hover; `fields`, per path, the
 * body fields whose description the generated types leave off.
 */
export interface CallDocs<C = unknown, F = unknown> {
  readonly calls: C;
  readonly fields: F;
}

type NoFields = Record<never, never>;
type FieldsOf<D> = D extends CallDocs ? D['fields'] : NoFields;

/**
 * A body with the documentation of its fields beside (an intersection: a property's JSDoc is
 * the union of its declarations'); the fields named there are ones the body declares, typed `unknown`.
 */
export type DocumentedBody<B, F, K> = K extends keyof F ? (B extends object ? B & F[K] : B) : B;

/** One operation called by name: the body and options `call` takes for its path (`retry` only if it is one of the reads `R`; `F` its fields' docs). */
export type OperationCall<P, K extends PostPath<P>, Relaxed extends boolean, R = never, F = NoFields> = (
  body: DocumentedBody<BodyArg<P, K, Relaxed>, F, K>,
  ...options: CallRest<PostOperation<P, K>, IsRead<K, R>>
) => Promise<SuccessBody<PostOperation<P, K>>>;

type TemplatePath<P, Prefix extends string> = { [K in PostPath<P>]: IsTemplate<NameIn<K, Prefix>> extends true ? K : never }[PostPath<P>];

// A path whose last segment is a parameter (V1's `/api/Voos/{Operation}`) takes any
// capitalised name: the description lists none, so none can be offered by name.
type TemplateCalls<P, Prefix extends string, Relaxed extends boolean> = [TemplatePath<P, Prefix>] extends [never]
  ? unknown
  : {
      readonly [name: Capitalize<string>]: (
        body: BodyArg<P, TemplatePath<P, Prefix>, Relaxed>,
        options?: CallOptions,
      ) => Promise<SuccessBody<PostOperation<P, TemplatePath<P, Prefix>>>>;
    };

type UndocumentedCalls<P, Prefix extends string, Relaxed extends boolean, R> = {
  readonly [K in PostPath<P> as IsTemplate<NameIn<K, Prefix>> extends true ? never : NameIn<K, Prefix>]: OperationCall<P, K, Relaxed, R>;
};

// Mapped over the generated folder's own keys (homomorphic), so each call keeps the JSDoc
// calls.d.ts gives its name; a mapping over keys rebuilt from the paths would drop it.
type DocumentedCalls<P, Folder, F, Relaxed extends boolean, R> = {
  readonly [Name in keyof Folder]: OperationCall<P, Extract<Folder[Name], PostPath<P>>, Relaxed, R, F>;
};

/** The calls by name of the paths under `Prefix`, documented by `D` (generated/<id>/calls.d.ts) when given. */
export type NamedCalls<P, Prefix extends string, Relaxed extends boolean, R = never, D = undefined> = (D extends CallDocs
  ? Prefix extends keyof D['calls']
    ? DocumentedCalls<P, D['calls'][Prefix], D['fields'], Relaxed, R>
    : UndocumentedCalls<P, Prefix, Relaxed, R>
  : UndocumentedCalls<P, Prefix, Relaxed, R>) &
  TemplateCalls<P, Prefix, Relaxed>;

type GroupCalls<P, N extends Naming, Relaxed extends boolean, R, D> =
  N['groups'] extends Readonly<Record<string, string>>
    ? { readonly [G in keyof N['groups']]: NamedCalls<P, N['groups'][G], Relaxed, R, D> }
    : unknown;

/** A family client with its calls by name (`N` is the family's naming; none when undefined; `R` the paths of its reads; `D` its call docs). */
export type NamedFamilyClient<P, Relaxed extends boolean, N, R = never, D = undefined> = FamilyClient<P, Relaxed, R> &
  (N extends Naming ? NamedCalls<P, N['prefix'], Relaxed, R, D> & GroupCalls<P, N, Relaxed, R, D> : unknown);

/** The operation names under `Prefix` (template paths excluded). */
export type OperationName<P, Prefix extends string> = Exclude<NameIn<PostPath<P>, Prefix>, `{${string}}`>;

/** The path of operation `Name` under `Prefix`. */
export type OperationPath<P, Prefix extends string, Name extends string> = `${Prefix}${Name}` & PostPath<P>;

/** The request body of operation `Name` under `Prefix`; `Relaxed` true: as a client with stored credentials takes it; `D`: its fields' docs. */
export type OperationRequest<
  P,
  Prefix extends string,
  Name extends OperationName<P, Prefix>,
  Relaxed extends boolean = false,
  D = undefined,
> = DocumentedBody<BodyArg<P, OperationPath<P, Prefix, Name>, Relaxed>, FieldsOf<D>, OperationPath<P, Prefix, Name>>;

/** The answer (2xx JSON body) of operation `Name` under `Prefix`. */
export type OperationAnswer<P, Prefix extends string, Name extends OperationName<P, Prefix>> = SuccessBody<
  PostOperation<P, OperationPath<P, Prefix, Name>>
>;

/** `true` only when `Listed` is exactly the POST paths of `P`: keeps a family's runtime list equal to its contract. */
export type EveryPostPath<P, Listed extends string> = [Exclude<PostPath<P>, Listed>, Exclude<Listed, PostPath<P>>] extends [never, never]
  ? true
  : false;

type LooseCall = (path: string, body: unknown, options?: LooseCallOptions) => Promise<unknown>;
type Named = Record<string, unknown>;

const OPERATION_NAME = /^[A-Z]/;
const TEMPLATE = /^\{(.+)\}$/;

/**
 * The calls by name of the paths right under `prefix`, as own properties of an object whose
 * prototype answers every other capitalised name: with a call for a parameter path, or an
 * UnknownOperationError. Own properties never reach the prototype, so named calls cost nothing more.
 * `more`: further own properties (the client's `family`, `call`, groups).
 */
function callsUnder(paths: readonly string[], prefix: string, call: LooseCall, where: string, elsewhere: string, more: Named = {}): Named {
  const fallback = new Proxy(Object.prototype, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || !OPERATION_NAME.test(key)) return Reflect.get(target, key, receiver);
      if (template !== undefined) {
        const { path, parameter } = template;
        return (body: unknown, options: LooseCallOptions = {}) => call(path, body, { ...options, params: { path: { [parameter]: key } } });
      }
      throw new UnknownOperationError(where, key, names, elsewhere);
    },
  });
  const entries: Array<[string, unknown]> = [];
  const names: string[] = [];
  let template: { path: string; parameter: string } | undefined;
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name.includes('/')) continue;
    const parameter = TEMPLATE.exec(name)?.[1];
    if (parameter !== undefined) template = { path, parameter };
    else {
      names.push(name);
      entries.push([name, (body: unknown, options?: LooseCallOptions) => call(path, body, options)]);
    }
  }
  // Made whole, then given its prototype: an object that grows by forty properties one at a
  // time becomes a dictionary, and each call by name then paid a hash lookup.
  return Object.setPrototypeOf(Object.fromEntries([...entries, ...Object.entries(more)]), fallback) as Named;
}

/** The client object: `family`, `call`, and the calls by name of `naming` (with its groups). */
export function withNamedCalls(familyName: string, call: LooseCall, paths: readonly string[], naming: Naming | undefined): Named {
  const groups = Object.entries(naming?.groups ?? {});
  const elsewhere = groups.length === 0 ? '' : `; other services: ${groups.map(([group]) => `.${group}`).join(', ')}`;
  const more: Named = {};
  for (const [group, prefix] of groups) more[group] = callsUnder(paths, prefix, call, `${familyName}.${group}`, '');
  more.family = familyName;
  more.call = call;
  return callsUnder(paths, naming?.prefix ?? '\u0000', call, familyName, elsewhere, more);
}

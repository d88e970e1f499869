export type Language = 'pt' | 'en';
/** One service of a family that spans several (legacy: AereoNoSession.svc, Aereo.svc, Usuario.svc). */
export interface Service {
  readonly prefix: string;
  /** Put before the operation name in operationIds, so names shared by services stay unique. */
  readonly operationIdPrefix: string;
  readonly operations: readonly string[];
}
export interface Family {
  readonly name: string;
  /** Shown on the docs site and in the pipeline's log. */
  readonly title: string | undefined;
  readonly statusNote: string | undefined;
  /** Path prefixes without a trailing slash: `prefix` and those of its services. */
  readonly prefixes: readonly string[];
  readonly status: string;
  readonly language: Language;
  /** `known`: the description names the credential fields of this family's bodies. */
  readonly credentials: 'known' | 'unknown';
  /** Every operation name listed for the family; empty when none is published (V1). */
  readonly operations: readonly string[];
  /** The named groups of operation names, as the description lists them (may be empty). */
  readonly groups: ReadonlyArray<{
    readonly name: string;
    readonly operations: readonly string[];
  }>;
  /** Which service offers which operation, where the family spans several. */
  readonly services: readonly Service[];
  /** The one templated route standing for a family's unlisted operations (V1). */
  readonly unlisted?: {
    readonly path: string;
    readonly operationId: string;
  };
  /** Migration (Part 9): operation name → name of the operation replacing it, or null. */
  readonly replacedBy: ReadonlyMap<string, string | null>;
}
export interface Catalog {
  readonly source: string;
  readonly families: readonly Family[];
}
export declare const defaultCatalogUrl: import('url').URL;
export declare class CatalogError extends Error {
  name: string;
}
export declare function loadCatalog(url?: URL): Catalog;
/** The catalog of the project at `rootDir` (a workspace copy reads its own). */
export declare function readCatalog(rootDir: string): Promise<Catalog>;
export declare function parseCatalog(text: string, source: string): Catalog;
export interface Location {
  readonly family: Family;
  /** The prefix of the family the path starts with. */
  readonly prefix: string;
  /** The family's service with that prefix, if the family lists services. */
  readonly service: Service | undefined;
  /** What follows `prefix/`: for a well-formed path, the operation name. */
  readonly rest: string;
}
/** The family whose prefix the path starts with (the longest, should two match). */
export declare function locatePath(catalog: Catalog, path: string): Location | undefined;
export declare function familyOfPath(catalog: Catalog, path: string): Family | undefined;
/** The one family all paths of a document belong to, if they agree. */
export declare function familyOfDocument(catalog: Catalog, paths: readonly string[]): Family | undefined;
export declare function isDeprecatedFamily(family: Family): boolean;

// Entry point `.`: the shared runtime. Family clients live in `./v2`, `./legacy`, `./v1`,
// `./v2-en`, `./v3`. No Node-only module may be imported from here, so a browser bundle
// of it works: the access-code builder (node:crypto) is only in `./access-code`.
export * from './common.ts';
export { migrateLegacyCall, type LegacyCall, type MigratedCall, type MigrationOptions, type V2Operation } from './migration.ts';
export { createFamilyClient, defineFamily, type Family, type ResponseContext } from './client.ts';
export { mergeCredentials, CREDENTIAL_FIELDS } from './credentials.ts';

// Which operations only read is the contract's (`x-effect`, read through src/lib/contract-index.ts:
// isReadPath, ReadPathOf). Nothing is listed here: these two names are derived from the index for
// the MCP server and its tests, which import them until they read the index themselves; then
// this module goes.
import { FAMILY_IDS, operationsOf } from '../lib/contract-index.ts';

const readsOf = (family: string): string[] => operationsOf(family).flatMap((op) => (op.effect === 'read' ? [op.path] : []));

/** @deprecated Derived from the contract index: call isReadPath(family, path) from src/lib/contract-index.ts. */
export const READ_PATHS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(FAMILY_IDS.map((id) => [id, readsOf(id)]));

/** @deprecated Derived from the contract index: the names of the V2 Portuguese reads (operationsOf('v2-pt'), effect 'read'). */
export const V2_READS: readonly string[] = operationsOf('v2-pt').flatMap((op) => (op.effect === 'read' ? [op.name] : []));

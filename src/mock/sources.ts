// Which documents the mock serves, from its options: the route families the start cache
// lists (or those asked for), each one's observed flavour in its place when asked, the
// captured route of the certification flows, and documents handed in memory. A name that
// does not exist or a file that is missing is a StartError saying what to do.
import { readFile } from 'node:fs/promises';
import { bundleFile, START_CACHE_FILE } from '../lib/layout.ts';
import { documentDigest, readStartCache, type StartCache } from './answers.ts';
import type { BehaviourChoice } from './behaviours.ts';
import { FLOWS_DOCUMENT_ID, loadFlows, type LoadedFlows } from './flows/load.ts';
import type { FlowsResponderOptions } from './flows/replay.ts';
import type { FamilyDocument } from './join.ts';
import { StartError } from './start-error.ts';

export interface SourceOptions {
  /** The package whose generated/ and evidence/ are served (default: this package). */
  rootDir: string;
  /** Route families to serve (default: every one, in the start cache's order). */
  families?: readonly string[];
  /** Serve v2-pt and legacy from their observed flavours. */
  observed?: boolean;
  /** Replay the certification flows on the route they were captured on. */
  flows?: boolean | FlowsResponderOptions;
  /** Replay the observed flavour's behaviours: all replayable ones (default true), none, or only these ids. */
  behaviours?: BehaviourChoice;
  /** Documents served beside the families, in memory (id → document); they serve only routes no family serves. */
  documents?: Record<string, Record<string, unknown>>;
}

/** A document the mock serves, with the digest its pre-rendered answers are filed under. */
export interface ServedDocument extends FamilyDocument {
  digest: string;
}

export interface Sources {
  startCache: StartCache;
  familyIds: string[];
  documents: ServedDocument[];
  flows?: LoadedFlows;
}

const V2_FAMILY = 'v2-pt';

/** A family's document from its bundle's JSON text (generated/<id>/openapi.json, or the same text in memory). */
export function bundleDocument(id: string, bytes: Buffer | string): ServedDocument {
  return { id, doc: JSON.parse(bytes.toString('utf8')) as Record<string, unknown>, digest: documentDigest(bytes) };
}

async function readDocument(id: string, file: string): Promise<ServedDocument> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new StartError(
      'MISSING_FILE',
      `The bundle of ${id} is missing (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): ${file}. In a clone, run \`npm run build\` first.`,
    );
  }
  return bundleDocument(id, bytes);
}

function inMemory(id: string, doc: Record<string, unknown>): ServedDocument {
  return { id, doc, digest: documentDigest(JSON.stringify(doc)) };
}

export async function resolveSources(options: SourceOptions): Promise<Sources> {
  const { rootDir } = options;
  const startCache = await readStartCache(rootDir);
  if (!startCache)
    throw new StartError('MISSING_FILE', `The mock's start cache ${START_CACHE_FILE} is missing: in a clone, run \`npm run build\` first.`);
  const known = startCache.families;
  const familyIds = options.families ? [...new Set(options.families)] : known;
  const unknown = familyIds.filter((id) => !known.includes(id));
  if (unknown.length > 0)
    throw new StartError('UNKNOWN_NAME', `No route family named ${unknown.join(', ')}: the families are ${known.join(', ')}.`);
  if (familyIds.length === 0) throw new StartError('BAD_OPTION', `Name at least one route family: ${known.join(', ')}.`);

  const flavourOf = (id: string) => (options.observed ? (startCache.observed[id] ?? id) : id);
  const documents = await Promise.all(familyIds.map((id) => readDocument(id, bundleFile(rootDir, flavourOf(id)))));
  let flows: LoadedFlows | undefined;
  if (options.flows) {
    // The captured route reuses the v2-pt observed path items (same operation names).
    const observedId = startCache.observed[V2_FAMILY] ?? V2_FAMILY;
    const served = documents.find((d) => d.id === V2_FAMILY && flavourOf(V2_FAMILY) === observedId);
    const observedV2 = served ?? (await readDocument(observedId, bundleFile(rootDir, observedId)));
    flows = loadFlows(
      rootDir,
      observedV2.doc,
      options.flows === true ? {} : options.flows,
      options.behaviours ?? true,
      options.observed === true,
    );
    documents.push(inMemory(FLOWS_DOCUMENT_ID, flows.document));
  }
  for (const [id, doc] of Object.entries(options.documents ?? {})) documents.push(inMemory(id, doc));
  return { startCache, familyIds, documents, ...(flows ? { flows } : {}) };
}

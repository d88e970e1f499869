// A route family's built bundle (generated/<id>/openapi.json), read once: its tools and the
// proxy's contract check, which validates a call's arguments and a real server's answers.
// Loaded once per process: every MCP session over HTTP shares it, so a session costs only its own server.
import { readFile } from 'node:fs/promises';
import { bundleFile, PACKAGE_ROOT } from '../lib/layout.ts';
import type { JsonObject } from '../lib/refs.ts';
import { StartError } from '../mock/start-error.ts';
import { ContractCheck } from '../proxy/check.ts';
import { FAMILY_IDS, OBSERVED, type OperationTool, toolsOf } from './tools.ts';

/** A family's bundle, its tools and the proxy's check of it. */
export interface Loaded {
  documentId: string;
  doc: JsonObject;
  tools: OperationTool[];
  check: ContractCheck;
}

const loads = new Map<string, Promise<Loaded>>();

export async function loadFamily(family: string, observed: boolean): Promise<Loaded> {
  const key = `${family}\n${observed}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = load(family, observed);
    loads.set(key, loading);
    // A failed load (a bundle not built yet) is tried again by the next caller.
    loading.catch(() => loads.delete(key));
  }
  return loading;
}

async function load(family: string, observed: boolean): Promise<Loaded> {
  if (!FAMILY_IDS.includes(family))
    throw new StartError('UNKNOWN_NAME', `No route family named ${family}: the families are ${FAMILY_IDS.join(', ')}.`);
  const documentId = observed ? OBSERVED[family] : family;
  if (documentId === undefined)
    throw new StartError('BAD_OPTION', `${family} has no observed flavour: only ${Object.keys(OBSERVED).join(' and ')} do.`);
  const file = bundleFile(PACKAGE_ROOT, documentId);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new StartError('MISSING_FILE', `The bundle of ${documentId} is missing: ${file}. In a clone, run \`npm run build\` first.`);
  }
  const doc = JSON.parse(text) as JsonObject;
  return { documentId, doc, tools: toolsOf(documentId, doc), check: new ContractCheck([{ id: documentId, doc }]) };
}

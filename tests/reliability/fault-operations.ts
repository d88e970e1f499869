// The operations the fault tests call, read from the bundled documents (every POST of
// every family the pipeline builds), with what the contract says of each one's answer.
import { allowedTypes, loadOperations, resolve, validBody, type JsonType } from '../../scripts/lib/contract.ts';
import { isObject, type Json } from '../../src/lib/json.ts';

/** An operation of the contract, as the fault tests call it. */
export interface FaultOperation {
  family: string;
  /** The path as the contract writes it, e.g. `/api/Voos/{Operation}`. */
  template: string;
  /** The operation name every error must carry. */
  operation: string;
  pathParams?: Record<string, string>;
  /** A request body the contract accepts. */
  body: Record<string, unknown>;
  /** Top-level JSON types the contract admits for the 2xx answer (undefined: any). */
  answerTypes: ReadonlySet<JsonType> | undefined;
  /** Whether the 2xx answer is `AutenticacaoRS` (legacy authentication with `Erros`). */
  answersAutenticacaoRS: boolean;
}

export async function faultOperations(rootDir: string): Promise<FaultOperation[]> {
  const operations = await loadOperations(rootDir);
  return operations
    .filter((op) => op.method === 'post')
    .map((op) => {
      const item = resolve(op.doc, isObject(op.doc.paths) ? op.doc.paths[op.template] : undefined);
      const responses = resolve(op.doc, item.post).responses;
      const ok = resolve(op.doc, isObject(responses) ? responses['200'] : undefined);
      const media = isObject(ok.content) ? ok.content['application/json'] : undefined;
      const schema: Json | undefined = isObject(media) ? media.schema : undefined;
      const operation = decodeURIComponent(op.path.slice(op.path.lastIndexOf('/') + 1));
      const parameter = /\{([^}]+)\}$/.exec(op.template)?.[1];
      const body = validBody(op);
      return {
        family: op.family,
        template: op.template,
        operation,
        ...(parameter ? { pathParams: { [parameter]: operation } } : {}),
        body: isObject(body) ? body : {},
        answerTypes: schema === undefined ? undefined : allowedTypes(op.doc, schema),
        answersAutenticacaoRS: isObject(schema) && schema.$ref === '#/components/schemas/AutenticacaoRS',
      };
    });
}

/** The path a call to `op` arrives on (the template with its parameter filled in). */
export function concretePath(op: FaultOperation): string {
  return op.template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(op.pathParams?.[name] ?? ''));
}

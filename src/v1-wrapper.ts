// Web API V1 wraps every answer in an object with a `Sucesso` boolean and the result
// (Part 9). The name of the result field is not published, so by default the result is
// the wrapper without `Sucesso`; pass `resultField` if you know the field.
import { V1UnsuccessfulError } from './errors.ts';
import { blankSecretFields } from './secret-fields.ts';

/** The V1 wrapper as far as it is published. */
export interface V1Wrapper {
  Sucesso: boolean;
}

/** Options of {@link unwrapV1}. */
export interface UnwrapV1Options {
  /** Operation name for the error message; default `V1`. */
  operation?: string;
}

function check(wrapper: unknown, operation: string): Record<string, unknown> {
  const target = { operation, path: '/api/Voos' };
  if (typeof wrapper !== 'object' || wrapper === null || typeof (wrapper as { Sucesso?: unknown }).Sucesso !== 'boolean') {
    throw new V1UnsuccessfulError(target, blankSecretFields(wrapper), 'the answer is not a V1 wrapper (no boolean Sucesso)');
  }
  const record = wrapper as Record<string, unknown>;
  if (record.Sucesso === false) throw new V1UnsuccessfulError(target, blankSecretFields(wrapper));
  return record;
}

/** The wrapper without `Sucesso`; throws V1UnsuccessfulError when `Sucesso` is false or missing. */
export function unwrapV1<W extends V1Wrapper>(wrapper: W, options?: UnwrapV1Options): Omit<W, 'Sucesso'>;
/** `wrapper[resultField]`; throws V1UnsuccessfulError when `Sucesso` is false or missing. */
export function unwrapV1<W extends V1Wrapper, K extends Exclude<keyof W, 'Sucesso'> & string>(
  wrapper: W,
  resultField: K,
  options?: UnwrapV1Options,
): W[K];
export function unwrapV1(wrapper: unknown, second?: string | UnwrapV1Options, third?: UnwrapV1Options): unknown {
  const options = typeof second === 'object' ? second : third;
  const record = check(wrapper, options?.operation ?? 'V1');
  if (typeof second === 'string') return record[second];
  const { Sucesso: _sucesso, ...result } = record;
  return result;
}

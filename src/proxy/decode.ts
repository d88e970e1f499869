// A readable copy of a body for validation: content-encodings undone (bounded in size,
// so a small bomb cannot inflate past the cap) and JSON parsed. The original bytes are
// what the proxy sends on; this copy is only ever validated.
import zlib from 'node:zlib';
import { jsonSyntaxReason, utf8Fault } from '../mock/wire.ts';

export class UnreadableBody extends Error {}

type Decoder = (input: Buffer, maxOutputLength: number) => Buffer;

const DECODERS: Record<string, Decoder> = {
  identity: (input) => input,
  gzip: (input, maxOutputLength) => zlib.gunzipSync(input, { maxOutputLength }),
  'x-gzip': (input, maxOutputLength) => zlib.gunzipSync(input, { maxOutputLength }),
  // "deflate" is zlib-wrapped by RFC 9110, yet some servers send it raw.
  deflate: (input, maxOutputLength) => {
    try {
      return zlib.inflateSync(input, { maxOutputLength });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return zlib.inflateRawSync(input, { maxOutputLength });
    }
  },
  br: (input, maxOutputLength) => zlib.brotliDecompressSync(input, { maxOutputLength }),
  // Node 22.15 and 23.8 added zstd; on an older Node such a body is unreadable, and said so.
  ...(typeof zlib.zstdDecompressSync === 'function'
    ? { zstd: (input: Buffer, maxOutputLength: number) => zlib.zstdDecompressSync(input, { maxOutputLength }) }
    : {}),
};

export const ACCEPTED_ENCODINGS = Object.keys(DECODERS);

/** Undoes `content-encoding` (a list, applied in order, so undone from the last). */
export function decodeContent(bytes: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
  let out = bytes;
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder)
      throw new UnreadableBody(
        `its content-encoding "${coding.slice(0, 40)}" is not one the proxy can read (${ACCEPTED_ENCODINGS.join(', ')})`,
      );
    try {
      out = decoder(out, maxBytes);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new UnreadableBody(`it decodes to more than ${maxBytes} bytes`);
      throw new UnreadableBody(`its ${coding} encoding is corrupt (${code ?? 'decode error'})`);
    }
  }
  return out;
}

export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The copy a validator sees: parsed JSON for a JSON type, text otherwise, nothing when empty. */
export function parsedCopy(text: Buffer, contentType: string | undefined): unknown {
  if (text.length === 0) return undefined;
  const string = text.toString('utf8');
  if (!JSON_TYPE.test(contentType ?? '')) return string;
  const fault = utf8Fault(text);
  if (fault)
    throw new UnreadableBody(`it is labelled ${String(contentType).split(';')[0]!.trim().slice(0, 100)} but is not valid UTF-8: ${fault}`);
  try {
    return JSON.parse(string) as unknown;
  } catch (error) {
    throw new UnreadableBody(
      `it is labelled ${String(contentType).split(';')[0]!.trim().slice(0, 100)} but is not valid JSON: ${jsonSyntaxReason(error as Error)}`,
    );
  }
}

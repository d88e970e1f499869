// The request's text as the mock reads it, with nothing but what every JavaScript runtime
// has (no Node module): the decision core (decide.ts) runs in a browser too. The request
// target, its query, the media type and charset of a Content-Type, UTF-8 and JSON text.

/** The `charset` parameter of a Content-Type, lower case and unquoted, or undefined when there is none. */
export function charsetOf(header: string | undefined): string | undefined {
  if (header === 'application/json' || header === undefined) return undefined;
  if (header === 'application/json; charset=utf-8') return 'utf-8';
  const match = /;\s*charset\s*=\s*("?)([^";,\s]*)\1/i.exec(header ?? '');
  return match ? match[2]!.toLowerCase() : undefined;
}

/** A charset a JSON body may be labelled with (RFC 8259, 8.1: JSON between systems is UTF-8): its refusal, or undefined. */
export function unacceptedCharset(header: string | undefined): string | undefined {
  const charset = charsetOf(header);
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return undefined;
  return `The body must be sent in UTF-8 (RFC 8259, 8.1), the only charset accepted; the request says charset=${JSON.stringify(charset.slice(0, 40))}.`;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether bytes are UTF-8, with what every runtime has (Node's `isUtf8` is faster: wire.ts passes it). */
export function portableIsUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Bytes that are not UTF-8: where they break it (the offset of the first bad byte), or undefined. */
export function utf8Fault(bytes: Uint8Array, isUtf8: (bytes: Uint8Array) => boolean = portableIsUtf8): string | undefined {
  if (isUtf8(bytes)) return undefined;
  // Slow path, only for a body already known to be bad: find the first byte at fault.
  const at = firstInvalidUtf8(bytes);
  return `the byte at offset ${at} (0x${(bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0')}) begins no UTF-8 character`;
}

/** Bytes that are not UTF-8: the refusal, naming the offset of the first bad byte, or undefined. */
export function invalidUtf8(bytes: Uint8Array, isUtf8: (bytes: Uint8Array) => boolean = portableIsUtf8): string | undefined {
  const fault = utf8Fault(bytes, isUtf8);
  return fault && `The body is not valid UTF-8, the only charset accepted (RFC 8259, 8.1): ${fault}.`;
}

/** Offset where the first sequence that is not UTF-8 begins (RFC 3629: no overlongs, no surrogates, at most U+10FFFF). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [count, min, max] =
      b >= 0xc2 && b <= 0xdf
        ? [1, 0x80, 0xbf]
        : b === 0xe0
          ? [2, 0xa0, 0xbf]
          : b === 0xed
            ? [2, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [2, 0x80, 0xbf]
              : b === 0xf0
                ? [3, 0x90, 0xbf]
                : b === 0xf4
                  ? [3, 0x80, 0x8f]
                  : b >= 0xf1 && b <= 0xf3
                    ? [3, 0x80, 0xbf]
                    : [0, 0, 0];
    if (count === 0) return i;
    for (let k = 1; k <= count; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i;
    }
    i += count + 1;
  }
  return bytes.length;
}

/**
 * The request target as a URL. A path is read as a path even when it starts with `//`,
 * which `new URL(target, base)` would read as a host (and throw on, or route elsewhere).
 */
export function targetOf(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://target.invalid${target}`) : undefined;
  } catch {
    return undefined;
  }
}

/** Query values as Prism reads them: a string, or an array when the name repeats (`__example`, `__code`). */
export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(header: string | undefined): string {
  // The forms clients send on almost every call, without splitting.
  if (header === 'application/json' || header === 'application/json; charset=utf-8') return 'application/json';
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * The parser's reason without any excerpt of the text: V8 quotes part of the input in some
 * messages (`Unexpected token 'p', ..."Senha":pw-Kq9…"... is not valid JSON`), and the
 * input may hold a password or a session token.
 */
export function jsonSyntaxReason(error: Error): string {
  const message = error.message;
  const reason = /"/.test(message) ? (/^Unexpected token '.'/su.exec(message)?.[0] ?? 'unexpected input') : message.slice(0, 200);
  // An invisible or control character is named, not quoted raw.
  return reason.replace(
    /'([\p{C}\p{Z}])'/u,
    (_all, char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** A body's text for JSON.parse: UTF-8, a leading byte order mark dropped (RFC 8259, 8.1, lets a parser ignore it). */
export function jsonText(raw: Uint8Array | readonly Uint8Array[]): string {
  let text: string;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  if (raw instanceof Uint8Array) text = decoder.decode(raw);
  else {
    // Chunk by chunk: a body handed on in pieces is never joined into one large buffer.
    text = raw.map((chunk, i) => decoder.decode(chunk, { stream: i < raw.length - 1 })).join('');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A request body sent with a Content-Encoding other than identity, which the mock does not
 * decode: its name, for a 415 (RFC 9110, 15.5.16) that says the encodings accepted.
 */
export function unacceptedEncoding(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim().toLowerCase();
  return value === '' || value === 'identity' ? undefined : value.slice(0, 60);
}

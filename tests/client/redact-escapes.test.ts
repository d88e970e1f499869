// The redactor searches a text with a regex of only the encodings that text can hold (an
// encoding needs its escape character: `\` for `\u`, `%`, `=` for quoted-printable, `&` for
// entities). A secret spelt in any mix of the encodings a text holds must be found all the
// same, and the text must come out as it would from the regex of every encoding.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createRedactor } from '../../src/redact.ts';

type Encoding = 'plain' | 'json' | 'percent' | 'percent-twice' | 'quoted-printable' | 'decimal' | 'hex-entity';

const utf8 = new TextEncoder();
const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** One character as an encoder would write it. */
function encode(char: string, how: Encoding): string {
  const code = char.codePointAt(0) as number;
  const bytes = [...utf8.encode(char)];
  switch (how) {
    case 'plain':
      return char;
    case 'json':
      return [...char]
        .flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
        .map((u) => `\\u${u.toString(16).padStart(4, '0')}`)
        .join('');
    case 'percent':
      return bytes.map((b) => `%${hex2(b)}`).join('');
    case 'percent-twice':
      return bytes.map((b) => `%25${hex2(b)}`).join('');
    case 'quoted-printable':
      return bytes.map((b) => `=${hex2(b)}`).join('');
    case 'decimal':
      return `&#${code};`;
    case 'hex-entity':
      return `&#x${code.toString(16)};`;
  }
}

const ENCODINGS: Encoding[] = ['plain', 'json', 'percent', 'percent-twice', 'quoted-printable', 'decimal', 'hex-entity'];
/** Every escape character, in a part of the text no secret reaches: the regex of every encoding. */
const ALL_ESCAPES = ' \\ % = & ';

const secret = fc.string({ unit: fc.constantFrom(...'abcXYZ0189-_.:ção€😀'), minLength: 4, maxLength: 40 });

describe('a secret in any mix of the encodings a text holds', () => {
  test('is redacted, and the text reads as it would from the regex of every encoding', () => {
    fc.assert(
      fc.property(
        secret,
        fc.subarray(ENCODINGS, { minLength: 1 }),
        fc.infiniteStream(fc.nat()),
        fc.constantFrom('', 'prefix ', 'body.'),
        (value, encodings, picks, lead) => {
          const picked = picks.take([...value].length);
          const spelt = [...value]
            .map((char) => encode(char, encodings[(picked.next().value as number) % encodings.length] as Encoding))
            .join('');
          const text = `${lead}${spelt} must be string`;
          const redact = createRedactor([value]);
          const shown = redact.text(text);
          expect(shown, text).toBe(`${lead}[redacted] must be string`);
          // The same secrets, a text holding every escape character after the secret: the regex of every encoding.
          expect(redact.text(`${text}${ALL_ESCAPES}`)).toBe(`${shown}${ALL_ESCAPES}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a short secret is found with any one of its characters encoded, an encoding that starts with the character itself too', () => {
    // Found by the fault suite (status-502-encoded, seed -365976590): `&` HTML-escaped as `&amp;` after a plain rune.
    for (const [secret, shownAs] of [
      ['ᛔ&', 'ᛔ&amp;'],
      ['ᛔ&', '&#5844;&'],
      ['ᛔ&', '%E1%9B%94%26'],
      ['é&', 'é&#38;'],
      ['&é', '&amp;&eacute;'],
      ['ç ', 'ç%20'],
    ] as const) {
      const redact = createRedactor([secret]);
      expect(redact.text(`Senha: ${shownAs};`), `${secret} as ${shownAs}`).toBe('Senha: [redacted];');
    }
    // Its plain spelling counts only as a whole token, and `+` for a space is no encoding.
    const redact = createRedactor(['ç ']);
    expect(redact.text('maçã ç+ fim')).toBe('maçã ç+ fim');
  });

  test('a text holding no escape character is left whole when it holds no secret, and a space may travel as +', () => {
    const redact = createRedactor(['senha forte 42', 'QUJDREVGR0g']);
    expect(redact.text('no secret here: body.Senha must be string')).toBe('no secret here: body.Senha must be string');
    expect(redact.text('got senha+forte+42 back')).toBe('got [redacted] back');
    expect(redact.text('got senha%20forte+42 back')).toBe('got [redacted] back');
    expect(redact.text('token QUJDREVGR0g, then QUJDREVGR0g%3D')).toBe('token [redacted], then [redacted]%3D');
  });
});

// The three date forms, both ways, as properties over a wide range of instants and offsets.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { DateFormatError } from '../../src/errors.ts';
import {
  formatIsoDate,
  formatIsoDateTime,
  formatLegacyDate,
  parseIsoDate,
  parseIsoDateTime,
  parseLegacyDate,
  parseServiceDate,
} from '../../src/dates.ts';

// The patterns the contract itself gives each form (spec/shared/schemas).
const pattern = (name: string): RegExp =>
  new RegExp((parse(readFileSync(`spec/shared/schemas/${name}.yaml`, 'utf8')) as { pattern: string }).pattern);
const DATA_HORA = pattern('DataHora');
const DATA_SEM_HORA = pattern('DataSemHora');
const DATA_LEGADA = pattern('DataLegada');

const MINUTE = 60_000;
// Years 0001–9999 as instants, far before and after 1970 (negative milliseconds included).
const FIRST = Date.UTC(2000, 0, 1) - 1999 * 365.2425 * 86_400_000;
const LAST = Date.UTC(9999, 11, 30);
const instant = fc.integer({ min: Math.ceil(FIRST) + 2 * 86_400_000, max: LAST });
const wholeSecond = instant.map((ms) => ms - (((ms % 1000) + 1000) % 1000));
const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });
const tokenOffset = fc.integer({ min: -(99 * 60 + 59), max: 99 * 60 + 59 });
const runs = { numRuns: 500 };

describe('ISO 8601 YYYY-MM-DDTHH:mm:ss (DataHora)', () => {
  test('format then parse at the same offset gives the instant back', () => {
    fc.assert(
      fc.property(wholeSecond, offset, (ms, offsetMinutes) => {
        const text = formatIsoDateTime(new Date(ms), { offsetMinutes });
        expect(text).toMatch(DATA_HORA);
        expect(parseIsoDateTime(text, { offsetMinutes }).getTime()).toBe(ms);
      }),
      runs,
    );
  });

  test('agrees with toISOString shifted by the offset (an independent clock)', () => {
    fc.assert(
      fc.property(instant, offset, (ms, offsetMinutes) => {
        const expected = new Date(ms + offsetMinutes * MINUTE).toISOString().slice(0, 19);
        expect(formatIsoDateTime(new Date(ms), { offsetMinutes })).toBe(expected);
      }),
      runs,
    );
  });

  test('parse then format gives the text back', () => {
    fc.assert(
      fc.property(wholeSecond, offset, (ms, offsetMinutes) => {
        const text = new Date(ms).toISOString().slice(0, 19);
        expect(formatIsoDateTime(parseIsoDateTime(text, { offsetMinutes }), { offsetMinutes })).toBe(text);
      }),
      runs,
    );
  });

  test.each([
    '2026-02-30T00:00:00',
    '2026-13-01T00:00:00',
    '2026-01-01T24:00:00',
    '2026-01-01T00:60:00',
    '2026-01-01 00:00:00',
    '2026-01-01T00:00:00Z',
    '2026-01-01T00:00:00.000',
    '',
  ])('rejects %j', (text) => {
    expect(() => parseIsoDateTime(text)).toThrow(DateFormatError);
  });

  test('rejects invalid dates and offsets', () => {
    expect(() => formatIsoDateTime(new Date(Number.NaN))).toThrow(DateFormatError);
    expect(() => formatIsoDateTime(new Date(0), { offsetMinutes: 1.5 })).toThrow(DateFormatError);
    expect(() => formatIsoDateTime(new Date(Date.UTC(10000, 0, 1)))).toThrow(DateFormatError);
  });
});

describe('date only YYYY-MM-DD (DataSemHora)', () => {
  test('parse gives midnight at the offset; format gives the day back', () => {
    fc.assert(
      fc.property(instant, offset, (ms, offsetMinutes) => {
        const day = new Date(ms).toISOString().slice(0, 10);
        const midnight = parseIsoDate(day, { offsetMinutes });
        expect(formatIsoDateTime(midnight, { offsetMinutes })).toBe(`${day}T00:00:00`);
        expect(formatIsoDate(midnight, { offsetMinutes })).toBe(day);
        expect(day).toMatch(DATA_SEM_HORA);
      }),
      runs,
    );
  });

  test('the day of an instant depends on the offset: 02:00 UTC is still the day before in Brasília', () => {
    const instant = new Date(Date.UTC(2026, 4, 20, 2, 0, 0));
    expect(formatIsoDate(instant, { offsetMinutes: -180 })).toBe(new Date(instant.getTime() - 180 * MINUTE).toISOString().slice(0, 10));
    expect(formatIsoDate(instant, { offsetMinutes: -180 })).not.toBe(formatIsoDate(instant));
  });

  test('years 0000–0099 stay literal', () => {
    expect(formatIsoDate(parseIsoDate('0042-03-04'))).toBe('0042-03-04');
  });
});

describe('legacy /Date(ms±hhmm)/ (DataLegada)', () => {
  test('format then parse gives the same instant and offset, negative milliseconds included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
        fc.option(tokenOffset, { nil: undefined }),
        (ms, offsetMinutes) => {
          const token = formatLegacyDate(new Date(ms), offsetMinutes);
          expect(token).toMatch(DATA_LEGADA);
          const back = parseLegacyDate(token);
          expect(back.date.getTime()).toBe(ms);
          expect(back.offsetMinutes).toBe(offsetMinutes);
        },
      ),
      runs,
    );
  });

  test('the offset never changes the instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), tokenOffset, (ms, offsetMinutes) => {
        const token = formatLegacyDate(new Date(ms), offsetMinutes);
        expect(parseLegacyDate(token).date.getTime()).toBe(parseLegacyDate(`/Date(${ms})/`).date.getTime());
      }),
      runs,
    );
  });

  test('parse then format gives the token back; escaped slashes are read too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 59 }),
        (ms, sign, hh, mm) => {
          const token = `/Date(${ms}${sign}${String(hh).padStart(2, '0')}${String(mm).padStart(2, '0')})/`;
          const read = parseLegacyDate(token);
          // "-0000" and "+0000" are the same offset; format writes "+0000".
          const canonical = hh === 0 && mm === 0 ? token.replace('-0000', '+0000') : token;
          expect(formatLegacyDate(read.date, read.offsetMinutes)).toBe(canonical);
          expect(parseLegacyDate(`\\${token.slice(0, -1)}\\/`)).toEqual(read);
        },
      ),
      runs,
    );
  });

  test.each(['/Date()/', '/Date(12a)/', '/Date(1+3)/', '/Date(1+0260)/', 'Date(1)', '/Date(99999999999999999999)/'])(
    'rejects %j',
    (text) => {
      expect(() => parseLegacyDate(text)).toThrow(DateFormatError);
    },
  );
});

describe('any V2 input form', () => {
  test('parseServiceDate reads the three forms', () => {
    fc.assert(
      fc.property(wholeSecond, offset, (ms, offsetMinutes) => {
        const date = new Date(ms);
        expect(parseServiceDate(formatIsoDateTime(date, { offsetMinutes }), { offsetMinutes }).getTime()).toBe(ms);
        expect(parseServiceDate(formatLegacyDate(date, offsetMinutes)).getTime()).toBe(ms);
        const day = formatIsoDate(date, { offsetMinutes });
        expect(parseServiceDate(day, { offsetMinutes }).getTime()).toBe(parseIsoDate(day, { offsetMinutes }).getTime());
      }),
      { numRuns: 200 },
    );
  });
});

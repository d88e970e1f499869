// The three date forms of the service (Part 9), both ways:
// - ISO 8601 without a zone, `YYYY-MM-DDTHH:mm:ss` (schema DataHora): what V2 sends and reads.
// - date only, `YYYY-MM-DD` (schema DataSemHora): accepted on V2 input.
// - the legacy token `/Date(ms±hhmm)/` (schema DataLegada).
//
// The ISO forms carry no zone, so they name a wall clock, not an instant: every helper
// takes the offset (minutes east of UTC) that wall clock is in, 0 unless told.
// In the legacy token the number is milliseconds since 1970-01-01 UTC and the offset
// only marks the local time: it never changes the instant.
import { DateFormatError } from './errors.ts';

/** UTC offset of Brazil's official time (Brasília, no daylight saving since 2019), in minutes. */
export const BRAZIL_OFFSET_MINUTES = -180;

/** Options of the ISO helpers. */
export interface WallClockOptions {
  /** Offset of the wall clock from UTC in minutes (east positive), e.g. -180 for Brasília. Default 0. */
  offsetMinutes?: number;
}

/** A parsed legacy token: the instant, and the offset it was marked with, if any. */
export interface LegacyDate {
  date: Date;
  offsetMinutes: number | undefined;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
// The largest offset `±hhmm` can write.
const MAX_OFFSET = 99 * 60 + 59;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// In JSON text the slashes may arrive escaped (`\/Date(...)\/`).
const LEGACY = /^\\?\/Date\((-?\d+)(?:([+-])(\d{2})(\d{2}))?\)\\?\/$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function checkOffset(offsetMinutes: number | undefined): number {
  const offset = offsetMinutes ?? 0;
  if (!Number.isInteger(offset) || Math.abs(offset) > MAX_OFFSET) {
    throw new DateFormatError(`offsetMinutes must be a whole number of minutes between -${MAX_OFFSET} and ${MAX_OFFSET}`);
  }
  return offset;
}

function checkDate(date: Date, what: string): number {
  const ms = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new DateFormatError(`${what}: not a valid Date`);
  return ms;
}

// Milliseconds of a wall clock read as UTC; setUTCFullYear keeps years 0–99 literal.
function wallClockMs(year: number, month: number, day: number, h = 0, m = 0, s = 0): number | undefined {
  if (month < 1 || month > 12 || day < 1 || h > 23 || m > 59 || s > 59) return undefined;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(h, m, s, 0);
  // Rejects 31 April and friends, which Date would roll over.
  return d.getUTCDate() === day ? d.getTime() : undefined;
}

function wallClockFields(ms: number, offset: number, what: string): Date {
  const local = new Date(ms + offset * MINUTE);
  const year = local.getUTCFullYear();
  if (Number.isNaN(year) || year < 0 || year > 9999) {
    throw new DateFormatError(`${what}: the year must be between 0000 and 9999 at that offset`);
  }
  return local;
}

/** `date` as `YYYY-MM-DDTHH:mm:ss` on the wall clock at `offsetMinutes` (milliseconds are dropped). */
export function formatIsoDateTime(date: Date, options: WallClockOptions = {}): string {
  const offset = checkOffset(options.offsetMinutes);
  const d = wallClockFields(checkDate(date, 'formatIsoDateTime'), offset, 'formatIsoDateTime');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The instant that `YYYY-MM-DDTHH:mm:ss` names on the wall clock at `offsetMinutes`. */
export function parseIsoDateTime(text: string, options: WallClockOptions = {}): Date {
  const offset = checkOffset(options.offsetMinutes);
  const m = typeof text === 'string' ? ISO_DATE_TIME.exec(text) : null;
  const ms = m && wallClockMs(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  if (ms === undefined || ms === null) throw new DateFormatError('parseIsoDateTime: expected a valid YYYY-MM-DDTHH:mm:ss');
  return new Date(ms - offset * MINUTE);
}

/** The calendar day of `date` on the wall clock at `offsetMinutes`, as `YYYY-MM-DD`. */
export function formatIsoDate(date: Date, options: WallClockOptions = {}): string {
  return formatIsoDateTime(date, options).slice(0, 10);
}

/** Midnight starting `YYYY-MM-DD` on the wall clock at `offsetMinutes`. */
export function parseIsoDate(text: string, options: WallClockOptions = {}): Date {
  const offset = checkOffset(options.offsetMinutes);
  const m = typeof text === 'string' ? ISO_DATE.exec(text) : null;
  const ms = m && wallClockMs(+m[1]!, +m[2]!, +m[3]!);
  if (ms === undefined || ms === null) throw new DateFormatError('parseIsoDate: expected a valid YYYY-MM-DD');
  return new Date(ms - offset * MINUTE);
}

/**
 * The legacy token `/Date(ms±hhmm)/` for `date`. With `offsetMinutes` the token is
 * marked with that local offset; without it, the token has no offset part. The
 * number is always the instant's milliseconds since 1970-01-01 UTC.
 */
export function formatLegacyDate(date: Date, offsetMinutes?: number): string {
  const ms = checkDate(date, 'formatLegacyDate');
  if (offsetMinutes === undefined) return `/Date(${ms})/`;
  const offset = checkOffset(offsetMinutes);
  const abs = Math.abs(offset);
  return `/Date(${ms}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)})/`;
}

/** Reads `/Date(ms)/` or `/Date(ms±hhmm)/` (slashes escaped or not). The offset never changes the instant. */
export function parseLegacyDate(text: string): LegacyDate {
  const m = typeof text === 'string' ? LEGACY.exec(text) : null;
  const ms = m ? Number(m[1]) : Number.NaN;
  if (!m || !Number.isSafeInteger(ms) || Math.abs(ms) > 100_000_000 * DAY || (m[4] !== undefined && +m[4] > 59)) {
    throw new DateFormatError('parseLegacyDate: expected /Date(milliseconds[±hhmm])/');
  }
  const offsetMinutes = m[2] === undefined ? undefined : (m[2] === '-' ? -1 : 1) * (+m[3]! * 60 + +m[4]!);
  return { date: new Date(ms), offsetMinutes };
}

/** The .NET "no date" (`DateTime.MinValue`, year 0001) as the captured answers carry it, in place of null. */
export const NO_DATE_TOKEN = '/Date(-62135589600000-0300)/';

// 0001-01-01T00:00:00Z. DateTime.MinValue written by a server in any time zone lands
// within a day of it (the captures show it 2 hours later, marked -0300).
const DOTNET_MIN_VALUE_MS = -62_135_596_800_000;

/**
 * Whether `value` is a legacy token standing for "no date": `NO_DATE_TOKEN`, or any
 * `/Date(ms[±hhmm])/` within a day of 0001-01-01T00:00:00Z. Cheap on other values.
 */
export function isNoDateToken(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 40 || !value.includes('Date(-6213')) return false;
  const m = LEGACY.exec(value);
  return m !== null && Math.abs(Number(m[1]) - DOTNET_MIN_VALUE_MS) <= DAY;
}

/**
 * Any of the three input forms V2 accepts. ISO forms are read on the wall clock at
 * `offsetMinutes`; the legacy token carries its own instant.
 */
export function parseServiceDate(text: string, options: WallClockOptions = {}): Date {
  if (typeof text === 'string' && (text.startsWith('/') || text.startsWith('\\'))) return parseLegacyDate(text).date;
  return typeof text === 'string' && text.length === 10 ? parseIsoDate(text, options) : parseIsoDateTime(text, options);
}

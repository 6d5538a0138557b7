/**
 * Display formatting shared by the server and the browser (no Node-only imports).
 * Dates and times are shown in America/Los_Angeles; money is integer cents.
 */
// Dates are parsed and formatted with Intl and fixed month names, not date-fns / date-fns-tz
// (their formatters, locales and parser were 11 kB of every public page's JavaScript).
import { TIME_ZONE, type Currency } from './constants';
import type { Lang } from './lang';
import { textMemo } from './text-memo';

export type { Lang } from './lang';
export type { Currency } from './constants';

/** A date-like value as it may come from the database, a form or JSON. */
export type DateInput = Date | string | number | null | undefined;

/** Shown for a missing or invalid date or time in English. */
const TBD = 'TBD';
/** The same in French (« TBD » is not French). */
const TBD_FR = 'À déterminer';

/** What a missing date or time reads as in a language. */
function tbd(lang: Lang = 'en'): string {
  return lang === 'fr' ? TBD_FR : TBD;
}

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO date-time; without Z or an offset it is a Los Angeles wall time. */
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const MONEY_RE = /^(\d*)(?:[.,](\d{0,2}))?$/;
const BASE36_RE = /^[0-9A-Z]+$/;

/** A calendar day (month 1–12). */
export type CalendarDay = { year: number; month: number; day: number };

/** Parses 'YYYY-MM-DD' into a real calendar day, or null (e.g. '2025-02-30'). */
export function parseDateOnly(value: string): CalendarDay | null {
  const m = DATE_ONLY_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  probe.setUTCFullYear(year);
  const real = probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/** True for a 'YYYY-MM-DD' string naming a real calendar day. */
export function isDateOnlyString(value: string): boolean {
  return parseDateOnly(value) !== null;
}

/** Converts a date-like value to an instant; strings without an offset are Los Angeles wall time. */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseInstant(value.trim()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Parses an ISO date or date-time string; no Z or offset means Los Angeles wall time. */
function parseInstant(text: string): Date {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as number[];
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59)
    return new Date(Number.NaN);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const zone = m[8];
  if (zone) {
    if (zone.toUpperCase() === 'Z') return new Date(wall);
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    const minutes = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * (z[1] === '-' ? -1 : 1);
    return new Date(wall - minutes * 60_000);
  }
  // Los Angeles: subtract the zone's offset at that moment (checked twice around DST changes).
  let t = wall - offsetAt(wall);
  const again = wall - offsetAt(t);
  if (again !== t) t = again;
  return new Date(t);
}

/** Offsets are looked up per quarter hour of UTC: zones change offset only at such instants. */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<number, number>();

/**
 * Los Angeles' offset from UTC at an instant, in milliseconds. Asked of Intl once per quarter
 * hour and memoized: a page of events asks it several times per event, and `formatToParts` is slow.
 */
function offsetAt(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR;
    const p = intlParts(new Date(start));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - start;
    if (offsets.size >= 20_000) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

/** The calendar day of a value: a 'YYYY-MM-DD' string as is, anything else in Los Angeles. */
export function calendarDay(value: DateInput): CalendarDay | null {
  if (typeof value === 'string' && DATE_ONLY_RE.test(value.trim())) return parseDateOnly(value);
  const instant = toInstant(value);
  if (!instant) return null;
  const p = zonedParts(instant);
  return { year: p.year, month: p.month, day: p.day };
}

let zoned: Intl.DateTimeFormat | undefined;

/** The Los Angeles wall clock of an instant, from Intl (one cached formatter, 24-hour). */
function intlParts(instant: Date) {
  zoned ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of zoned.formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** The Los Angeles wall clock of an instant (its offset from `offsetAt`). */
function zonedParts(instant: Date) {
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime()));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The calendar day of a value as 'YYYY-MM-DD' (Los Angeles), or null. */
export function toDateString(value: DateInput): string | null {
  const d = calendarDay(value);
  return d ? `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}` : null;
}

/** Today's date in Los Angeles as 'YYYY-MM-DD'. */
export function todayString(now: Date = new Date()): string {
  return toDateString(now)!;
}

/** Left-pads a number with zeros. */
function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Formats a calendar day: English 'Mar 5th, 2025', French '5 mars 2025' ('1er' on the first). */
function formatDay(d: CalendarDay, lang: Lang): string {
  const year = pad(d.year, 4);
  if (lang === 'fr') return `${d.day === 1 ? '1er' : d.day} ${MONTHS_FR[d.month - 1]} ${year}`;
  return `${MONTHS_EN[d.month - 1]} ${ordinal(d.day)}, ${year}`;
}

/** Texts of stored date strings (lists show the same dates many times; a day is a zone lookup). */
const dateTextMemo = textMemo(10_000);

/** A date for display ('MMM Do, YYYY' in Los Angeles); 'YYYY-MM-DD' is that very day; missing or invalid → 'TBD' ('À déterminer'). */
export function formatDate(value: DateInput, lang: Lang = 'en'): string {
  const text = () => {
    const d = calendarDay(value);
    return d ? formatDay(d, lang) : tbd(lang);
  };
  return typeof value === 'string' ? dateTextMemo(`d${lang}${value}`, text) : text();
}

const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** A month ('YYYY-MM', or any date in it) for display: 'Feb 2026', French 'février 2026'; else as given. */
export function formatMonth(value: string, lang: Lang = 'en'): string {
  const m = MONTH_RE.exec(value.trim());
  const d = m ? { year: Number(m[1]), month: Number(m[2]) } : calendarDay(value);
  if (!d || d.month < 1 || d.month > 12) return value;
  const name = (lang === 'fr' ? MONTHS_FR : MONTHS_EN)[d.month - 1];
  return `${name} ${pad(d.year, 4)}`;
}

/** A time for display ('h:mm A' in Los Angeles; French '15 h 05'); missing, invalid or date-only → 'TBD' ('À déterminer'). */
export function formatTime(value: DateInput, lang: Lang = 'en'): string {
  const text = () => timeText(value, lang);
  return typeof value === 'string' ? dateTextMemo(`t${lang}${value}`, text) : text();
}

function timeText(value: DateInput, lang: Lang): string {
  if (typeof value === 'string' && DATE_ONLY_RE.test(value.trim())) return tbd(lang);
  const instant = toInstant(value);
  if (!instant) return tbd(lang);
  const { hour, minute } = zonedParts(instant);
  if (lang === 'fr') return `${hour} h ${pad(minute, 2)}`;
  return `${hour % 12 || 12}:${pad(minute, 2)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A phone for display: 10–13 digits → '(xxx) xxx-xxxx' with '+prefix ' past 10; else unchanged. */
export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = value.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 13) return value;
  const local = digits.slice(-10);
  const prefix = digits.slice(0, -10);
  const main = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return prefix ? `+${prefix} ${main}` : main;
}

/** The number a value holds: finite numbers and non-empty numeric strings; else null. */
function toNumeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * A percent for display: over 1 → as given + '%'; else ×100 floored + '%'; non-numeric
 * → '0%'. French writes the number its way with a no-break space before the sign ('12,5 %').
 */
export function formatPercent(value: unknown, lang: Lang = 'en'): string {
  const n = toNumeric(value);
  let shown: number | string;
  if (n === null) shown = 0;
  else if (n > 1) shown = typeof value === 'string' && lang === 'en' ? value.trim() : n;
  else {
    const scaled = Math.floor(Number((n * 100).toPrecision(12)));
    shown = scaled === 0 ? 0 : scaled;
  }
  if (lang === 'en') return `${shown}%`;
  // fr-CA puts U+00A0 before '%' (the glossary's choice); the value is already ×100.
  return numberFormat(lang, { style: 'unit', unit: 'percent', maximumFractionDigits: 20 }).format(
    Number(shown),
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per language and options (building one costs far more than using it). */
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f)
    numberFormats.set(key, (f = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-US', options)));
  return f;
}

/** Most formatted amounts memoized at once (then all are dropped and memoized anew). */
const MAX_MONEY_TEXTS = 10_000;
const moneyTexts = new Map<string, string>();

/**
 * Money for display from integer cents ('$12.50', '12,50 $'); locale en-US or fr-CA. A page
 * formats many amounts, often the same ones (a class's payouts, totals): each distinct text is
 * built once, without serializing the formatter's options per call.
 */
export function formatMoney(cents: number, currency: Currency = 'USD', lang: Lang = 'en'): string {
  const amount = Number.isFinite(cents) ? Math.round(cents) / 100 : 0;
  const key = `${lang}${currency}${Object.is(amount, -0) ? '-0' : amount}`;
  let text = moneyTexts.get(key);
  if (text === undefined) {
    text = numberFormat(lang, { style: 'currency', currency }).format(amount);
    if (moneyTexts.size >= MAX_MONEY_TEXTS) moneyTexts.clear();
    moneyTexts.set(key, text);
  }
  return text;
}

/** A number for display with the language's grouping ('1,234.5', '1 234,5'). */
export function formatNumber(n: number, lang: Lang = 'en'): string {
  return numberFormat(lang).format(n);
}

/**
 * Parses a typed amount into integer cents without floating point: digits with at most two
 * decimals after '.' (or a French ','); no sign, '$' or thousands separators. Null when invalid.
 */
export function parseMoneyToCents(input: string | number): number | null {
  if (typeof input === 'number' && (!Number.isFinite(input) || input < 0)) return null;
  const text = String(input).trim();
  const m = MONEY_RE.exec(text);
  if (!m || (m[1] === '' && !m[2])) return null;
  const cents = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Whole years between a birth date and a day, or null when either is missing or invalid. */
export function ageOn(
  dateOfBirth: string | Date | null | undefined,
  on: string | Date,
): number | null {
  const birth = birthDay(dateOfBirth);
  const day = calendarDay(on);
  if (!birth || !day) return null;
  const beforeBirthday =
    day.month < birth.month || (day.month === birth.month && day.day < birth.day);
  const years = day.year - birth.year - (beforeBirthday ? 1 : 0);
  return years < 0 ? null : years;
}

/** The calendar day of a birth date: 'YYYY-MM-DD' as is, a Date by its UTC date (date-only storage). */
function birthDay(value: string | Date | null | undefined): CalendarDay | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return {
      year: value.getUTCFullYear(),
      month: value.getUTCMonth() + 1,
      day: value.getUTCDate(),
    };
  }
  return value ? calendarDay(value) : null;
}

/** An age for display: whole years, or 'Unknown' ('Inconnu') when the birth date is missing or invalid. */
export function formatAge(
  dateOfBirth: string | Date | null | undefined,
  on: Date = new Date(),
  lang: Lang = 'en',
): string {
  const years = ageOn(dateOfBirth, on);
  if (years === null) return lang === 'fr' ? 'Inconnu' : 'Unknown';
  return String(years);
}

/** A redemption code: the number in base 36, upper case (35 → 'Z', 36 → '10'). Throws on a non-integer. */
export function toBase36Code(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a code number: ${n}`);
  return n.toString(36).toUpperCase();
}

/**
 * A redemption code as people read it, and the receipt number a shop books: at least three
 * characters ('E' → '00E', which still reads back as the same number) after a number sign, '#00E',
 * the same string in every language, on every screen, mail and API answer. A one-letter code
 * alone read like a typo in a sentence.
 */
export function formatRedemptionCode(code: string | number): string {
  // A code already shown this way is given back as it is.
  const bare = typeof code === 'number' ? toBase36Code(code) : code.trim().replace(/^#/, '');
  const text = bare.padStart(3, '0');
  return `#${text}`;
}

/** The number behind a base-36 code (case-insensitive, trimmed), or null when it is not one. */
export function fromBase36Code(s: string | null | undefined): number | null {
  // A code copied as shown ('#00E', 'n° 00E') reads back too.
  const code = (s ?? '')
    .trim()
    .toUpperCase()
    .replace(/^(?:#|N°|NO\.)\s*/u, '');
  if (!BASE36_RE.test(code)) return null;
  const n = parseInt(code, 36);
  return Number.isSafeInteger(n) ? n : null;
}

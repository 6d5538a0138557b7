/**
 * VIN helpers (docs/rules.md "VINs"): shape, North American check digit (position 9), model year
 * (position 10) and pattern matching. The pieces are separate because a VIN that matches a
 * verified pattern marked as carrying no check digit is exempt from the check-digit test; the
 * service combines them.
 */
import { VIN_LENGTH } from './constants';

/** Characters a VIN may contain: digits and letters except I, O and Q. */
export const VIN_ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** Why a VIN is malformed: wrong length, a character outside the alphabet, or a wrong check digit. */
export type VinShapeError = 'length' | 'character' | 'checkDigit';

/** Letter values for the check digit (digits stand for themselves). */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

/** Weight of each of the 17 positions (position 9, the check digit itself, weighs 0). */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Model-year codes of position 10 in cycle order (A … Y, then 1 … 9): the 30-year cycle. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
/** One model year of YEAR_CODES[0] ('A' = 1980, 2010, 2040, …). */
const YEAR_CODES_START = 2010;
/** Length of the model-year cycle. */
const YEAR_CYCLE = 30;

const VIN_RE = new RegExp(`^[${VIN_ALPHABET}]{${VIN_LENGTH}}$`);
const PATTERN_RE = new RegExp(`^[${VIN_ALPHABET}*]{${VIN_LENGTH}}$`);

/** Trims and upper-cases a VIN (or pattern) as typed. */
export function normalizeVin(s: string | null | undefined): string {
  return (s ?? '').trim().toUpperCase();
}

/** True when the VIN is 17 characters of the VIN alphabet (check digit not tested). */
export function vinHasValidSyntax(vin: string): boolean {
  return VIN_RE.test(normalizeVin(vin));
}

/** The check digit ('0'–'9' or 'X') the VIN should carry at position 9; '' when its syntax is invalid. */
export function vinCheckDigit(vin: string): string {
  const v = normalizeVin(vin);
  if (!VIN_RE.test(v)) return '';
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += charValue(v[i]) * WEIGHTS[i];
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** The numeric value of one VIN character for the check digit. */
function charValue(c: string): number {
  return c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c];
}

/** True when the VIN's syntax is valid and position 9 holds the right check digit. */
export function vinHasValidCheckDigit(vin: string): boolean {
  const v = normalizeVin(vin);
  const expected = vinCheckDigit(v);
  return expected !== '' && v[8] === expected;
}

/**
 * The model year from position 10 (ISO 3779 / 49 CFR 565.15). The code repeats every 30 years
 * (`M` is 1991 and 2021), and position 7 does not settle it for motorcycles, so the decision
 * (docs/rules.md "VINs") is: the most recent year of the cycle that is not later
 * than next calendar year (a 2027 model is sold in 2026; a 2038 one is not). `now` is for tests.
 * Null when position 10 is not a year code.
 */
export function vinModelYear(vin: string, now: Date = new Date()): number | null {
  const v = normalizeVin(vin);
  if (v.length !== VIN_LENGTH) return null;
  const index = YEAR_CODES.indexOf(v[9]);
  if (index < 0) return null;
  const latest = now.getUTCFullYear() + 1;
  const first = YEAR_CODES_START + index;
  return first + Math.floor((latest - first) / YEAR_CYCLE) * YEAR_CYCLE;
}

/** The first thing wrong with a VIN, in the order length, character, check digit; null when none. */
export function vinShapeError(vin: string): VinShapeError | null {
  const v = normalizeVin(vin);
  if (v.length !== VIN_LENGTH) return 'length';
  if (!VIN_RE.test(v)) return 'character';
  return vinHasValidCheckDigit(v) ? null : 'checkDigit';
}

/** True when a pattern is 17 characters of the VIN alphabet or '*' (any one character). */
export function isValidVinPattern(pattern: string): boolean {
  return PATTERN_RE.test(normalizeVin(pattern));
}

/** True when the VIN matches the pattern position by position; '*' matches any one character. */
export function matchVinPattern(vin: string, pattern: string): boolean {
  const v = normalizeVin(vin);
  const p = normalizeVin(pattern);
  if (v.length !== VIN_LENGTH || p.length !== VIN_LENGTH) return false;
  for (let i = 0; i < VIN_LENGTH; i++) {
    if (p[i] !== '*' && p[i] !== v[i]) return false;
  }
  return true;
}

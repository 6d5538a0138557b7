/**
 * PINs too easy to guess: the ones tried first at any counter. Refused whenever a PIN is set,
 * with the reason the rider reads; a rider whose stored PIN is one of them is asked to change it.
 */
import { PIN_LENGTH } from './constants';

/** Why a PIN is refused (message `pinSafety:weak.<reason>`). */
export type WeakPinReason = 'common' | 'repeated' | 'sequence' | 'year' | 'date' | 'keypad';

/** Frequent in leaked PIN lists without another shape (1234, 0000, 2580 … are caught below). */
const COMMON = ['1212', '1004', '6969', '1122', '1313', '2323', '4545', '5683'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when the two digit pairs are a month and a day of it (29 February included). */
function isMonthDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
}

/**
 * The phone keypad (123 / 456 / 789 / _0_): its only four-key straight line is the middle column
 * (2580); the other lines have three keys (rows, columns, diagonals), and people finish them
 * with the 0 below, or start from it.
 */
const KEYPAD_LINES = ['123', '456', '789', '147', '258', '369', '159', '357'];
const KEYPAD = new Set(
  KEYPAD_LINES.flatMap((line) => {
    const back = [...line].reverse().join('');
    return [line, back].flatMap((l) => [`${l}0`, `0${l}`]);
  }),
);

/** The reason a PIN is too easy to guess, or null when it is not (or is not PIN_LENGTH digits). */
export function weakPinReason(pin: string): WeakPinReason | null {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return null;
  if (/^(\d)\1+$/.test(pin)) return 'repeated';
  if (COMMON.includes(pin)) return 'common';
  const d = [...pin].map(Number);
  // Every step the same (2468, 1357, 9630, 0123 …), or a run of ±1 through 9→0 (7890, 8901 …).
  const steps = d.slice(1).map((x, i) => x - d[i]);
  if (steps.every((s) => s === steps[0])) return 'sequence';
  const wrapped = steps.map((s) => (s + 10) % 10);
  if (wrapped.every((s) => s === 1) || wrapped.every((s) => s === 9)) return 'sequence';
  if (/^19\d\d$/.test(pin) || /^20[0-3]\d$/.test(pin)) return 'year';
  const [a, b] = [d[0] * 10 + d[1], d[2] * 10 + d[3]];
  if (isMonthDay(a, b) || isMonthDay(b, a)) return 'date';
  if (KEYPAD.has(pin)) return 'keypad';
  return null;
}

/** True for a PIN with any of the weak shapes (`weakPinReason`). */
export function isWeakPin(pin: string): boolean {
  return weakPinReason(pin) !== null;
}

/** Every weak PIN (for checking a stored hash against the list). */
export function weakPins(): string[] {
  const out: string[] = [];
  for (let n = 0; n < 10 ** PIN_LENGTH; n++) {
    const pin = String(n).padStart(PIN_LENGTH, '0');
    if (isWeakPin(pin)) out.push(pin);
  }
  return out;
}

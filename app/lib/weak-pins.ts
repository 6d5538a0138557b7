/**
 * PINs too easy to guess: the ones tried first at any counter. Refused whenever a PIN is set;
 * a rider whose stored PIN is one of them is asked to change it.
 */
import { PIN_LENGTH } from './constants';

const COMMON = ['1234', '0000', '1111', '1212', '7777', '2580', '4321', '1004', '2000', '6969'];

/** True for a common PIN, a year 19xx or 20xx, all-same digits, or a straight run up or down. */
export function isWeakPin(pin: string): boolean {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return false;
  if (COMMON.includes(pin)) return true;
  if (/^19\d\d$/.test(pin) || /^20[0-3]\d$/.test(pin)) return true;
  if (/^(\d)\1+$/.test(pin)) return true;
  // "Straight": each digit one more (or one less) than the one before, 0123 … 6789, 9876 … 3210.
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => x - d[i]);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
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

/**
 * How names, headers, words and AMA numbers are reduced before they are compared: the upload
 * parsers, the results upload (a rider's link and bonus carry over) and the award matching
 * (~/services/money) all match through these.
 */

/** A word reduced for matching: accents, case, spacing and punctuation gone ('Dealer Credit' → 'dealercredit'). */
export function wordKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A header reduced for matching: lower case, accents and punctuation gone ('#' kept). */
export function headerKey(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9#]/g, '');
}

/** A class name reduced for matching (case, accents and spacing do not matter). */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An AMA number as stored: digits and letters only (spaces and '#' gone), or null. */
export function normalizeAma(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === 'number' ? String(value) : value)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  return text === '' ? null : text;
}

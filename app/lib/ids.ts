/** Ids in addresses, queries and bodies: one rule for every caller (pages and the API). */

/** Whether a text is an id: a positive whole number in digits. */
export function isIdSegment(raw: string | undefined | null): raw is string {
  return typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw) && Number(raw) > 0;
}

/** An optional id (a query value, a form or JSON field): the number, or null when it is not one. */
export function idParam(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && isIdSegment(text) ? Number(text) : null;
}

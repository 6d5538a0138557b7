/** Search-string helpers without zod, so public pages (pagination) do not ship it to the browser. */

/** A search string with some parameters set (a null value removes one), '' when empty. */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Conditions on a column of instants stored as ISO-8601 text that an index on the column can
 * answer. The app compares instants with `julianday()`, exact for any ISO-8601 text (an offset,
 * no milliseconds), but SQLite cannot search an index through a function: such a condition reads
 * every row the rest of the query leaves. A window of whole days on the text itself goes beside
 * it: the text of an instant starts with its local date, at most a day from its UTC date (offsets
 * are under 24 h), so the window keeps every row the exact condition keeps and the index narrows
 * the rest.
 */
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date (YYYY-MM-DD) of `iso` moved by `days`; null when `iso` is not an instant. */
function dayOf(iso: string, days: number): string | null {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? new Date(at + days * DAY_MS).toISOString().slice(0, 10) : null;
}

/**
 * SQL: a text window on `column` holding every instant from `from` to `until` (either may be
 * null: open on that side), a superset of the exact condition that must go with it. A bound that
 * is not an instant leaves that side open (the exact condition still decides). The bounds are
 * bound values (whole days): one prepared statement serves any window.
 */
export function instantWindow(column: AnyColumn, from: string | null, until: string | null): SQL {
  const parts: SQL[] = [];
  const first = from === null ? null : dayOf(from, -1);
  const last = until === null ? null : dayOf(until, 2);
  if (first !== null) parts.push(sql`${column} >= ${first}`);
  if (last !== null) parts.push(sql`${column} < ${last}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`1`;
}

/**
 * SQL: the instants in `column` from `from` (included) to `until` (left out), either side open
 * when null: the exact julianday() conditions with their window. Undefined when both are null.
 */
export function instantRange(
  column: AnyColumn,
  from: string | null,
  until: string | null,
): SQL | undefined {
  if (from === null && until === null) return undefined;
  return and(
    instantWindow(column, from, until),
    from === null ? undefined : sql`julianday(${column}) >= julianday(${from})`,
    until === null ? undefined : sql`julianday(${column}) < julianday(${until})`,
  );
}

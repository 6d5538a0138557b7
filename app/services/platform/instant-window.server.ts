/**
 * Conditions on a column of instants stored as ISO-8601 text that an index on the column can
 * answer. The app compares instants with `julianday()`, exact for any ISO-8601 text (an offset,
 * no milliseconds), but SQLite cannot search an index through a function: such a condition reads
 * every row the rest of the query leaves (the expiry mail's awards: all of them, 100 ms on the
 * five-year data). A window of whole days on the text itself goes beside it: the text of an
 * instant starts with its local date, at most a day from its UTC date (offsets are under 24 h),
 * so the window keeps every row the exact condition keeps and the index narrows the rest.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date (YYYY-MM-DD) of `iso` moved by `days`. */
function dayOf(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * SQL: a text window on `column` holding every instant from `from` to `until` (either may be
 * null: open on that side), a superset of the exact condition that must go with it. The bounds
 * are bound values (whole days): one prepared statement serves any window.
 */
export function instantWindow(column: AnyColumn, from: string | null, until: string | null): SQL {
  const parts: SQL[] = [];
  if (from !== null) parts.push(sql`${column} >= ${dayOf(from, -1)}`);
  if (until !== null) parts.push(sql`${column} < ${dayOf(until, 2)}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`1`;
}

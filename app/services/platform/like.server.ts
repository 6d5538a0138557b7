/**
 * Text search with SQL LIKE, the user's text taken literally: `%`, `_` and `\` in it are escaped
 * and every statement says `ESCAPE '\'`. (SQLite's LIKE is case-insensitive for ASCII.)
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%text%` with LIKE's wildcards (and the escape character) in the text escaped. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE '%text%' ESCAPE '\'`: the column contains the text, literally. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return sql`${column} LIKE ${likeContains(text)} ESCAPE '\\'`;
}

/**
 * `column LIKE ? ESCAPE '\'` with the pattern as a placeholder, for a statement built once per
 * connection: run it with `likeContains(text)` as the placeholder's value.
 */
export function containsPlaceholder(column: AnyColumn | SQL, name: string): SQL {
  return sql`${column} LIKE ${sql.placeholder(name)} ESCAPE '\\'`;
}

/** Query helpers the public finders share: a literal text search and the page window. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { pageWindow } from '~/lib/pagination';

export type Pagination = { page: number; totalPages: number; total: number };

/** `column LIKE '%text%'` with LIKE wildcards in the text taken literally (case-insensitive for ASCII). */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

export function pageOf(total: number, requested: number) {
  const { offset, limit, pagination } = pageWindow(total, requested);
  return { ...pagination, offset, size: limit };
}

/**
 * The named columns of a table, for a drizzle `select` that takes them under their own names:
 * `select({ ...columnsOf(riders, ['firstName', 'lastName']), email: users.email })` rather than
 * `firstName: riders.firstName, lastName: riders.lastName, ...`.
 */
import { getTableColumns, type Table } from 'drizzle-orm';

export function columnsOf<T extends Table, const K extends keyof T['_']['columns']>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, all[k as string]])) as Pick<T['_']['columns'], K>;
}

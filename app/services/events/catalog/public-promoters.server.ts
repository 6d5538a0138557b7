/** The public promoter listing (GET /api/promoters). Read-only. */
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { promoters } from '#db/schema';
import { contains } from '~/services/events/catalog/public-query.server';

/** The public promoter listing: names and phones only, optionally filtered. */
export function listPromoters(
  db: Conn,
  filters: { name?: string; phone?: string },
): { id: number; name: string; phone: string | null }[] {
  const conds: (SQL | undefined)[] = [];
  if (filters.name) conds.push(contains(promoters.name, filters.name));
  if (filters.phone) {
    const digits = filters.phone.replace(/\D/g, '');
    if (digits)
      conds.push(
        contains(
          sql`replace(replace(replace(replace(replace(replace(${promoters.phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`,
          digits,
        ),
      );
  }
  return db
    .select({ id: promoters.id, name: promoters.name, phone: promoters.phone })
    .from(promoters)
    .where(and(...conds))
    .orderBy(asc(promoters.name))
    .all();
}

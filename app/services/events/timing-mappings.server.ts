/**
 * A promoter's remembered column choices for results files (issue 12.4 mapping step): each
 * header (as matched, headerKey) → the result column it was mapped to, or null (ignored).
 * Pre-selected the next time that promoter uploads a file with the same header.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { timingMappings } from '#db/schema';
import { headerKey } from '~/services/events/match-keys.server';
import {
  resultColumnOf,
  type ChosenColumns,
  type ResultColumn,
} from '~/services/events/result-columns.server';
import { cellText, type Cell } from '~/services/events/sheet-cells.server';

const IGNORE = 'ignore';

/** The choice to pre-select for each header: the promoter's remembered one, else our header words. */
export function preselectedColumns(db: DB, promoterId: number, headers: Cell[]): ChosenColumns {
  const keys = headers.map((h) => headerKey(cellText(h)));
  const wanted = keys.filter((k) => k !== '');
  const rows = wanted.length
    ? db
        .select()
        .from(timingMappings)
        .where(
          and(eq(timingMappings.promoterId, promoterId), inArray(timingMappings.headerKey, wanted)),
        )
        .all()
    : [];
  const remembered = new Map(rows.map((r) => [r.headerKey, r.column]));
  return headers.map((h, i) => {
    const saved = remembered.get(keys[i]!);
    if (saved === IGNORE) return null;
    if (saved) return saved as ResultColumn;
    return resultColumnOf(cellText(h));
  });
}

/** Remembers the promoter's chosen column for each header of the file (blank headers skipped). */
export function rememberColumns(
  db: DB,
  promoterId: number,
  headers: Cell[],
  chosen: ChosenColumns,
) {
  db.transaction(
    (tx) => {
      headers.forEach((h, i) => {
        const key = headerKey(cellText(h));
        if (key === '') return;
        const column = chosen[i] ?? IGNORE;
        tx.insert(timingMappings)
          .values({ promoterId, headerKey: key, column })
          .onConflictDoUpdate({
            target: [timingMappings.promoterId, timingMappings.headerKey],
            set: { column, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
          })
          .run();
      });
    },
    { behavior: 'immediate' },
  );
}

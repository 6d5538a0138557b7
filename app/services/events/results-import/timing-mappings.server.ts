/**
 * A promoter's remembered answers from the mapping step of results files. Per header set (the
 * whole header row): the column chosen for each position and what each status value meant, used
 * as is on the next file with the same headers. Per header (older, and for a file whose header
 * set is new): the column each header was mapped to, pre-selected when that header turns up again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { timingHeaderSets, timingMappings } from '#db/schema';
import { STATUS_OUTCOMES, TIMING_COLUMNS, type StatusOutcome } from '~/lib/schemas/timing';
import { headerKey } from '~/services/events/files/match-keys.server';
import {
  resultColumnOf,
  type ChosenColumns,
  type ResultColumn,
} from '~/services/events/results-import/result-columns.server';
import type { StatusChoices } from '~/services/events/results-import/status-words.server';
import { cellText, type Cell } from '~/services/events/files/sheet-cells.server';

const IGNORE = 'ignore';
const sqlNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** A header row as remembered: each header as matched, in order. */
function headerSetKey(headers: Cell[]): string {
  return headers.map((h) => headerKey(cellText(h))).join('|');
}

/** What a promoter answered for a header set, or null when that header set is new to them. */
export type RememberedSet = { columns: ChosenColumns; statuses: StatusChoices };

function asColumn(value: unknown): ResultColumn | null {
  return typeof value === 'string' && (TIMING_COLUMNS as readonly string[]).includes(value)
    ? (value as ResultColumn)
    : null;
}

function asStatuses(text: string): StatusChoices {
  const out: StatusChoices = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') {
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if ((STATUS_OUTCOMES as readonly unknown[]).includes(v)) out[k] = v as StatusOutcome;
      }
    }
  } catch {
    // A row we cannot read is as good as none.
  }
  return out;
}

/** The promoter's answers for exactly this header row, or null. */
export function rememberedSet(db: DB, promoterId: number, headers: Cell[]): RememberedSet | null {
  const row = db
    .select()
    .from(timingHeaderSets)
    .where(
      and(
        eq(timingHeaderSets.promoterId, promoterId),
        eq(timingHeaderSets.headerSet, headerSetKey(headers)),
      ),
    )
    .get();
  if (!row) return null;
  let list: unknown[] = [];
  try {
    const parsed = JSON.parse(row.columns) as unknown;
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    return null;
  }
  return {
    columns: headers.map((_, i) => asColumn(list[i])),
    statuses: asStatuses(row.statuses),
  };
}

/** The headers (by headerKey) the promoter has mapped before, with the column each went to. */
function rememberedHeaders(db: DB, promoterId: number, keys: string[]) {
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
  return new Map(rows.map((r) => [r.headerKey, r.column]));
}

/** The choice to pre-select for each header: the promoter's remembered one, else our header words. */
export function preselectedColumns(db: DB, promoterId: number, headers: Cell[]): ChosenColumns {
  const set = rememberedSet(db, promoterId, headers);
  if (set) return set.columns;
  const keys = headers.map((h) => headerKey(cellText(h)));
  const remembered = rememberedHeaders(db, promoterId, keys);
  return headers.map((h, i) => {
    const saved = remembered.get(keys[i]!);
    if (saved === IGNORE) return null;
    if (saved) return asColumn(saved);
    return resultColumnOf(cellText(h));
  });
}

/** Which headers the promoter has answered for before (their header set, or each header alone). */
export function answeredHeaders(db: DB, promoterId: number, headers: Cell[]): boolean[] {
  if (rememberedSet(db, promoterId, headers)) return headers.map(() => true);
  const keys = headers.map((h) => headerKey(cellText(h)));
  const remembered = rememberedHeaders(db, promoterId, keys);
  return keys.map((k) => remembered.has(k));
}

/**
 * Remembers the promoter's answers for a file: the columns and status values for its header set,
 * and each header's column on its own (blank headers skipped).
 */
export function rememberColumns(
  db: DB,
  promoterId: number,
  headers: Cell[],
  chosen: ChosenColumns,
  statuses: StatusChoices = {},
) {
  writeTx(db, (tx) => {
    const columns = JSON.stringify(headers.map((_, i) => chosen[i] ?? IGNORE));
    tx.insert(timingHeaderSets)
      .values({
        promoterId,
        headerSet: headerSetKey(headers),
        columns,
        statuses: JSON.stringify(statuses),
      })
      .onConflictDoUpdate({
        target: [timingHeaderSets.promoterId, timingHeaderSets.headerSet],
        set: { columns, statuses: JSON.stringify(statuses), updatedAt: sqlNow },
      })
      .run();
    headers.forEach((h, i) => {
      const key = headerKey(cellText(h));
      if (key === '') return;
      const column = chosen[i] ?? IGNORE;
      tx.insert(timingMappings)
        .values({ promoterId, headerKey: key, column })
        .onConflictDoUpdate({
          target: [timingMappings.promoterId, timingMappings.headerKey],
          set: { column, updatedAt: sqlNow },
        })
        .run();
    });
  });
}

/**
 * The rider VIN report (admin page and CSV download): riders with their bikes' states, one line
 * per bike, a rider without a bike on one line of their own. Read only.
 */
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { bikes, riders, users } from '#db/schema';
import type { CsvCell } from '~/lib/csv';
import { streamRows } from '~/services/platform/row-stream.server';
import type { VinReportState } from '~/lib/schemas/vin';
import { pageWindow } from '~/lib/pagination';
import { likeContains } from '~/services/platform/like.server';
import { columnsOf } from '~/services/platform/columns.server';
import { unplannedLimit } from '~/db.server';

/** One line of the rider VIN report: a bike with its rider, or a rider without any bike. */
export type VinReportRow = {
  riderId: number;
  firstName: string;
  lastName: string;
  email: string;
  bikeId: number | null;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  valid: boolean | null;
  invalidReason: string | null;
};

export type VinReportFilters = { name?: string; vin?: string; valid?: VinReportState };

function reportWhere(f: VinReportFilters): SQL | undefined {
  const filters: SQL[] = [];
  if (f.name) {
    const words = f.name.split(/\s+/).filter(Boolean);
    for (const w of words) {
      filters.push(
        sql`(lower(${riders.firstName} || ' ' || ${riders.lastName}) LIKE lower(${likeContains(w)}) ESCAPE '\\')`,
      );
    }
  }
  if (f.vin) filters.push(sql`${bikes.vin} LIKE ${likeContains(f.vin.toUpperCase())} ESCAPE '\\'`);
  if (f.valid === 'valid') filters.push(eq(bikes.valid, true));
  if (f.valid === 'invalid') filters.push(eq(bikes.valid, false));
  if (f.valid === 'none') filters.push(isNull(bikes.id));
  return filters.length > 0 ? and(...filters) : undefined;
}

function reportSelect(conn: Conn, where: SQL | undefined) {
  return conn
    .select({
      riderId: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      email: users.email,
      bikeId: bikes.id,
      ...columnsOf(bikes, ['vin', 'year', 'make', 'model', 'valid', 'invalidReason']),
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .leftJoin(bikes, eq(bikes.riderId, riders.id))
    .where(where)
    .orderBy(asc(riders.lastName), asc(riders.firstName), asc(riders.id), asc(bikes.id));
}

/**
 * Riders with their bikes' states, one line per bike (a rider without a bike has one line with
 * no bike). Filters: rider name (every word must appear), VIN (part), state (valid, invalid,
 * none = riders without a bike). 20 lines per page.
 */
export function vinReport(
  conn: Conn,
  query: VinReportFilters & { page: number },
): {
  rows: VinReportRow[];
  pagination: { page: number; totalPages: number; total: number; pageSize: number };
} {
  const where = reportWhere(query);
  const total =
    conn
      .select({ n: count() })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .leftJoin(bikes, eq(bikes.riderId, riders.id))
      .where(where)
      .get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, query.page);
  const rows = reportSelect(conn, where).limit(unplannedLimit(limit)).offset(offset).all();
  return { rows, pagination: { ...pagination, pageSize: limit } };
}

const ROW_FIELDS = [
  'riderId',
  'firstName',
  'lastName',
  'email',
  'bikeId',
  'vin',
  'year',
  'make',
  'model',
  'valid',
  'invalidReason',
] as const;

/** Every line of the report for the filters (for the CSV download), read one at a time. */
export function vinReportAll(conn: Conn, filters: VinReportFilters): Iterable<VinReportRow> {
  return streamRows<VinReportRow>(conn, reportSelect(conn, reportWhere(filters)), ROW_FIELDS);
}

/** The report as CSV rows (`~/lib/csv` makes every cell formula-safe): a header, then one line per row. */
export function* vinReportCsvRows(
  rows: Iterable<VinReportRow>,
  labels: {
    header: string[];
    valid: string;
    invalid: string;
    none: string;
    reason: (key: string) => string;
  },
): Generator<CsvCell[]> {
  yield labels.header;
  for (const r of rows) {
    yield [
      r.lastName,
      r.firstName,
      r.email,
      r.vin,
      r.year,
      r.make,
      r.model,
      r.bikeId === null ? labels.none : r.valid ? labels.valid : labels.invalid,
      r.invalidReason ? labels.reason(r.invalidReason) : '',
    ];
  }
}

/**
 * The AMA Supercross live-timing export (JSON): an array of races, each with `S` its session
 * ("450SX Main Event"), `E` the event, `T` the track and `B` its riders (`A` position, `N` number,
 * `F` full name, `V` bike, `H` hometown, `I` AMA number, `S` status Active/OUT, `T` team, `L`
 * laps). Read into rows like a sheet with the race in a class column, so it goes through the
 * same mapping step, where the uploader picks which race feeds which class. Pure: no database.
 */
import { ImportReadError } from '~/services/events/files/import-problems.server';
import {
  MAX_IMPORT_ROWS,
  type Cell,
  type SheetRow,
} from '~/services/events/files/sheet-cells.server';

/** The headers the rows get: the race is the class column, the rest our usual header words. */
const HEADERS = [
  'Race',
  'Event',
  'Track',
  'Pos',
  'No.',
  'Name',
  'Bike',
  'Hometown',
  'AMA',
  'Status',
  'Team',
  'Laps',
];
const RIDER_KEYS = ['A', 'N', 'F', 'V', 'H', 'I', 'S', 'T', 'L'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function cell(v: unknown): Cell {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v;
  return null;
}

/** Whether parsed JSON is a live-timing export: an array of races, each with its riders. */
function isRaceList(value: unknown): value is Obj[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((r) => isObj(r) && typeof r.S === 'string' && Array.isArray(r.B))
  );
}

/**
 * The rows of a live-timing export (header first; riders numbered from 2 in the file's order),
 * or null when the JSON is not one. Throws ImportReadError past the row limit.
 */
export function amaTimingRows(value: unknown): SheetRow[] | null {
  if (!isRaceList(value)) return null;
  const rows: SheetRow[] = [{ row: 1, cells: HEADERS }];
  for (const race of value) {
    for (const rider of race.B as unknown[]) {
      if (!isObj(rider)) continue;
      if (rows.length > MAX_IMPORT_ROWS) {
        throw new ImportReadError({
          row: rows.length + 1,
          column: null,
          code: 'tooManyRows',
          value: String(MAX_IMPORT_ROWS),
        });
      }
      const riderCells = RIDER_KEYS.map((k) => cell(rider[k]));
      rows.push({
        row: rows.length + 1,
        cells: [race.S as string, cell(race.E), cell(race.T), ...riderCells],
      });
    }
  }
  return rows;
}

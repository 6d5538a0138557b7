/**
 * Results sent as JSON (PUT /api/event/{id}/results) read exactly like an uploaded file.
 */
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import {
  parseResults,
  type ParsedResult,
} from '~/services/events/results-import/results-parser.server';
import {
  MAX_IMPORT_ROWS,
  type Cell,
  type SheetRow,
} from '~/services/events/files/sheet-cells.server';

const JSON_FIELDS: [key: string, header: string][] = [
  ['className', 'Class'],
  ['place', 'Place'],
  ['riderName', 'Rider'],
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['amaNumber', 'AMA Number'],
  ['email', 'Email'],
  ['make', 'Make'],
  ['model', 'Model'],
  ['hometown', 'Hometown'],
  ['resultType', 'Result Type'],
];

function jsonCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  return String(value);
}

/**
 * Results sent as JSON objects ({ className?, place, riderName | firstName + lastName, amaNumber,
 * email, make, model, hometown, resultType }) read exactly like an upload; `row` is the item's
 * position (1-based). With `withClass` every item must name its class.
 */
export function resultsFromJson(items: unknown, withClass: boolean): ParseOutcome<ParsedResult[]> {
  if (!Array.isArray(items) || items.length === 0) {
    return { ok: false, problems: [{ row: null, column: null, code: 'noResults' }] };
  }
  if (items.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      problems: [{ row: null, column: null, code: 'tooManyRows', value: String(MAX_IMPORT_ROWS) }],
    };
  }
  const fields = JSON_FIELDS.filter(([key]) => withClass || key !== 'className');
  const rows: SheetRow[] = [{ row: 0, cells: fields.map(([, header]) => header) }];
  items.forEach((item, i) => {
    const obj = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    rows.push({ row: i + 1, cells: fields.map(([key]) => jsonCell(obj[key])) });
  });
  return parseResults(rows, withClass ? 'upload-all-class-result' : 'upload-class-result');
}

/**
 * Results sent as JSON (PUT /api/event/{id}/results) read exactly like an uploaded file: each
 * item's keys are the file's header row, so they take the same words (`place`, `Pos`,
 * `Rider Name`, `AMA #`…).
 */
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import {
  parseResults,
  type ParsedResult,
} from '~/services/events/results-import/results-parser.server';
import { resultColumnOf } from '~/services/events/results-import/result-columns.server';
import {
  MAX_IMPORT_ROWS,
  type Cell,
  type SheetRow,
} from '~/services/events/files/sheet-cells.server';

function jsonCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  return String(value);
}

/** An item of the list as an object (anything else has no cells). */
function objectOf(item: unknown): Record<string, unknown> {
  return item !== null && typeof item === 'object' && !Array.isArray(item)
    ? (item as Record<string, unknown>)
    : {};
}

/**
 * Results sent as JSON objects, their keys read as a file's headers (`className`, `place`,
 * `riderName` or `firstName` + `lastName`, `amaNumber`, `email`, `make`, `model`, `hometown`,
 * `resultType`, or any other header word of a results file); `row` is the item's position
 * (1-based). With `withClass` every item must name its class; without, a class key is left out.
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
  const keys = new Set<string>();
  for (const item of items) for (const key of Object.keys(objectOf(item))) keys.add(key);
  const fields = [...keys].filter((key) => withClass || resultColumnOf(key) !== 'class');
  const rows: SheetRow[] = [{ row: 0, cells: fields }];
  items.forEach((item, i) => {
    const obj = objectOf(item);
    rows.push({ row: i + 1, cells: fields.map((key) => jsonCell(obj[key])) });
  });
  return parseResults(rows, withClass ? 'upload-all-class-result' : 'upload-class-result');
}

/**
 * Finding the header row of a results file: exports often put a title, the event's name or the
 * class above the headers (one or several rows). Pure: no database.
 */
import { isKnownHeader } from '~/services/events/results-import/result-columns.server';
import { cellText, type SheetRow } from '~/services/events/files/sheet-cells.server';

/** How many rows from the top may hold a title before the headers. */
const HEADER_SEARCH_ROWS = 10;

function filled(r: SheetRow): number {
  return r.cells.filter((c) => cellText(c) !== '').length;
}

/**
 * The index of the header row: among the first rows, the first one naming the most headers we
 * know (at least two); when none does (a file of headers we do not know yet), the first row at
 * least half as wide as the widest (a title is one cell, a header row is the table's width).
 */
export function headerRowIndex(rows: SheetRow[]): number {
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  let best = -1;
  let bestScore = 1;
  top.forEach((r, i) => {
    const score = r.cells.filter((c) => typeof c === 'string' && isKnownHeader(cellText(c))).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  if (best >= 0) return best;
  const widest = Math.max(0, ...top.map(filled));
  const i = top.findIndex((r) => filled(r) >= Math.max(2, Math.ceil(widest / 2)));
  return i < 0 ? 0 : i;
}

/** The file from its header row on (title rows above it dropped). */
export function fromHeaderRow(rows: SheetRow[]): SheetRow[] {
  const i = headerRowIndex(rows);
  return i === 0 ? rows : rows.slice(i);
}

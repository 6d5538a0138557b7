/**
 * The rows and cells every upload reader produces (CSV, XLSX, JSON results), the size limits they
 * enforce, and the cell helpers the parsers share. Row numbers are the file's own (the header is
 * row 1).
 */

/** Most data rows an upload may have. */
export const MAX_IMPORT_ROWS = 20_000;
/** Most columns a row may have. */
export const MAX_IMPORT_COLUMNS = 200;

/** A cell as read: text, a number (XLSX), or nothing. */
export type Cell = string | number | null;
/** A non-blank row of a file with its row number in the file (1-based, header included). */
export type SheetRow = { row: number; cells: Cell[] };

/** A cell as trimmed text ('' when blank). Numbers are written the way JavaScript prints them. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return cell.replace(/\u00a0/g, ' ').trim();
}

/** True when every cell is blank. */
export function isBlankRow(cells: Cell[]): boolean {
  return cells.every((c) => cellText(c) === '');
}

/** Drops trailing blank cells. */
export function trimRow(cells: Cell[]): Cell[] {
  let end = cells.length;
  while (end > 0 && cellText(cells[end - 1]) === '') end -= 1;
  return cells.slice(0, end);
}

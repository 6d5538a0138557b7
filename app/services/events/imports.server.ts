/**
 * Reading uploaded class-payout and results files (rules.md "Classes and payouts", spec §5).
 * Pure parsing: no database. Every problem is collected with its row and column so the upload is
 * applied whole or refused whole, with the list shown next to the upload field.
 *
 * Files: CSV (UTF-8 with or without BOM, Windows-1252 fallback, CRLF, comma / semicolon / tab
 * separated, quoted fields) or XLSX (first sheet, all rows; numbers stay numbers). Row numbers are
 * the file's own (the header is row 1).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { CURRENCIES, type Currency, type PayoutType, type ResultType } from '~/lib/constants';
import { parseMoneyToCents } from '~/lib/format';

// ---------------------------------------------------------------- limits

/** Most data rows an upload may have. */
export const MAX_IMPORT_ROWS = 20_000;
/** Most columns a row may have. */
export const MAX_IMPORT_COLUMNS = 200;
/** Most bytes an XLSX may hold once unzipped (it is a zip: a small file can hold a lot). */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Most entries an XLSX zip may hold. */
const MAX_XLSX_ENTRIES = 2_000;

// ---------------------------------------------------------------- types

/** A cell as read: text, a number (XLSX), or nothing. */
export type Cell = string | number | null;
/** A non-blank row of a file with its row number in the file (1-based, header included). */
export type SheetRow = { row: number; cells: Cell[] };

/** Why a row or cell was refused; the UI translates `events:problems.<code>`. */
export type ProblemCode =
  | 'emptyFile'
  | 'unsupportedFile'
  | 'unreadableFile'
  | 'tooLarge'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'missingHeader'
  | 'duplicateHeader'
  | 'notANumber'
  | 'badPayoutType'
  | 'badCurrency'
  | 'missingClassName'
  | 'duplicateClass'
  | 'badPlace'
  | 'placeRequired'
  | 'duplicatePlace'
  | 'badResultType'
  | 'riderNameRequired'
  | 'noClassBlock'
  | 'unknownClass'
  | 'noResults'
  | 'badBonus'
  | 'badEmail'
  // series schedule uploads (~/services/events/event-import.server)
  | 'noEvents'
  | 'missingTitle'
  | 'missingDate'
  | 'badDate'
  | 'badTime'
  | 'badCountry'
  | 'badState'
  | 'badRaceStyle'
  | 'badWebsite'
  | 'duplicateEvent';

/** One problem: where (row, column header) and why; `value` is the offending text. */
export type ImportProblem = {
  row: number | null;
  column: string | null;
  code: ProblemCode;
  value?: string;
};

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; problems: ImportProblem[] };

/** One class of a class upload. `currency` null = the event's currency. */
export type ParsedClass = {
  row: number;
  name: string;
  payoutType: PayoutType;
  currency: Currency | null;
  places: { place: number; amountCents: number }[];
};

/** One result row. `className` is set for the all-classes shapes, null for one class. */
export type ParsedResult = {
  row: number;
  className: string | null;
  place: number | null;
  resultType: ResultType;
  riderName: string;
  amaNumber: string | null;
  email: string | null;
  make: string | null;
  model: string | null;
  hometown: string | null;
};

/** The three results upload shapes (spec §7 call names). */
export const RESULT_SHAPES = [
  'upload-class-result',
  'upload-all-class-result',
  'upload-all-formatted-class-result',
] as const;
export type ResultShape = (typeof RESULT_SHAPES)[number];

/** Thrown by the readers when a file cannot be read at all. */
export class ImportReadError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.code);
    this.name = 'ImportReadError';
  }
}

// ---------------------------------------------------------------- cells

/** A cell as trimmed text ('' when blank). Numbers are written the way JavaScript prints them. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return cell.replace(/\u00a0/g, ' ').trim();
}

function isBlankRow(cells: Cell[]): boolean {
  return cells.every((c) => cellText(c) === '');
}

/** Drops trailing blank cells. */
function trimRow(cells: Cell[]): Cell[] {
  let end = cells.length;
  while (end > 0 && cellText(cells[end - 1]) === '') end -= 1;
  return cells.slice(0, end);
}

// ---------------------------------------------------------------- CSV

/** Decodes CSV bytes: UTF-8 (BOM or not), UTF-16 with a BOM, else Windows-1252 (old Excel exports). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of a CSV: whichever of , ; tab appears most in the first non-blank line (outside quotes). */
function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch] += 1;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d] > counts[best]) best = d;
  return best;
}

/** Reads CSV text or bytes into non-blank rows, each with its line number in the file. */
export function readCsv(input: string | Uint8Array): SheetRow[] {
  const text = (typeof input === 'string' ? input : decodeText(input)).replace(/^\uFEFF/, '');
  if (text.trim() === '') return [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      bom: true,
      info: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportReadError({
      row: typeof line === 'number' ? line : null,
      column: null,
      code: 'unreadableFile',
    });
  }
  const rows: SheetRow[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    const start = previousEnd + 1;
    previousEnd = info.lines;
    if (isBlankRow(record)) continue;
    if (rows.length >= MAX_IMPORT_ROWS + 1) {
      throw new ImportReadError({
        row: start,
        column: null,
        code: 'tooManyRows',
        value: String(MAX_IMPORT_ROWS),
      });
    }
    if (record.length > MAX_IMPORT_COLUMNS) {
      throw new ImportReadError({
        row: start,
        column: null,
        code: 'tooManyColumns',
        value: String(MAX_IMPORT_COLUMNS),
      });
    }
    rows.push({ row: start, cells: trimRow(record) });
  }
  return rows;
}

// ---------------------------------------------------------------- XLSX

/** True when the bytes start like a zip (an XLSX). */
export function looksLikeXlsx(bytes: Uint8Array): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  );
}

/** True for an old binary Excel file (.xls), which is not supported. */
function looksLikeOldExcel(bytes: Uint8Array): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0xd0 &&
    bytes[1] === 0xcf &&
    bytes[2] === 0x11 &&
    bytes[3] === 0xe0
  );
}

/**
 * Sums the uncompressed sizes the zip's central directory declares, before anything is unzipped,
 * and refuses a zip bomb. Throws ImportReadError.
 */
export function checkZipSize(bytes: Uint8Array, maxBytes = MAX_XLSX_UNCOMPRESSED_BYTES): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const EOCD = 0x06054b50;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
  const entries = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries > MAX_XLSX_ENTRIES)
    throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
  let total = 0;
  let p = dirOffset;
  for (let n = 0; n < entries; n += 1) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) {
      throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
    }
    const uncompressed = view.getUint32(p + 24, true);
    if (uncompressed === 0xffffffff)
      throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
    total += uncompressed;
    if (total > maxBytes) throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return total;
}

/** An ExcelJS cell value as a Cell: numbers stay numbers, formulas give their result, dates 'YYYY-MM-DD'. */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (typeof result === 'number' || typeof result === 'string') return result;
      if (result instanceof Date) return result.toISOString().slice(0, 10);
      if (typeof result === 'boolean') return result ? 'TRUE' : 'FALSE';
      return null;
    }
    if ('text' in value && typeof (value as { text?: unknown }).text === 'string') {
      return (value as { text: string }).text;
    }
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return null;
}

/** Reads the first sheet of an XLSX (all rows) into non-blank rows with their sheet row numbers. */
export async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  checkZipSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    const data = Buffer.from(
      bytes.buffer,
      bytes.byteOffset,
      bytes.byteLength,
    ) as unknown as Parameters<typeof workbook.xlsx.load>[0];
    await workbook.xlsx.load(data);
  } catch {
    throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  let problem: ImportProblem | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (problem) return;
    const values = row.values;
    const list = Array.isArray(values) ? values.slice(1) : [];
    if (list.length > MAX_IMPORT_COLUMNS) {
      problem = {
        row: rowNumber,
        column: null,
        code: 'tooManyColumns',
        value: String(MAX_IMPORT_COLUMNS),
      };
      return;
    }
    const cells: Cell[] = [];
    for (let i = 0; i < list.length; i += 1) cells.push(xlsxCell(list[i] as ExcelJS.CellValue));
    if (isBlankRow(cells)) return;
    if (rows.length >= MAX_IMPORT_ROWS + 1) {
      problem = {
        row: rowNumber,
        column: null,
        code: 'tooManyRows',
        value: String(MAX_IMPORT_ROWS),
      };
      return;
    }
    rows.push({ row: rowNumber, cells: trimRow(cells) });
  });
  if (problem) throw new ImportReadError(problem);
  return rows;
}

/** Reads an uploaded file (CSV or XLSX, told apart by its content). Throws ImportReadError. */
export async function readUpload(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.length === 0) throw new ImportReadError({ row: null, column: null, code: 'emptyFile' });
  if (looksLikeOldExcel(bytes))
    throw new ImportReadError({ row: null, column: null, code: 'unsupportedFile' });
  const rows = looksLikeXlsx(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  if (rows.length === 0) throw new ImportReadError({ row: null, column: null, code: 'emptyFile' });
  return rows;
}

/** Reads a file into rows or the problem that stopped it. */
export async function readUploadOutcome(bytes: Uint8Array): Promise<ParseOutcome<SheetRow[]>> {
  try {
    return { ok: true, value: await readUpload(bytes) };
  } catch (error) {
    if (error instanceof ImportReadError) return { ok: false, problems: [error.problem] };
    return { ok: false, problems: [{ row: null, column: null, code: 'unreadableFile' }] };
  }
}

// ---------------------------------------------------------------- class upload

const PAYOUT_TYPE_WORDS: Record<string, PayoutType> = {
  cash: 'cash',
  dealercredit: 'dealerCredit',
  nopayout: 'noPayout',
  // The French labels of the same values.
  comptant: 'cash',
  creditconcessionnaire: 'dealerCredit',
  aucunpaiement: 'noPayout',
};

function wordKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A payout type cell ('Cash', 'Dealer Credit', 'No Payout', 'cash', 'dealerCredit', 'noPayout'). */
export function parsePayoutType(text: string): PayoutType | null {
  return PAYOUT_TYPE_WORDS[wordKey(text)] ?? null;
}

/** The place number a class-upload header holds ('1st' → 1, 'Place 3' → 3, '4' → 4), else null. */
export function placeOfHeader(header: string): number | null {
  const m = /(\d+)/.exec(header);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n >= 1 && n <= 1000 ? n : null;
}

/** A money cell: a plain number (250, 125.50; XLSX numbers too) to cents, else null. */
export function moneyCellToCents(cell: Cell): number | null {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return null;
    return parseMoneyToCents(String(cell));
  }
  return parseMoneyToCents(cellText(cell));
}

/**
 * A class upload (rules.md): headers matched case-sensitively; a header containing `Class`
 * (required), optional `Type` and `Currency`, and every other header holding a place number is a
 * place column. Cells are plain numbers. Each row is one class.
 */
export function parseClassUpload(rows: SheetRow[]): ParseOutcome<ParsedClass[]> {
  const problems: ImportProblem[] = [];
  const [header, ...data] = rows;
  if (!header) return { ok: false, problems: [{ row: null, column: null, code: 'emptyFile' }] };
  const headers = header.cells.map((c) => cellText(c));
  let classCol = -1;
  let typeCol = -1;
  let currencyCol = -1;
  const placeCols: { col: number; place: number; header: string }[] = [];
  const seenPlaces = new Map<number, string>();
  headers.forEach((h, col) => {
    if (h === '') return;
    if (h.includes('Class') && classCol < 0) classCol = col;
    else if ((h.includes('Currency') || h.includes('Devise')) && currencyCol < 0) currencyCol = col;
    else if (h.includes('Type') && typeCol < 0) typeCol = col;
    else {
      const place = placeOfHeader(h);
      if (place === null) return;
      if (seenPlaces.has(place)) {
        problems.push({ row: header.row, column: h, code: 'duplicateHeader', value: h });
        return;
      }
      seenPlaces.set(place, h);
      placeCols.push({ col, place, header: h });
    }
  });
  if (classCol < 0) {
    return {
      ok: false,
      problems: [
        { row: header.row, column: null, code: 'missingHeader', value: 'Class' },
        ...problems,
      ],
    };
  }
  const classes: ParsedClass[] = [];
  const names = new Map<string, number>();
  for (const r of data) {
    const name = cellText(r.cells[classCol]);
    if (name === '') {
      problems.push({ row: r.row, column: headers[classCol], code: 'missingClassName' });
      continue;
    }
    const key = nameKey(name);
    if (names.has(key)) {
      problems.push({ row: r.row, column: headers[classCol], code: 'duplicateClass', value: name });
      continue;
    }
    names.set(key, r.row);
    let payoutType: PayoutType = 'dealerCredit';
    if (typeCol >= 0) {
      const t = cellText(r.cells[typeCol]);
      if (t !== '') {
        const parsed = parsePayoutType(t);
        if (parsed) payoutType = parsed;
        else
          problems.push({ row: r.row, column: headers[typeCol], code: 'badPayoutType', value: t });
      }
    }
    let currency: Currency | null = null;
    if (currencyCol >= 0) {
      const c = cellText(r.cells[currencyCol]).toUpperCase();
      if (c !== '') {
        if ((CURRENCIES as readonly string[]).includes(c)) currency = c as Currency;
        else
          problems.push({
            row: r.row,
            column: headers[currencyCol],
            code: 'badCurrency',
            value: cellText(r.cells[currencyCol]),
          });
      }
    }
    const places: ParsedClass['places'] = [];
    for (const pc of placeCols) {
      const cell = r.cells[pc.col] ?? null;
      if (cellText(cell) === '') continue;
      const cents = moneyCellToCents(cell);
      if (cents === null) {
        problems.push({ row: r.row, column: pc.header, code: 'notANumber', value: cellText(cell) });
        continue;
      }
      places.push({ place: pc.place, amountCents: cents });
    }
    places.sort((a, b) => a.place - b.place);
    classes.push({ row: r.row, name, payoutType, currency, places });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: classes };
}

// ---------------------------------------------------------------- results

/** A header reduced for matching: lower case, accents and punctuation gone ('#' kept). */
export function headerKey(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9#]/g, '');
}

/** A class name reduced for matching (case, accents and spacing do not matter). */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

type ResultColumn =
  | 'class'
  | 'place'
  | 'name'
  | 'first'
  | 'last'
  | 'ama'
  | 'email'
  | 'make'
  | 'model'
  | 'hometown'
  | 'resultType';

const RESULT_HEADERS: Record<ResultColumn, string[]> = {
  class: ['class', 'classname', 'classe', 'race', 'raceclass'],
  place: [
    'place',
    'position',
    'pos',
    'plc',
    'finish',
    'finishposition',
    'finishplace',
    'rank',
    'overall',
    'placing',
  ],
  name: ['rider', 'ridername', 'name', 'fullname', 'racer', 'racername', 'pilote', 'nom'],
  first: ['first', 'firstname', 'givenname', 'prenom'],
  last: ['last', 'lastname', 'surname', 'familyname', 'nomdefamille'],
  ama: [
    'ama',
    'ama#',
    'amanumber',
    'amano',
    'amanum',
    'amaid',
    'amanumero',
    'numeroama',
    'ama#number',
    'amamember',
    'amamembership',
  ],
  email: ['email', 'emailaddress', 'mail', 'courriel'],
  make: ['make', 'bike', 'brand', 'manufacturer', 'bikemake', 'marque', 'moto'],
  model: ['model', 'bikemodel', 'modele'],
  hometown: ['hometown', 'city', 'from', 'town', 'ville'],
  resultType: ['resulttype', 'type', 'status', 'result', 'statut', 'resultat'],
};

/** Which result column a header names, or null. */
export function resultColumnOf(header: string): ResultColumn | null {
  const key = headerKey(header);
  if (key === '') return null;
  for (const [col, words] of Object.entries(RESULT_HEADERS) as [ResultColumn, string[]][]) {
    if (words.includes(key)) return col;
  }
  if (key.startsWith('ama')) return 'ama';
  return null;
}

type ColumnMap = Partial<Record<ResultColumn, { col: number; header: string }>>;

function mapColumns(cells: Cell[]): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((c, col) => {
    const header = cellText(c);
    const which = resultColumnOf(header);
    if (which && !map[which]) map[which] = { col, header };
  });
  return map;
}

function looksLikeHeader(map: ColumnMap): boolean {
  return Boolean(map.place && (map.name || (map.first && map.last)));
}

const RESULT_TYPE_WORDS: Record<string, ResultType> = {
  '': 'finish',
  finish: 'finish',
  finished: 'finish',
  fin: 'finish',
  f: 'finish',
  ok: 'finish',
  classified: 'finish',
  dnf: 'DNF',
  didnotfinish: 'DNF',
  dns: 'DNS',
  didnotstart: 'DNS',
  dq: 'DQ',
  dsq: 'DQ',
  disqualified: 'DQ',
};

/** A result type cell ('finish', 'DNF', 'DNS', 'DQ'; blank is a finish), else null. */
export function parseResultType(text: string): ResultType | null {
  return RESULT_TYPE_WORDS[wordKey(text)] ?? null;
}

/** A place cell: 1, '1', '1st', '2e', '3.' → the number; 'DNF'/'DNS'/'DQ' → that type; blank → null. */
function parsePlace(cell: Cell): { place: number | null; type?: ResultType } | null {
  if (typeof cell === 'number') {
    return Number.isSafeInteger(cell) && cell >= 1 && cell <= 100_000 ? { place: cell } : null;
  }
  const text = cellText(cell);
  if (text === '') return { place: null };
  const m = /^(\d{1,6})\s*(st|nd|rd|th|er|re|e|eme|ème|\.)?$/i.exec(text);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 ? { place: n } : null;
  }
  const type = parseResultType(text);
  if (type && type !== 'finish') return { place: null, type };
  return null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optional(cells: Cell[], map: ColumnMap, col: ResultColumn): string | null {
  const c = map[col];
  if (!c) return null;
  const text = cellText(cells[c.col]);
  return text === '' ? null : text;
}

/** An AMA number as stored: digits and letters only (spaces and '#' gone), or null. */
export function normalizeAma(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === 'number' ? String(value) : value)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  return text === '' ? null : text;
}

/** One result row → a ParsedResult, or its problems. */
function parseResultRow(
  r: SheetRow,
  map: ColumnMap,
  className: string | null,
  problems: ImportProblem[],
): ParsedResult | null {
  const start = problems.length;
  const cells = r.cells;
  const placeCol = map.place;
  const placeCell = placeCol ? (cells[placeCol.col] ?? null) : null;
  const placed = parsePlace(placeCell);
  if (!placed && placeCol) {
    problems.push({
      row: r.row,
      column: placeCol.header,
      code: 'badPlace',
      value: cellText(placeCell),
    });
  }
  let resultType: ResultType = placed?.type ?? 'finish';
  if (map.resultType) {
    const text = cellText(cells[map.resultType.col]);
    const parsed = parseResultType(text);
    if (parsed === null) {
      problems.push({
        row: r.row,
        column: map.resultType.header,
        code: 'badResultType',
        value: text,
      });
    } else if (text !== '' || !placed?.type) {
      resultType = parsed;
    }
  }
  const place = placed?.place ?? null;
  if (placed && place === null && resultType === 'finish' && placeCol) {
    problems.push({ row: r.row, column: placeCol.header, code: 'placeRequired' });
  }
  let riderName = map.name ? cellText(cells[map.name.col]) : '';
  if (riderName === '' && (map.first || map.last)) {
    riderName = [optional(cells, map, 'first'), optional(cells, map, 'last')]
      .filter(Boolean)
      .join(' ');
  }
  riderName = riderName.replace(/\s+/g, ' ').trim();
  if (riderName === '') {
    const col = map.name ?? map.first ?? map.last;
    problems.push({ row: r.row, column: col?.header ?? null, code: 'riderNameRequired' });
  }
  const email = optional(cells, map, 'email')?.toLowerCase() ?? null;
  if (email !== null && !EMAIL_RE.test(email)) {
    problems.push({
      row: r.row,
      column: map.email?.header ?? null,
      code: 'badEmail',
      value: email,
    });
  }
  if (problems.length > start) return null;
  return {
    row: r.row,
    className,
    place,
    resultType,
    riderName,
    amaNumber: normalizeAma(map.ama ? cells[map.ama.col] : null),
    email,
    make: optional(cells, map, 'make'),
    model: optional(cells, map, 'model'),
    hometown: optional(cells, map, 'hometown'),
  };
}

/** Checks that no two results of one class share a place. */
function checkDuplicatePlaces(list: ParsedResult[], map: ColumnMap, problems: ImportProblem[]) {
  const seen = new Set<string>();
  for (const r of list) {
    if (r.place === null) continue;
    const key = `${nameKey(r.className ?? '')}\u0000${r.place}`;
    if (seen.has(key)) {
      problems.push({
        row: r.row,
        column: map.place?.header ?? null,
        code: 'duplicatePlace',
        value: String(r.place),
      });
    }
    seen.add(key);
  }
}

/**
 * A results file in one of the three shapes: one class, all classes with a class column, or a
 * timing-system sheet where a row holding only a class name starts that class's block.
 */
export function parseResults(rows: SheetRow[], shape: ResultShape): ParseOutcome<ParsedResult[]> {
  const problems: ImportProblem[] = [];
  const results: ParsedResult[] = [];
  if (rows.length === 0)
    return { ok: false, problems: [{ row: null, column: null, code: 'emptyFile' }] };

  if (shape === 'upload-all-formatted-class-result') {
    let map: ColumnMap | null = null;
    let headerKeys = '';
    let currentClass: string | null = null;
    for (const r of rows) {
      const filled = r.cells.map((c) => cellText(c)).filter((t) => t !== '');
      const candidate = mapColumns(r.cells);
      if (looksLikeHeader(candidate)) {
        const keys = r.cells.map((c) => headerKey(cellText(c))).join('|');
        if (!map) {
          map = candidate;
          headerKeys = keys;
          continue;
        }
        if (keys === headerKeys) continue; // a header repeated in each block
      }
      if (
        filled.length === 1 &&
        typeof r.cells.find((c) => cellText(c) !== '') === 'string' &&
        parsePlace(filled[0])?.place == null
      ) {
        currentClass = filled[0];
        continue;
      }
      if (!map) {
        return {
          ok: false,
          problems: [{ row: r.row, column: null, code: 'missingHeader', value: 'Place' }],
        };
      }
      if (currentClass === null) {
        problems.push({ row: r.row, column: null, code: 'noClassBlock' });
        continue;
      }
      const parsed = parseResultRow(r, map, currentClass, problems);
      if (parsed) results.push(parsed);
    }
    if (!map)
      return {
        ok: false,
        problems: [{ row: rows[0].row, column: null, code: 'missingHeader', value: 'Place' }],
      };
    if (!problems.length) checkDuplicatePlaces(results, map, problems);
    if (!problems.length && results.length === 0)
      problems.push({ row: null, column: null, code: 'noResults' });
    return problems.length ? { ok: false, problems } : { ok: true, value: results };
  }

  const [header, ...data] = rows;
  const map = mapColumns(header.cells);
  const missing: ImportProblem[] = [];
  if (!map.place)
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Place' });
  if (!map.name && !(map.first && map.last))
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Rider' });
  if (shape === 'upload-all-class-result' && !map.class) {
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Class' });
  }
  if (missing.length) return { ok: false, problems: missing };
  for (const r of data) {
    let className: string | null = null;
    if (shape === 'upload-all-class-result' && map.class) {
      className = cellText(r.cells[map.class.col]);
      if (className === '') {
        problems.push({ row: r.row, column: map.class.header, code: 'missingClassName' });
        continue;
      }
    }
    const parsed = parseResultRow(r, map, className, problems);
    if (parsed) results.push(parsed);
  }
  if (!problems.length) checkDuplicatePlaces(results, map, problems);
  if (!problems.length && results.length === 0)
    problems.push({ row: null, column: null, code: 'noResults' });
  return problems.length ? { ok: false, problems } : { ok: true, value: results };
}

// ---------------------------------------------------------------- JSON (PUT /api/event/{id}/results)

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

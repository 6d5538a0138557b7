/**
 * Parsing a class upload (docs/rules.md "Classes and payouts"): one row per class, with its payout
 * type, currency and the amount of each place. Pure: no database; applied by
 * ~/services/events/class-changes.server.
 */
import { CURRENCIES, type Currency, type PayoutType } from '~/lib/constants';
import { parseMoneyToCents } from '~/lib/format';
import type { ImportProblem, ParseOutcome } from '~/services/events/files/import-problems.server';
import { nameKey, wordKey } from '~/services/events/files/match-keys.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/files/sheet-cells.server';

/** One class of a class upload. `currency` null = the event's currency. */
export type ParsedClass = {
  row: number;
  name: string;
  payoutType: PayoutType;
  currency: Currency | null;
  places: { place: number; amountCents: number }[];
};

const PAYOUT_TYPE_WORDS: Record<string, PayoutType> = {
  cash: 'cash',
  dealercredit: 'dealerCredit',
  nopayout: 'noPayout',
  // The French labels of the same values.
  comptant: 'cash',
  creditconcessionnaire: 'dealerCredit',
  aucunpaiement: 'noPayout',
};

/** A payout type cell ('Cash', 'Dealer Credit', 'No Payout', 'cash', 'dealerCredit', 'noPayout'). */
function parsePayoutType(text: string): PayoutType | null {
  return PAYOUT_TYPE_WORDS[wordKey(text)] ?? null;
}

/** The place number a class-upload header holds ('1st' → 1, 'Place 3' → 3, '4' → 4), else null. */
function placeOfHeader(header: string): number | null {
  const m = /(\d+)/.exec(header);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n >= 1 && n <= 1000 ? n : null;
}

/** A money cell: a plain number (250, 125.50; XLSX numbers too) to cents, else null. */
function moneyCellToCents(cell: Cell): number | null {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return null;
    return parseMoneyToCents(String(cell));
  }
  return parseMoneyToCents(cellText(cell));
}

/**
 * A class upload (docs/rules.md): headers matched case-sensitively; a header containing `Class`
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

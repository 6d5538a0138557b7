/**
 * The tax lists as files (CSV and XLSX), headers in the admin's language. Formula-safe: CSV text
 * cells go through ~/lib/csv (a leading = + - @ gets a quote); XLSX text cells are written as
 * plain strings (shared strings are never evaluated) and money as numbers with two decimals.
 */
import ExcelJS from 'exceljs';
import { tFor } from '~/i18next.server';
import { centsToDecimal, type CsvCell } from '~/lib/csv';
import type { Lang } from '~/lib/lang';
import type { TaxLists, TaxRow } from '~/services/reports/tax-lists.server';

export type TaxListKind = '1099' | '1042s';

type Column = {
  key: string;
  money?: boolean;
  cell: (
    r: TaxRow & { w9?: boolean; w9UploadedAt?: string | null; otherCurrency?: boolean },
  ) => CsvCell;
};

const PERSON: Column[] = [
  { key: 'riderId', cell: (r) => r.riderId },
  { key: 'lastName', cell: (r) => r.lastName },
  { key: 'firstName', cell: (r) => r.firstName },
  { key: 'email', cell: (r) => r.email },
  { key: 'amaNumber', cell: (r) => r.amaNumber },
  { key: 'addressLine1', cell: (r) => r.addressLine1 },
  { key: 'addressLine2', cell: (r) => r.addressLine2 },
  { key: 'city', cell: (r) => r.city },
  { key: 'state', cell: (r) => r.state },
  { key: 'zipcode', cell: (r) => r.zipcode },
  { key: 'country', cell: (r) => r.country },
  { key: 'currency', cell: (r) => r.currency },
  { key: 'claims', cell: (r) => r.claims },
  { key: 'gross', money: true, cell: (r) => r.grossCents },
];

function columns(kind: TaxListKind, yes: string, no: string): Column[] {
  if (kind === '1042s') {
    return [
      ...PERSON,
      { key: 'withheld', money: true, cell: (r) => r.withheldCents },
      { key: 'net', money: true, cell: (r) => r.netCents },
    ];
  }
  return [
    ...PERSON,
    { key: 'w9', cell: (r) => (r.w9 ? yes : no) },
    { key: 'w9UploadedAt', cell: (r) => r.w9UploadedAt?.slice(0, 10) ?? '' },
    { key: 'otherCurrency', cell: (r) => (r.otherCurrency ? yes : '') },
  ];
}

async function table(lists: TaxLists, kind: TaxListKind, lang: Lang) {
  const t = await tFor(lang);
  const cols = columns(kind, t('tax:yes'), t('tax:no'));
  const rows = kind === '1099' ? lists.us1099 : lists.nonResident1042;
  return { t, cols, rows, header: cols.map((c) => t(`tax:columns.${c.key}`)) };
}

/** The list as CSV rows (header first), money as exact decimals. */
export async function taxCsvRows(
  lists: TaxLists,
  kind: TaxListKind,
  lang: Lang,
): Promise<CsvCell[][]> {
  const { cols, rows, header } = await table(lists, kind, lang);
  return [
    header,
    ...rows.map((r) =>
      cols.map((c) => {
        const v = c.cell(r);
        return c.money ? centsToDecimal(v as number) : v;
      }),
    ),
  ];
}

/** The list as an XLSX workbook (one sheet), money as numbers. */
export async function taxXlsx(lists: TaxLists, kind: TaxListKind, lang: Lang): Promise<Buffer> {
  const { t, cols, rows, header } = await table(lists, kind, lang);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'contingency cash';
  const ws = wb.addWorksheet(t(`tax:sheet.${kind}`, { year: lists.year }));
  ws.addRow(header).font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow(
      cols.map((c) => {
        const v = c.cell(r);
        if (c.money) return (v as number) / 100;
        return v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v;
      }),
    );
    cols.forEach((c, i) => {
      if (c.money) row.getCell(i + 1).numFmt = '0.00';
    });
  }
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

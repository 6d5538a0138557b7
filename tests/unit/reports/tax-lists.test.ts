import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { tax1099ThresholdCents } from '~/lib/constants';
import { toCsv } from '~/lib/csv';
import { eq } from 'drizzle-orm';
import { payoutClaims, riders } from '#db/schema';
import { taxCsvRows, taxXlsx } from '~/services/reports/tax-export.server';
import { taxLists } from '~/services/reports/tax-lists.server';
import { testDb } from '../helpers/db';
import { addDocument, makeRider } from '../money/payouts-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

function paid(
  riderId: number,
  grossCents: number,
  sentAt: string | null,
  opts: { withheld?: boolean; currency?: 'USD' | 'CAD'; status?: 'sent' | 'pending' } = {},
) {
  const withheldCents = opts.withheld ? Math.floor((grossCents * 30 + 50) / 100) : 0;
  // As a claim is made: under the rider's answer of the moment (withholding only for a non-resident).
  const usPerson =
    !opts.withheld && db.select().from(riders).where(eq(riders.id, riderId)).get()!.usPerson;
  db.insert(payoutClaims)
    .values({
      riderId,
      type: opts.currency === 'CAD' ? 'cheque' : 'debitCard',
      status: opts.status ?? 'sent',
      country: 'US',
      currency: opts.currency ?? 'USD',
      grossCents,
      withheldCents,
      netCents: grossCents - withheldCents,
      usPerson,
      sentAt,
    })
    .run();
}

describe('1099 threshold by the year payments were made', () => {
  it('is $600 through 2025 and $2,000 from 2026', () => {
    expect(tax1099ThresholdCents(2024)).toBe(60_000);
    expect(tax1099ThresholdCents(2025)).toBe(60_000);
    expect(tax1099ThresholdCents(2026)).toBe(200_000);
    expect(tax1099ThresholdCents(2030)).toBe(200_000);
  });
});

describe('year-end tax lists', () => {
  it('lists US pros at or above the threshold with W-9 status, non-residents with gross, withheld and net', () => {
    const atThreshold = makeRider(db, { lastName: 'Atthreshold' });
    addDocument(db, atThreshold.rider.id, 'w9');
    paid(atThreshold.rider.id, 40_000, '2025-03-01T18:00:00.000Z');
    paid(atThreshold.rider.id, 20_000, '2025-11-01T18:00:00.000Z'); // 600.00 in all
    const below = makeRider(db, { lastName: 'Below' });
    paid(below.rider.id, 59_999, '2025-05-01T18:00:00.000Z');
    const noW9 = makeRider(db, { lastName: 'Now9' });
    paid(noW9.rider.id, 100_000, '2025-06-01T18:00:00.000Z');
    paid(noW9.rider.id, 100_000, '2025-06-01T18:00:00.000Z', { status: 'pending' }); // not paid
    paid(noW9.rider.id, 100_000, '2026-01-01T09:00:00.000Z'); // Jan 1st 2026 01:00 in LA: next year
    paid(noW9.rider.id, 100_000, '2025-01-01T07:30:00.000Z'); // Dec 31st 2024 23:30 in LA: last year
    const cad = makeRider(db, { lastName: 'Canuck' });
    paid(cad.rider.id, 10_000, '2025-07-01T18:00:00.000Z', { currency: 'CAD' }); // other currency: listed
    const foreign = makeRider(db, { lastName: 'Foreign', usPerson: false, country: 'FR' });
    paid(foreign.rider.id, 10_000, '2025-08-01T18:00:00.000Z', { withheld: true });
    paid(foreign.rider.id, 5_001, '2025-09-01T18:00:00.000Z', { withheld: true });

    const lists = taxLists(db, 2025);
    expect(lists.thresholdCents).toBe(60_000);
    expect(
      lists.us1099.map((r) => [r.lastName, r.currency, r.grossCents, r.w9, r.otherCurrency]),
    ).toEqual([
      ['Atthreshold', 'USD', 60_000, true, false],
      ['Canuck', 'CAD', 10_000, false, true],
      ['Now9', 'USD', 100_000, false, false],
    ]);
    expect(lists.nonResident1042).toHaveLength(1);
    expect(lists.nonResident1042[0]).toMatchObject({
      lastName: 'Foreign',
      claims: 2,
      grossCents: 15_001,
      withheldCents: 3_000 + 1_500,
      netCents: 15_001 - 4_500,
    });
    expect(lists.totals.us1099).toEqual([
      { currency: 'CAD', riders: 1, grossCents: 10_000, withheldCents: 0, netCents: 10_000 },
      { currency: 'USD', riders: 2, grossCents: 160_000, withheldCents: 0, netCents: 160_000 },
    ]);
    // 2026: $2,000 threshold; the 1,000.00 paid on Jan 1st does not reach it.
    expect(taxLists(db, 2026).us1099).toHaveLength(0);
  });

  it('classifies by tax status: a non-resident paid with nothing withheld is on the 1042-S list, not the 1099 list', () => {
    const us = makeRider(db, { lastName: 'Usperson', country: 'CA' }); // a US person living in Canada
    paid(us.rider.id, 70_000, '2025-04-01T18:00:00.000Z');
    const nonResident = makeRider(db, { lastName: 'Nonresident', usPerson: false, country: 'MX' });
    paid(nonResident.rider.id, 70_000, '2025-05-01T18:00:00.000Z'); // nothing withheld
    paid(nonResident.rider.id, 1, '2025-06-01T18:00:00.000Z'); // below any threshold: still listed
    const wasWithheld = makeRider(db, { lastName: 'Waswithheld', usPerson: true });
    paid(wasWithheld.rider.id, 10_000, '2025-07-01T18:00:00.000Z', { withheld: true }); // paid as a non-resident

    const lists = taxLists(db, 2025);
    expect(lists.us1099.map((r) => r.lastName)).toEqual(['Usperson']);
    expect(
      lists.nonResident1042.map((r) => [
        r.lastName,
        r.claims,
        r.grossCents,
        r.withheldCents,
        r.netCents,
      ]),
    ).toEqual([
      ['Nonresident', 2, 70_001, 0, 70_001],
      ['Waswithheld', 1, 10_000, 3_000, 7_000],
    ]);
    expect(lists.totals.nonResident1042).toEqual([
      { currency: 'USD', riders: 2, grossCents: 80_001, withheldCents: 3_000, netCents: 77_001 },
    ]);
  });

  it('files a payment by the tax status it was made under, not the answer the rider gives later', () => {
    const wasUs = makeRider(db, { lastName: 'Wasus' });
    paid(wasUs.rider.id, 70_000, '2025-04-01T18:00:00.000Z'); // nothing withheld: a US person
    const wasAbroad = makeRider(db, { lastName: 'Wasabroad', usPerson: false, country: 'MX' });
    paid(wasAbroad.rider.id, 70_000, '2025-05-01T18:00:00.000Z', { withheld: true });
    const nothingWithheld = makeRider(db, { lastName: 'Zerowithheld', usPerson: false });
    paid(nothingWithheld.rider.id, 5_000, '2025-06-01T18:00:00.000Z'); // a non-resident, 0 withheld
    // Each answers the other way afterwards.
    for (const r of [wasUs, wasAbroad, nothingWithheld])
      db.update(riders)
        .set({ usPerson: r === wasUs ? false : true })
        .where(eq(riders.id, r.rider.id))
        .run();

    const lists = taxLists(db, 2025);
    expect(lists.us1099.map((r) => r.lastName)).toEqual(['Wasus']);
    expect(lists.nonResident1042.map((r) => [r.lastName, r.withheldCents])).toEqual([
      ['Wasabroad', 21_000],
      ['Zerowithheld', 0],
    ]);
  });

  it('CSV and XLSX files are formula-safe, with headers in the language asked', async () => {
    const evil = makeRider(db, { firstName: '=HYPERLINK("http://x")', lastName: '+Evil' });
    paid(evil.rider.id, 70_000, '2025-04-01T18:00:00.000Z');
    const lists = taxLists(db, 2025);
    const csv = toCsv(await taxCsvRows(lists, '1099', 'fr'));
    expect(csv.split('\r\n')[0]).toContain('W-9 au dossier');
    expect(csv).toContain(`'+Evil`);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(',700.00,');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Uint8Array.from(await taxXlsx(lists, '1099', 'en')).buffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('Last name');
    const row = ws.getRow(2);
    expect(row.getCell(2).value).toBe('+Evil'); // a plain string, never a formula
    expect(row.getCell(3).value).toBe('=HYPERLINK("http://x")');
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(14).value).toBe(700);
  });
});

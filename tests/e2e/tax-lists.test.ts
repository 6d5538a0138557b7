/**
 * Year-end tax lists, in a browser, in English and French: the admin opens the tax lists for a
 * year (chosen in the form, without JavaScript), sees the US pro paid above the 1099 threshold
 * with their W-9 missing, the non-resident pro with gross, withheld and net, the totals, and
 * downloads both lists as CSV (formula-safe) and XLSX. The French walk reads the French amounts
 * and the French CSV; the XLSX (numbers) and the JSON list are the same in both: read in English.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import { DEMO, signIn, newPage, prefix, useBrowser } from './helpers';

const getBrowser = useBrowser();
/** Text without spaces (French groups digits with a narrow no-break space). */
const norm = (s: string | null) => (s ?? '').replace(/\s/g, '');
const YEAR = 2019; // no demo payments: the year holds only this file's
const TAG = `tax${Date.now()}`;

const TEXT = {
  en: {
    title: 'Year-end tax lists',
    w9: 'W-9 missing',
    threshold: '$600.00',
    gross: '$1,234.50',
    withheld: '$300.00',
    net: '$700.00',
    header: 'Rider ID,Last name,First name',
    formula: `,'=Tax`,
    amount: '1234.50',
  },
  fr: {
    title: 'Listes fiscales de fin d’année',
    w9: 'W-9 manquant',
    threshold: '600,00',
    gross: '1234,50',
    withheld: '300,00',
    net: '700,00',
    // A French spreadsheet's separator and decimal comma.
    header: 'N° de pilote;Nom;Prénom',
    formula: `;'=Tax`,
    amount: '1234,50',
  },
} as const;

function addPro(lastName: string, usPerson: boolean, gross: number) {
  writeDb((db) => {
    const user = db
      .prepare(
        "insert into users (email, password_hash, role, email_verified) values (?, 'x', 'rider', 1) returning id",
      )
      .get(`${lastName.replace(/\W/g, '')}-${TAG}@example.test`.toLowerCase()) as { id: number };
    const rider = db
      .prepare(
        "insert into riders (user_id, first_name, last_name, level, country, us_person) values (?, '=Tax', ?, 'pro', ?, ?) returning id",
      )
      .get(user.id, lastName, usPerson ? 'US' : 'FR', usPerson ? 1 : 0) as { id: number };
    const withheld = usPerson ? 0 : Math.floor((gross * 30 + 50) / 100);
    db.prepare(
      `insert into payout_claims (rider_id, type, status, country, currency, gross_cents, withheld_cents, net_cents, sent_at)
         values (?, 'debitCard', 'sent', 'US', 'USD', ?, ?, ?, ?)`,
    ).run(rider.id, gross, withheld, gross - withheld, `${YEAR}-06-01T18:00:00.000Z`);
  });
}

beforeAll(() => {
  addPro(`Usa${TAG}`, true, 123_450);
  addPro(`Nonres${TAG}`, false, 100_000);
});

describe.each(['en', 'fr'] as const)('year-end tax lists (%s)', (lang) => {
  const t = TEXT[lang];

  it('shows both lists with totals and downloads them as CSV and XLSX', async () => {
    const { context, page } = await newPage(getBrowser(), { javaScript: false });
    await signIn(page, DEMO.admin, undefined, lang);
    await page.goto(`${prefix(lang)}/auth/admin/tax-lists`);
    await page.getByRole('heading', { name: t.title }).waitFor();
    await page.locator('#tax-year').fill(String(YEAR));
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('year') === String(YEAR)),
      page.getByTestId('tax-year-form').getByRole('button').click(),
    ]);
    await expect(page.getByTestId('tax-threshold').textContent()).resolves.toContain(t.threshold);

    const us = page.getByTestId('tax-1099');
    const usRow = us.getByRole('row').filter({ hasText: `Usa${TAG}` });
    await expect(usRow.textContent()).resolves.toContain(t.w9);
    expect(norm(await usRow.textContent())).toContain(t.gross);
    expect(norm(await us.getByTestId('total-USD').textContent())).toContain(t.gross);
    const nr = page.getByTestId('tax-1042s');
    const nrRow = nr.getByRole('row').filter({ hasText: `Nonres${TAG}` });
    for (const amount of [t.withheld, t.net])
      await expect(nrRow.textContent()).resolves.toContain(amount);

    const csv = await context.request.get(
      (await page.getByTestId('download-1099-csv').getAttribute('href')) as string,
    );
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text.replace(/^\uFEFF/, '').startsWith(t.header)).toBe(true);
    expect(text).toContain(`Usa${TAG}${t.formula}`);
    expect(text).toContain(t.amount);

    if (lang === 'en') {
      const xlsx = await context.request.get(
        (await page.getByTestId('download-1042s-xlsx').getAttribute('href')) as string,
      );
      expect(xlsx.status()).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Uint8Array.from(await xlsx.body()).buffer);
      const ws = wb.worksheets[0]!;
      const values = ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : []));
      expect(values).toContain(`Nonres${TAG}`);
      expect(values).toContain(1000);
      expect(values).toContain(300);
      expect(values).toContain(700);
      // The same lists as JSON for a script (amounts in cents).
      const api = await context.request.get(`/api/admin/tax-lists?year=${YEAR}`);
      expect(api.status()).toBe(200);
      const json = (await api.json()) as {
        us1099: { lastName: string; grossCents: number; w9: boolean }[];
      };
      expect(json.us1099.find((r) => r.lastName === `Usa${TAG}`)).toMatchObject({
        grossCents: 123_450,
        w9: false,
      });
      expect((await context.request.get('/api/admin/tax-lists?year=abc')).status()).toBe(400);
    }
    await context.close();
  });
});

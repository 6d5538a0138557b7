/**
 * Pro payouts and the dealer refunds report, in a browser: the admin creates payout claims on the
 * rider-earnings page (the demo pro, who has no W-9 on file, is skipped), marks a claim SENT and
 * undoes it (each confirmed), in English with JavaScript on and in French with JavaScript off
 * (document posts, French words and amounts); then opens the dealer refunds report for a month
 * with redemptions and downloads its CSV (the French one read for its separator and headers).
 * The expiry mail goes to a rider of the test's own, so no other file's daily job has told them.
 *
 * The demo season has no payable pro with unclaimed cash (the seeded pros are paid; the demo pro
 * lacks a W-9), so each run adds its own Canadian pro — not a US person, licence and address on
 * file — with one earned cash award and its ledger row, as the award engine would write them.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney, todayString } from '~/lib/format';
import {
  databasePath,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  submitDocument,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';
import { insertPayablePro, writeDb } from './db-write';

const getBrowser = useBrowser();

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

const TEXT = {
  en: {
    title: 'Rider earnings',
    created: /claims? created\./,
    w9: 'W-9 missing',
    colon: ': ',
    confirmSent: 'Mark this claim SENT?',
    confirmUndo: 'Undo the SENT mark?',
    sentToast: /marked SENT/,
    undoToast: /pending again/,
    refundsTitle: 'Dealer refunds',
    creditBy: 'Credit to parts accounts by',
    mailSent: /^[1-9]\d* e-mails? sent\.$/,
    mailNone: '0 e-mails sent.',
    csvHeader:
      'Month,Dealer ID,Dealer,City,State,Country,Currency,Redemptions,Redeemed,Refunds,Refunded,Parts account credit,Credit by',
    sep: ',',
  },
  fr: {
    title: 'Gains des pilotes',
    created: /demandes? créées?\./,
    w9: 'formulaire W-9 manquant',
    colon: '\u00a0: ',
    confirmSent: 'Marquer cette demande ENVOYÉE\u00a0?',
    confirmUndo: 'Annuler la mention ENVOYÉE\u00a0?',
    sentToast: /marquée ENVOYÉE/,
    undoToast: /de nouveau en attente/,
    refundsTitle: 'Remboursements aux concessionnaires',
    creditBy: 'Crédit aux comptes de pièces au plus tard le',
    mailSent: /^[1-9]\d* courriels? envoyés?\.$/,
    mailNone: '0 courriel envoyé.',
    // A French spreadsheet's separator.
    csvHeader:
      'Mois;N° de concessionnaire;Concessionnaire;Ville;État/province;Pays;Devise;Échanges;Montant échangé;Remboursements;Montant remboursé;Crédit au compte de pièces;Crédit au plus tard le',
    sep: ';',
  },
} as const;

/** A payable Canadian pro (not a US person) with one earned cash award; returns who. */
const payablePro = (tag: string, grossCents: number) =>
  insertPayablePro(tag, grossCents, { source: 'e2e', firstName: 'Pat', lang: 'fr' });

function claimOf(riderId: number): number {
  const rows = query<{ id: number }>('select id from payout_claims where rider_id = ?', riderId);
  expect(rows, 'one claim for the new pro').toHaveLength(1);
  return rows[0].id;
}

type ClaimRow = { status: string; sent_at: string | null };
type AwardRow = { status: string; current_cents: number; initial_cents: number };

function claimState(id: number) {
  const [claim] = query<ClaimRow>('select status, sent_at from payout_claims where id = ?', id);
  const awards = query<AwardRow>(
    'select status, current_cents, initial_cents from awards where payout_claim_id = ?',
    id,
  );
  const ledger = query<{ kind: string; total: number }>(
    'select kind, sum(amount_cents) as total from ledger_entries where payout_claim_id = ? group by kind order by kind',
    id,
  );
  return { claim, awards, ledger };
}

async function markAndUndo(page: Page, lang: 'en' | 'fr', id: number) {
  const t = TEXT[lang];
  // Mark SENT: a confirmation step first.
  await page.getByTestId(`mark-sent-${id}`).click();
  await page.getByTestId('confirm-claim').getByText(t.confirmSent).waitFor();
  await Promise.all([
    page.waitForURL((u) => !u.searchParams.has('confirm')),
    page.getByTestId('confirm-claim-action').click(),
  ]);
  await page.locator(`tr[data-testid="claim-row-${id}"][data-status="sent"]`).waitFor();
  await expect(page.getByTestId('toast').textContent()).resolves.toMatch(t.sentToast);
  let s = claimState(id);
  expect(s.claim.status).toBe('sent');
  expect(s.claim.sent_at).not.toBeNull();
  expect(s.awards.length).toBeGreaterThan(0);
  expect(s.awards.every((a) => a.status === 'sent' && a.current_cents === 0)).toBe(true);
  const gross = s.awards.reduce((n, a) => n + a.initial_cents, 0);
  expect(s.ledger.find((l) => l.kind === 'payoutSent')?.total).toBeLessThanOrEqual(-gross);

  // Undo, confirmed too.
  await page.getByTestId(`undo-sent-${id}`).click();
  await page.getByTestId('confirm-claim').getByText(t.confirmUndo).waitFor();
  await Promise.all([
    page.waitForURL((u) => !u.searchParams.has('confirm')),
    page.getByTestId('confirm-claim-action').click(),
  ]);
  await page.locator(`tr[data-testid="claim-row-${id}"][data-status="pending"]`).waitFor();
  await expect(page.getByTestId('toast').textContent()).resolves.toMatch(t.undoToast);
  s = claimState(id);
  expect(s.claim.status).toBe('pending');
  expect(s.claim.sent_at).toBeNull();
  expect(s.awards.every((a) => a.status === 'earned' && a.current_cents === a.initial_cents)).toBe(
    true,
  );
  const sent = s.ledger.find((l) => l.kind === 'payoutSent')?.total ?? 0;
  const unsent = s.ledger.find((l) => l.kind === 'payoutUnsent')?.total ?? 0;
  expect(sent + unsent).toBe(0);
}

/** A month (LA) in which some dealer had a redemption. */
function monthWithRedemptions(): string {
  const rows = query<{ created_at: string }>(
    'select created_at from credit_redemptions order by created_at desc limit 1',
  );
  expect(rows.length, 'the seed has redemptions').toBe(1);
  return todayString(new Date(rows[0].created_at)).slice(0, 7);
}

/** A rider (in French) with one dealer-credit award expiring in 10 days; returns the e-mail. */
function riderWithExpiringCredit(): string {
  const email = uniqueEmail('payouts-expiry');
  writeDb((db) => {
    const user = db
      .prepare(
        "insert into users (email, password_hash, role, email_verified, lang) values (?, 'x', 'rider', 1, 'fr') returning id",
      )
      .get(email) as { id: number };
    const rider = db
      .prepare(
        "insert into riders (user_id, first_name, last_name, level, country) values (?, 'Exp', 'Iry', 'amateur', 'US') returning id",
      )
      .get(user.id) as { id: number };
    const award = db
      .prepare(
        `insert into awards (rider_id, type, payout_type, currency, initial_cents, current_cents, status, expires_at)
           values (?, 'credit', 'dealerCredit', 'USD', 2500, 2500, 'current', ?) returning id`,
      )
      .get(rider.id, new Date(Date.now() + 10 * 86_400_000).toISOString()) as { id: number };
    db.prepare(
      "insert into ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, note) values (?, 'credit', 'award', 2500, 'USD', ?, 'e2e: expiry mail')",
    ).run(rider.id, award.id);
  });
  return email;
}

const VARIANTS = [
  { lang: 'en', javaScript: true },
  { lang: 'fr', javaScript: false },
] as const;

describe('money: pro payouts and dealer refunds', () => {
  for (const { lang, javaScript } of VARIANTS) {
    const p = prefix(lang);
    const t = TEXT[lang];
    const how = javaScript ? '' : ', without JavaScript';

    it(`the admin creates payout claims, marks one SENT and undoes it (${lang}${how})`, async () => {
      const pro = payablePro(lang.toUpperCase(), 12345);
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/rider-earnings`);
        await expect(page.locator('h1').first().textContent()).resolves.toBe(t.title);

        if (javaScript) await page.getByTestId('create-claims').click();
        else await submitDocument(page, page.getByTestId('create-claims'));
        const summary = page.getByTestId('create-claims-summary');
        await summary.waitFor();
        await expect(summary.textContent()).resolves.toMatch(t.created);
        await expect(summary.textContent()).resolves.toContain(pro.name);
        // The demo pro is a US person without a W-9: skipped, and told why.
        const [demoPro] = query<{ name: string }>(
          "select r.first_name || ' ' || r.last_name as name from riders r join users u on u.id = r.user_id where u.email = ?",
          DEMO.pro,
        );
        await expect(page.getByTestId('skipped-riders').textContent()).resolves.toContain(
          `${demoPro.name}${t.colon}${t.w9}`,
        );

        // One claim: a cheque (Canada), 30% withheld because the rider is not a US person.
        const id = claimOf(pro.riderId);
        const [claim] = query<{
          type: string;
          gross_cents: number;
          withheld_cents: number;
          net_cents: number;
          currency: string;
        }>(
          'select type, gross_cents, withheld_cents, net_cents, currency from payout_claims where id = ?',
          id,
        );
        expect(claim).toEqual({
          type: 'cheque',
          gross_cents: 12345,
          withheld_cents: 3704,
          net_cents: 8641,
          currency: 'CAD',
        });

        await page.goto(`${p}/auth/admin/rider-earnings?riderName=${encodeURIComponent(pro.name)}`);
        const row = page.getByTestId(`claim-row-${id}`);
        await row.waitFor();
        const text = (await row.textContent()) ?? '';
        for (const cents of [12345, 3704, 8641])
          expect(text).toContain(formatMoney(cents, 'CAD', lang));
        await markAndUndo(page, lang, id);
      } finally {
        await context.close();
      }
    });

    it(`the admin opens the dealer refunds report for a month and downloads the CSV (${lang}${how})`, async () => {
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/dealer-refunds`);
        await expect(page.locator('h1').first().textContent()).resolves.toBe(t.refundsTitle);
        const month = monthWithRedemptions();
        await page.locator('input[name="month"]').fill(month);
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('month') === month),
          page.getByTestId('month-form').locator('button[type="submit"]').click(),
        ]);
        // The URL changes a moment before the new report is on screen: wait for its month.
        await page.locator(`[data-testid="refunds-period"][data-month="${month}"]`).waitFor();
        await page.getByTestId('refunds-table').waitFor();
        await expect(page.getByTestId('credit-by').textContent()).resolves.toContain(t.creditBy);
        // The cell's own text: on phones its other columns are told under it (a <small>).
        const dealerName =
          (await page
            .getByTestId('refunds-table')
            .locator('tbody tr td')
            .first()
            .evaluate((td) =>
              [...td.childNodes]
                .filter((n) => n.nodeName !== 'SMALL')
                .map((n) => n.textContent)
                .join(''),
            )) ?? '';
        expect(dealerName.length).toBeGreaterThan(0);

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('download-csv').click(),
        ]);
        expect(download.suggestedFilename()).toBe(`dealer-refunds-${month}.csv`);
        const file = await download.path();
        const csv = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
        const lines = csv.trimEnd().split('\r\n');
        expect(lines[0]).toBe(t.csvHeader);
        expect(csv).toContain(dealerName.includes(t.sep) ? `"${dealerName}"` : dealerName);
        expect(lines.every((l) => l.startsWith(`${month}${t.sep}`) || l === t.csvHeader)).toBe(
          true,
        );
        // No cell of the file can start a formula (a leading quote neutralizes it).
        for (const line of lines) {
          for (const cell of line.split(t.sep))
            expect(/^[=@\t\r]/.test(cell.replace(/^"/, ''))).toBe(false);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the expiry mail goes out once per award (en, then fr finds nothing left to send)', async () => {
    // A rider of this test's own: the daily job another file runs on this server tells every
    // rider whose credit expires soon (the demo rider too), and a reminded award gets no mail.
    const email = riderWithExpiringCredit();
    const { context, page } = await newPage(getBrowser());
    try {
      await signIn(page, DEMO.admin);
      await page.goto('/auth/admin/rider-earnings');
      await page.getByTestId('send-expiry-mail').click();
      await expect(page.getByTestId('expiry-mail-result').textContent()).resolves.toMatch(
        TEXT.en.mailSent,
      );
      // Mails are queued, then delivered by the mail worker.
      // The worker writes every rider's mail in one pass: on a loaded machine that takes a while.
      const mail = await waitForMail(email, 0, 30_000);
      // In the rider's language, not the admin's.
      expect(mail.subject).toMatch(/^Votre crédit concessionnaire expire le /);
      expect(mail.text).toContain('25,00');

      await page.goto('/fr/auth/admin/rider-earnings');
      await page.getByTestId('send-expiry-mail').click();
      await expect(page.getByTestId('expiry-mail-result').textContent()).resolves.toBe(
        TEXT.fr.mailNone,
      );
      const api = await page.request.post('/api/admin/riders/send-expire-mail');
      expect(await api.json()).toEqual({ sent: 0 });
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('the payout-claims API answers the admin, and refuses a dealer', async () => {
    const admin = await newPage(getBrowser());
    const dealer = await newPage(getBrowser());
    try {
      await login(admin.page, DEMO.admin);
      const list = await admin.page.request.get('/api/admin/payout-claims?status=pending');
      expect(list.status()).toBe(200);
      const body = (await list.json()) as {
        payoutClaims: { _id: number; status: string }[];
        pagination: { page: number; totalPages: number };
      };
      expect(body.pagination.page).toBe(1);
      expect(body.payoutClaims.every((c) => c.status === 'pending')).toBe(true);
      const rider = await newPage(getBrowser());
      try {
        await login(rider.page, DEMO.pro);
        const own = await rider.page.request.get('/api/rider/payout-claims');
        expect(own.status()).toBe(200);
        const [pro] = query<{ id: number }>(
          'select r.id from riders r join users u on u.id = r.user_id where u.email = ?',
          DEMO.pro,
        );
        const mine = (await own.json()) as { payoutClaims: { riderId: number }[] };
        expect(mine.payoutClaims.every((c) => c.riderId === pro.id)).toBe(true);
        expect(
          (
            await rider.page.request.put('/api/rider/payout-claim/1', { data: { status: 'sent' } })
          ).status(),
        ).toBe(403);
      } finally {
        await rider.context.close();
      }
      await login(dealer.page, DEMO.dealer);
      expect((await dealer.page.request.get('/api/dealer/payout-claims')).status()).toBe(403);
      expect(
        (
          await dealer.page.request.put('/api/dealer/payout-claim/1', { data: { status: 'sent' } })
        ).status(),
      ).toBe(403);
      expect(
        (await dealer.page.request.post('/api/admin/payout-claims', { data: {} })).status(),
      ).toBe(403);
    } finally {
      await admin.context.close();
      await dealer.context.close();
    }
  });
});

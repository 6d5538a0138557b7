/**
 * Result claims: a rider finds a paying result with no account on the public event page, claims
 * it naming their bike; the admin compares and approves; the award appears on the rider's
 * earnings and the rider is mailed. Walked in English with JavaScript and in French without it
 * (the forms' document answers, and the French of their messages). The reasons a result did not
 * pay are pages without forms, read in French without JavaScript (the words are the point).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWithUnmatched as unmatchedEvent } from './db-write';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import {
  databasePath,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  uniqueEmail,
  useBrowser,
  waitForMail,
  toastShown,
} from './helpers';

const browser = useBrowser();
const T = {
  en: {
    sent: 'Your claim was sent',
    approved: 'The claim was approved',
    status: 'Claim approved',
    reasonRequired: 'Say why the claim is refused.',
    unlinked: 'no rider account is linked',
    noBike: 'of a model year this program does not pay for',
    addVin: 'Add your VIN',
    neutral: "the rider's account does not meet the program's eligibility rules",
    minor: 'you were under 18 on the event day',
    personal: /minor|under 18|consent|birth|guardian|inactive/i,
  },
  fr: {
    sent: 'Votre réclamation a été envoyée',
    approved: 'La réclamation a été approuvée',
    status: 'Réclamation approuvée',
    reasonRequired: 'Indiquez pourquoi la réclamation est refusée.',
    unlinked: 'aucun compte de pilote',
    noBike: 'd’une année-modèle que ce programme ne paie pas',
    addVin: 'Ajouter votre NIV',
    neutral: 'le compte du pilote ne remplit pas les conditions d’admissibilité du programme',
    minor: 'vous aviez moins de 18 ans le jour de l’épreuve',
    personal: /mineur|moins de 18|consentement|naissance|parental|inactif/i,
  },
};

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

/** An event held last month, a credit class paying 3 places, 6 riders, 1st place unmatched. */
function eventWithUnmatched(title: string, name: string) {
  return unmatchedEvent(db.$client, { title, name, className: '250 C' });
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  // English with JavaScript, French without it: the forms' document answers.
  const javaScript = lang === 'en';
  // The reason pages have no form: one language, the one with words of its own to check.
  const french = lang === 'fr' ? it : () => undefined;
  describe(`result claims (${lang})`, () => {
    it(`claim → approve → the award appears${javaScript ? '' : ', without JavaScript'}`, async () => {
      const email = uniqueEmail(`claim-${lang}`);
      const acct = await createAccount(db, {
        role: 'rider',
        email,
        password: 'Password123',
        emailVerified: true,
        firstName: 'Claire',
        lastName: `Claimer${lang}`,
      });
      db.$client
        .prepare("UPDATE riders SET date_of_birth = '1990-01-01' WHERE id = ?")
        .run(acct.profileId);
      db.$client.prepare('UPDATE users SET lang = ? WHERE email = ?').run(lang, email);
      const vin = `VBKTEST${lang === 'en' ? 'E' : 'F'}${String(Date.now()).slice(-9)}`;
      db.$client
        .prepare(
          "INSERT INTO bikes (rider_id, vin, year, make, model, valid) VALUES (?, ?, 2025, 'KTM', '250 SX-F', 1)",
        )
        .run(acct.profileId, vin);
      const title = `Claim Cup ${lang} ${Date.now()}`;
      const { eventId, resultId } = eventWithUnmatched(title, `C. Claimr ${lang}`);
      expect(recomputeEventAwards(db, eventId, SYSTEM_ACTOR).ok).toBe(true);
      const rider = await newPage(browser(), { javaScript });
      await signIn(rider.page, email, 'Password123', lang);
      await rider.page.goto(`${p}/events/event/${eventId}`);
      // The public page names the rule in plain words.
      await rider.page
        .locator('[data-reason="unlinked"]')
        .filter({ hasText: text.unlinked })
        .first()
        .waitFor();
      await rider.page.locator(`a[href$="/auth/rider/claim/${resultId}"]`).click();
      await rider.page.waitForURL((u) => u.pathname === `${p}/auth/rider/claim/${resultId}`);
      const form = rider.page.getByTestId('claim-form');
      await form.locator('select[name="bikeId"]').selectOption({ index: 1 });
      await form.locator('textarea[name="note"]').fill('Plate 42');
      await form.locator('button[type="submit"]').click();
      await toastShown(rider.page, text.sent);
      const claimId = (
        db.$client.prepare('SELECT id FROM result_claims WHERE result_id = ?').get(resultId) as {
          id: number;
        }
      ).id;

      const admin = await newPage(browser(), { javaScript });
      await login(admin.page, DEMO.admin, undefined, lang);
      expect(mailsTo(DEMO.admin).some((m) => m.subject.includes(title))).toBe(true);
      await admin.page.goto(`${p}/auth/admin/claims`);
      const card = admin.page.locator(`[data-claim="${claimId}"]`);
      // Refusing without a reason is refused, next to the field.
      await card.getByTestId('claim-refuse').click();
      await admin.page
        .locator(`[data-claim="${claimId}"] #reason-${claimId}-error`)
        .filter({ hasText: text.reasonRequired })
        .waitFor();
      await admin.page.waitForLoadState('load');
      const before = mailsTo(email).length;
      await admin.page.locator(`[data-claim="${claimId}"]`).getByTestId('claim-approve').click();
      await toastShown(admin.page, text.approved);
      const mail = await waitForMail(email, before);
      expect(mail.subject).toContain(title);

      expect(
        db.$client
          .prepare('SELECT rider_id AS r, payout_cents AS c FROM results WHERE id = ?')
          .get(resultId),
      ).toEqual({ r: acct.profileId, c: 15000 });
      await rider.page.goto(`${p}/auth/rider/claim/${resultId}`);
      await rider.page.getByTestId('claim-status').filter({ hasText: text.status }).waitFor();
      await rider.page.goto(`${p}/auth/rider/earnings`);
      await rider.page.getByText(title).first().waitFor();
      await rider.context.close();
      await admin.context.close();
    });

    french(
      'a rider sees why their own result did not pay, and what to do (add your VIN)',
      async () => {
        const email = uniqueEmail(`reason-${lang}`);
        const acct = await createAccount(db, {
          role: 'rider',
          email,
          password: 'Password123',
          emailVerified: true,
          firstName: 'Rea',
          lastName: `Son${lang}`,
        });
        db.$client
          .prepare("UPDATE riders SET date_of_birth = '1990-01-01' WHERE id = ?")
          .run(acct.profileId);
        // A verified bike, but of a model year the program does not pay for.
        db.$client
          .prepare(
            "INSERT INTO bikes (rider_id, vin, year, make, model, valid) VALUES (?, ?, 2019, 'KTM', '250 SX-F', 1)",
          )
          .run(
            acct.profileId,
            `VBKOLD${lang === 'en' ? 'E' : 'F'}${String(Date.now()).slice(-10)}`,
          );
        const title = `Reason Cup ${lang} ${Date.now()}`;
        const { eventId, resultId } = eventWithUnmatched(title, `Rea Son${lang}`);
        db.$client
          .prepare("UPDATE results SET rider_id = ?, make = 'KTM' WHERE id = ?")
          .run(acct.profileId, resultId);
        expect(recomputeEventAwards(db, eventId, SYSTEM_ACTOR).ok).toBe(true);
        const { context, page } = await newPage(browser(), { javaScript: false });
        await signIn(page, email, 'Password123', lang);
        await page.goto(`${p}/auth/rider/event/${eventId}`);
        const reason = page.locator('[data-reason="bikeModelYear"]').first();
        await reason.filter({ hasText: text.noBike }).waitFor();
        expect(await reason.getByTestId('reason-action').textContent()).toBe(text.addVin);
        // The public page says it without naming the rider's data.
        await page.goto(`${p}/events/event/${eventId}`);
        expect(
          await page.locator('[data-reason="bikeModelYear"] [data-testid="reason-action"]').count(),
        ).toBe(0);
        await context.close();
      },
    );

    french(
      'the public page words a minor without consent neutrally; the rider reads the full reason',
      async () => {
        const email = uniqueEmail(`minor-${lang}`);
        const acct = await createAccount(db, {
          role: 'rider',
          email,
          password: 'Password123',
          emailVerified: true,
          firstName: 'Mina',
          lastName: `Minor${lang}`,
        });
        // 15 years old on the event day, no guardian consent on file, an eligible verified bike.
        db.$client
          .prepare("UPDATE riders SET date_of_birth = date('now', '-15 years') WHERE id = ?")
          .run(acct.profileId);
        db.$client
          .prepare(
            "INSERT INTO bikes (rider_id, vin, year, make, model, valid) VALUES (?, ?, 2025, 'KTM', '250 SX-F', 1)",
          )
          .run(
            acct.profileId,
            `VBKMIN${lang === 'en' ? 'E' : 'F'}${String(Date.now()).slice(-10)}`,
          );
        const title = `Minor Cup ${lang} ${Date.now()}`;
        const { eventId, resultId } = eventWithUnmatched(title, `Mina Minor${lang}`);
        db.$client
          .prepare("UPDATE results SET rider_id = ?, make = 'KTM' WHERE id = ?")
          .run(acct.profileId, resultId);
        expect(recomputeEventAwards(db, eventId, SYSTEM_ACTOR).ok).toBe(true);
        expect(
          db.$client
            .prepare('SELECT no_payout_reason AS r FROM results WHERE id = ?')
            .get(resultId),
        ).toEqual({ r: 'underage' });

        const { context, page } = await newPage(browser(), { javaScript: false });
        await page.goto(`${p}/events/event/${eventId}`);
        const row = page.locator('tr', { hasText: `Mina Minor${lang}` });
        const reason = row.getByTestId('no-payout-reason');
        await reason.filter({ hasText: text.neutral }).waitFor();
        expect(await reason.getAttribute('data-reason')).toBe('riderNotEligible');
        expect(await reason.textContent()).not.toMatch(text.personal);
        expect(await page.content()).not.toContain('underage');

        await signIn(page, email, 'Password123', lang);
        await page.goto(`${p}/auth/rider/event/${eventId}`);
        await page
          .locator('[data-reason="underage"]')
          .filter({ hasText: text.minor })
          .first()
          .waitFor();
        await context.close();
      },
    );
  });
}

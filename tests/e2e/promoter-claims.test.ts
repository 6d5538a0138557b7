/**
 * The promoter's result claims, in English and French: the event's promoter sees the
 * claim on their event (and not a claim on another promoter's event), approves one (with
 * JavaScript) or refuses one with a reason (without JavaScript); the result is linked or left
 * alone, and the rider is mailed either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWithUnmatched as unmatchedEvent } from './db-write';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { createClaim } from '~/services/money/claims/result-claims.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import {
  databasePath,
  DEMO,
  signIn,
  mailsTo,
  newPage,
  prefix,
  toastShown,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();
const T = {
  en: {
    title: 'Result claims',
    approved: 'The claim was approved',
    refused: 'The claim was refused',
    refusedBecause: 'Refused: Transponder 77 says otherwise',
  },
  fr: {
    title: 'Réclamations de résultats',
    approved: 'La réclamation a été approuvée',
    refused: 'La réclamation a été refusée',
    refusedBecause: 'Refusée\u00a0: Transponder 77 says otherwise',
  },
};

let db: DB;
let demoPromoterId: number;
let otherPromoterId: number;
beforeAll(() => {
  db = openDb(databasePath());
  demoPromoterId = (
    db.$client
      .prepare('SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?')
      .get(DEMO.promoter) as { id: number }
  ).id;
  otherPromoterId = (
    db.$client
      .prepare("INSERT INTO promoters (name) VALUES ('Other Claims Promo') RETURNING id")
      .get() as { id: number }
  ).id;
});
afterAll(() => {
  db.$client.close();
});

/** An event of `promoterId` held last month: a credit class paying 3 places, 6 riders, 1st unmatched. */
function eventWithUnmatched(title: string, name: string, promoterId: number) {
  const made = unmatchedEvent(db.$client, { title, name, className: '450 B', promoterId });
  expect(recomputeEventAwards(db, made.eventId, SYSTEM_ACTOR).ok).toBe(true);
  return made;
}

/** A rider with a verified eligible bike who claims the unmatched result of a new event. */
async function claimOn(lang: 'en' | 'fr', tag: string, promoterId: number) {
  const email = uniqueEmail(`pclaim-${tag}-${lang}`);
  const acct = await createAccount(db, {
    role: 'rider',
    email,
    password: 'Password123',
    emailVerified: true,
    firstName: 'Paula',
    lastName: `Claimer${tag}${lang}`,
  });
  db.$client
    .prepare("UPDATE riders SET date_of_birth = '1990-01-01' WHERE id = ?")
    .run(acct.profileId);
  db.$client.prepare('UPDATE users SET lang = ? WHERE email = ?').run(lang, email);
  const bikeId = (
    db.$client
      .prepare(
        "INSERT INTO bikes (rider_id, vin, year, make, model, valid) VALUES (?, ?, 2025, 'KTM', '450 SX-F', 1) RETURNING id",
      )
      .get(
        acct.profileId,
        `VBKPRO${tag.slice(0, 1).toUpperCase()}${lang === 'en' ? 'E' : 'F'}${String(Date.now()).slice(-9)}`,
      ) as { id: number }
  ).id;
  const title = `Promoter Claim ${tag} ${lang} ${Date.now()}`;
  const { eventId, resultId } = eventWithUnmatched(title, `P. Claimr ${tag}`, promoterId);
  const made = createClaim(
    db,
    { resultId, riderId: acct.profileId, bikeId, note: 'Plate 77' },
    { userId: acct.user.id, proxyHostUserId: null },
  );
  if (!made.ok) throw new Error(`claim refused: ${made.error}`);
  return { email, riderId: acct.profileId, eventId, resultId, title, claimId: made.claimId };
}

function resultRider(resultId: number) {
  return (
    db.$client.prepare('SELECT rider_id AS r FROM results WHERE id = ?').get(resultId) as {
      r: number | null;
    }
  ).r;
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  describe(`the promoter's result claims (${lang})`, () => {
    it(
      lang === 'en'
        ? 'the event’s promoter sees the claim on their event (not another promoter’s) and approves it'
        : 'the event’s promoter sees the claim on their event (not another promoter’s) and refuses it with a reason, without JavaScript',
      async () => {
        const mine = await claimOn(lang, 'mine', demoPromoterId);
        const theirs = await claimOn(lang, 'theirs', otherPromoterId);
        const { context, page } = await newPage(browser(), { javaScript: lang === 'en' });
        await signIn(page, DEMO.promoter, undefined, lang);
        await page.goto(`${p}/auth/promoter/claims`);
        await page.getByRole('heading', { name: text.title }).waitFor();
        const card = page.locator(`[data-claim="${mine.claimId}"]`);
        await card.filter({ hasText: mine.title }).waitFor();
        await card.filter({ hasText: 'Plate 77' }).waitFor();
        // A claim on another promoter's event is not listed, nor its event.
        expect(await page.locator(`[data-claim="${theirs.claimId}"]`).count()).toBe(0);
        expect(await page.getByText(theirs.title).count()).toBe(0);

        const before = mailsTo(mine.email).length;
        if (lang === 'en') {
          await card.getByTestId('claim-approve').click();
          await toastShown(page, text.approved);
          expect(resultRider(mine.resultId)).toBe(mine.riderId);
          const award = db.$client
            .prepare('SELECT initial_cents AS c FROM awards WHERE result_id = ? AND rider_id = ?')
            .get(mine.resultId, mine.riderId);
          expect(award).toEqual({ c: 15000 });
        } else {
          await card.locator(`#reason-${mine.claimId}`).fill('Transponder 77 says otherwise');
          await card.getByTestId('claim-refuse').click();
          await toastShown(page, text.refused);
          expect(resultRider(mine.resultId)).toBeNull();
          await page
            .locator(`[data-claim="${mine.claimId}"]`)
            .filter({ hasText: text.refusedBecause })
            .waitFor();
        }
        const status = db.$client
          .prepare('SELECT status, reason FROM result_claims WHERE id = ?')
          .get(mine.claimId);
        expect(status).toEqual(
          lang === 'en'
            ? { status: 'approved', reason: null }
            : { status: 'refused', reason: 'Transponder 77 says otherwise' },
        );
        const mail = await waitForMail(mine.email, before);
        expect(mail.subject).toContain(mine.title);
        // The other promoter's claim is untouched.
        expect(
          db.$client.prepare('SELECT status FROM result_claims WHERE id = ?').get(theirs.claimId),
        ).toEqual({ status: 'pending' });
        await context.close();
      },
    );
  });
}

/**
 * Remove races, in English (with JavaScript) and French (without: each step a document post): the admin
 * opens the rider's races from the rider page, chooses one, confirms on the confirmation step, and
 * the race leaves the rider; on the event page it stays, unlinked and marked "not this rider".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import {
  databasePath,
  DEMO,
  signIn,
  newPage,
  prefix,
  uniqueEmail,
  useBrowser,
  toastShown,
} from './helpers';

const browser = useBrowser();
const T = {
  en: {
    confirm: 'Remove this race from',
    done: 'Races removed from the rider: 1',
    mark: 'Not this rider:',
    choose: 'Choose at least one race.',
  },
  fr: {
    confirm: 'Retirer cette course à',
    done: 'Courses retirées au pilote\u00a0: 1',
    mark: 'Pas ce pilote\u00a0:',
    choose: 'Choisissez au moins une course.',
  },
};

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

function raceFor(riderId: number, name: string, title: string) {
  const ev = db.$client
    .prepare("INSERT INTO events (title, date) VALUES (?, '2026-04-18') RETURNING id")
    .get(title) as { id: number };
  const cls = db.$client
    .prepare(
      "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, '85cc', 'dealerCredit') RETURNING id",
    )
    .get(ev.id) as { id: number };
  const ids = [1, 2].map(
    (place) =>
      (
        db.$client
          .prepare(
            'INSERT INTO results (event_id, class_id, place, rider_name, rider_id) VALUES (?, ?, ?, ?, ?) RETURNING id',
          )
          .get(ev.id, cls.id, place, name, riderId) as { id: number }
      ).id,
  );
  return { eventId: ev.id, resultIds: ids };
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  describe(`remove races (${lang})`, () => {
    it('removes a chosen race after a confirmation step; it stays in the event, marked "not this rider"', async () => {
      const acct = await createAccount(db, {
        role: 'rider',
        email: uniqueEmail(`races-${lang}`),
        password: 'Password123',
        emailVerified: true,
        firstName: 'Wrong',
        lastName: `Racer${lang}`,
      });
      const title = `Remove races ${lang} ${Date.now()}`;
      const { eventId, resultIds } = raceFor(acct.profileId, `Wrong Racer${lang}`, title);
      const { context, page } = await newPage(browser(), { javaScript: lang === 'en' });
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/rider/${acct.profileId}`);
      await page.getByTestId('open-remove-races').click();
      await page.waitForURL(
        (u) => u.pathname === `${p}/auth/admin/rider/${acct.profileId}/remove-races`,
      );
      const table = page.getByTestId('rider-races');
      // With JavaScript the URL changes before the new page renders: poll.
      await expect.poll(() => table.locator('tbody tr').count()).toBe(2);

      // Nothing chosen: asked to choose, nothing removed.
      await page.getByTestId('remove-races-form').locator('button[type="submit"]').click();
      await page.getByTestId('remove-races-choose').filter({ hasText: text.choose }).waitFor();

      await table.locator(`input[name="race"][value="${resultIds[0]}"]`).check();
      await page.getByTestId('remove-races-form').locator('button[type="submit"]').click();
      const confirm = page.getByTestId('remove-races-confirm');
      await confirm.filter({ hasText: text.confirm }).waitFor();
      // Asking is not removing.
      expect(
        db.$client.prepare('SELECT rider_id AS r FROM results WHERE id = ?').get(resultIds[0]),
      ).toEqual({ r: acct.profileId });
      await confirm.locator('button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === `${p}/auth/admin/rider/${acct.profileId}`);
      await toastShown(page, text.done);

      expect(
        db.$client.prepare('SELECT rider_id AS r FROM results WHERE id = ?').get(resultIds[0]),
      ).toEqual({ r: null });
      expect(
        db.$client.prepare('SELECT rider_id AS r FROM results WHERE id = ?').get(resultIds[1]),
      ).toEqual({ r: acct.profileId });
      expect(
        db.$client
          .prepare(
            "SELECT count(*) AS n FROM audit_log WHERE action = 'rider.races.remove' AND entity_id = ?",
          )
          .get(acct.profileId),
      ).toEqual({ n: 1 });

      await page.goto(`${p}/auth/admin/event/${eventId}`);
      await page
        .getByTestId('not-this-rider')
        .filter({ hasText: `${text.mark} Wrong Racer${lang}` })
        .first()
        .waitFor();
      await context.close();
    });
  });
}

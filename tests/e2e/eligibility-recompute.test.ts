/**
 * Awards follow eligibility, in English (with JavaScript) and French (without: the refusal is the
 * server's answer to a document post):
 * an admin deactivates a rider whose award was already spent; the deactivation would take it back,
 * so it is refused, the conflict is listed on the rider page, and the account stays active.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { spendCredit, SYSTEM } from '../unit/money/counter-fixtures';
import { addResult, makeClass, makeEvent, makeRider } from '../unit/money/factory';
import { databasePath, DEMO, signIn, newPage, prefix, uniqueEmail, useBrowser } from './helpers';

const browser = useBrowser();
const T = {
  en: { refused: 'would take back awards', why: 'already spent' },
  fr: { refused: 'reprendrait des primes', why: 'déjà dépensée' },
};

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

/** Six riders in a paying class, awarded; the winner has spent part of their credit. */
async function spentWinner(lang: string) {
  const ev = makeEvent(db, { title: `Eligibility ${lang} ${Date.now()}`, date: '2026-05-02' });
  const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
  const field = Array.from({ length: 6 }, (_, i) => {
    const r = makeRider(db, { email: uniqueEmail(`elig-${lang}-${i}`), ama: null });
    addResult(db, ev.id, cls.id, {
      place: i + 1,
      riderName: r.name,
      riderId: r.rider.id,
      make: 'KTM',
    });
    return r;
  });
  expect(recomputeEventAwards(db, ev.id, SYSTEM).ok).toBe(true);
  const winner = field[0]!;
  await spendCredit(db, winner.rider.id, 1000, new Date());
  return winner;
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  describe(`deactivating a rider whose award was spent (${lang})`, () => {
    it('is refused with the conflicts listed; the account stays active', async () => {
      const winner = await spentWinner(lang);
      const { context, page } = await newPage(browser(), { javaScript: lang === 'en' });
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/rider/${winner.rider.id}`);
      await page.getByTestId('rider-deactivate').click();
      const refused = page.getByTestId('rider-status-refused');
      await refused.filter({ hasText: text.refused }).waitFor();
      const item = refused.getByTestId('award-conflicts').locator('li');
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain(winner.name);
      expect(await item.textContent()).toContain(text.why);
      expect(
        db.$client.prepare('SELECT deactivated AS d FROM users WHERE id = ?').get(winner.user.id),
      ).toEqual({ d: 0 });
      // Still offered: the button did not flip to "activate".
      await page.getByTestId('rider-deactivate').waitFor();
      await context.close();
    });
  });
}

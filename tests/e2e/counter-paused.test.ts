/**
 * A dealer counter paused for wrong PINs across riders says so as soon as a rider's page opens,
 * in English (JavaScript on) and French (off): the notice with the time it opens again, and no
 * redemption form (before, the dealer learned it only from the next wrong PIN).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { databasePath, DEMO, signIn, newPage, prefix, uniqueEmail, useBrowser } from './helpers';

const browser = useBrowser();

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

const TEXT = {
  en: /^Too many wrong PINs from this counter, across riders: redemptions here are paused until .+\. The program’s admins have been told\.$/,
  fr: /^Trop de NIP erronés à ce comptoir, tous pilotes confondus\u00a0: les échanges y sont suspendus jusqu’à .+\. Les administrateurs du programme ont été prévenus\.$/,
} as const;

for (const lang of ['en', 'fr'] as const) {
  const javaScript = lang === 'en';
  const p = prefix(lang);

  describe(`a paused counter (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    it('says so on page load, with no redemption form; an unpaused counter shows the form', async () => {
      const email = uniqueEmail(`paused-${lang}`);
      const { user, profileId: dealerId } = await createAccount(db, {
        role: 'dealer',
        email,
        password: 'Password123',
        emailVerified: true,
        firstName: 'Pat',
        lastName: 'Counter',
        name: `Paused Parts ${lang}`,
      });
      const rider = db.$client
        .prepare('SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?')
        .get(DEMO.rider) as { id: number };
      const { context, page } = await newPage(browser(), { javaScript });
      try {
        await signIn(page, email, 'Password123', lang);
        await page.goto(`${p}/auth/dealer/rider/${rider.id}`);
        await page.getByTestId('redeem-form').waitFor();
        expect(await page.getByTestId('counter-paused').count()).toBe(0);

        // Ten wrong PINs from this login within the window, each on another rider (so no rider is
        // locked): the counter is paused.
        const others = db.$client
          .prepare('SELECT id FROM riders WHERE id <> ? ORDER BY id LIMIT 10')
          .all(rider.id) as { id: number }[];
        const insert = db.$client.prepare(
          'INSERT INTO pin_attempts (rider_id, dealer_id, user_id, success, created_at) VALUES (?, ?, ?, 0, ?)',
        );
        for (const o of others) insert.run(o.id, dealerId, user.id, new Date().toISOString());

        await page.goto(`${p}/auth/dealer/rider/${rider.id}`);
        const notice = page.getByTestId('counter-paused');
        await notice.waitFor();
        expect((await notice.innerText()).trim()).toMatch(TEXT[lang]);
        await expect(notice.getAttribute('role')).resolves.toBe('alert');
        expect(await page.getByTestId('redeem-form').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
}

/**
 * VIN patterns walked in a browser, in English (JavaScript on) and French (JavaScript off: every
 * form must work without it). The admin imports the shared fixture, sees the patterns, unverifies
 * the pattern of the demo rider's bike and runs "Verify bikes"; the rider, signing in, is sent to
 * /auth/rider/profile?redirect=vin; the admin re-verifies the pattern and runs "Verify bikes"
 * again, and the rider gets in. The API routes' ranking (static `verify` vs `$patternId`) is
 * checked on the real server (in the English walk).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/vin.json';
import fr from '#locales/fr/vin.json';
import validationEn from '#locales/en/validation.json';
import validationFr from '#locales/fr/validation.json';
import { matchVinPattern, vinCheckDigit } from '~/lib/vin';
import {
  DEMO,
  FIXTURES,
  databasePath,
  login,
  signIn,
  newPage,
  prefix,
  toastShown,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const TEXTS = { en, fr } as const;
const validation = { en: validationEn, fr: validationFr } as const;

/** The demo rider's first bike, read (read-only) from the seeded database. */
function demoRiderBike(): { vin: string; valid: boolean } {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const bike = db
      .prepare(
        `SELECT b.vin AS vin, b.valid AS valid FROM bikes b JOIN riders r ON r.id = b.rider_id
         JOIN users u ON u.id = r.user_id WHERE u.email = ? ORDER BY b.id LIMIT 1`,
      )
      .get(DEMO.rider) as { vin: string; valid: number } | undefined;
    if (!bike) throw new Error(`the seed gives ${DEMO.rider} no bike`);
    return { vin: bike.vin, valid: bike.valid === 1 };
  } finally {
    db.close();
  }
}

/** The verified pattern a VIN matches (read-only query). */
function verifiedPatternOf(vin: string): string | null {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const patterns = db
      .prepare('SELECT pattern FROM vin_patterns WHERE verified = 1 ORDER BY id')
      .all() as { pattern: string }[];
    return patterns.find((x) => matchVinPattern(vin, x.pattern))?.pattern ?? null;
  } finally {
    db.close();
  }
}

/** A regular expression for a translated message: each {{placeholder}} becomes a capture group. */
function messageRe(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('(.+?)'));
}

/** Waits for the toast showing a message (after a redirect) and returns its placeholders' values. */
async function toast(page: Page, template: string): Promise<string[]> {
  const re = messageRe(template);
  return (re.exec(await toastShown(page, re)) ?? []).slice(1);
}

/** Filters the patterns list by pattern text (GET form) and returns the row of that pattern. */
async function showPattern(page: Page, pattern: string) {
  await page.locator('#filter-pattern').fill(pattern);
  await Promise.all([
    page.waitForURL((u) => u.searchParams.get('pattern') === pattern),
    page.locator('form[role="search"] button[type="submit"]').click(),
  ]);
  // The unfiltered first page holds this row too: wait for the filtered list, the pattern alone.
  await expect
    .poll(() =>
      page
        .getByTestId('vin-pattern')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pattern'))),
    )
    .toEqual([pattern]);
  const row = page.locator(`[data-testid="vin-pattern"][data-pattern="${pattern}"]`);
  await row.waitFor();
  return row;
}

const label = (template: string, pattern: string) => template.replace('{{pattern}}', pattern);

/** A well-formed VIN of no maker pattern (check digit right), unique to this run. */
function randomVin(): string {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const draft = `JYARJ1600PA${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const v = TEXTS[lang];
  const javaScript = lang === 'en';

  describe(`VIN patterns (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    it('import, unverify a rider’s pattern, verify bikes: the rider is sent to fix the bike; re-verify restores', async () => {
      const bike = demoRiderBike();
      expect(bike.valid).toBe(true);
      const pattern = verifiedPatternOf(bike.vin);
      if (!pattern) throw new Error(`no verified pattern matches ${bike.vin}`);

      const { context, page } = await newPage(browser(), { javaScript });
      const rider = await newPage(browser(), { javaScript });
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/vin-patterns`);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);

        // Import the shared fixture: every pattern already seeded is updated, none duplicated.
        await page
          .locator('input[name="file"]')
          .setInputFiles(path.join(FIXTURES, 'vin-patterns.csv'));
        await page.getByRole('button', { name: v.import.submit, exact: true }).click();
        const [total] = await toast(page, v.import.done);
        expect(total).toBe('40');
        const count = (await page.getByTestId('pattern-count').textContent()) ?? '';
        expect(Number(/\d+/.exec(count)?.[0])).toBeGreaterThanOrEqual(40);
        await expect(page.getByTestId('vin-patterns').locator('tbody tr').count()).resolves.toBe(
          20,
        );

        // The demo rider's pattern: verified, then unverified (filters kept after the change).
        let row = await showPattern(page, pattern);
        await expect(row.textContent()).resolves.toContain(v.patterns.verified);
        await row
          .getByRole('button', { name: label(v.patterns.unverifyLabel, pattern), exact: true })
          .click();
        await toast(page, v.patterns.unverifiedDone);
        row = page.locator(`[data-testid="vin-pattern"][data-pattern="${pattern}"]`);
        const verifyButton = row.getByRole('button', {
          name: label(v.patterns.verifyLabel, pattern),
          exact: true,
        });
        await verifyButton.waitFor();
        await expect(verifyButton.count()).resolves.toBe(1);
        expect(new URL(page.url()).searchParams.get('pattern')).toBe(pattern);
        expect(demoRiderBike().valid).toBe(true); // bikes change only with "Verify bikes"

        // Verify bikes: at least the demo rider's bike became invalid.
        await page.getByTestId('verify-bikes').click();
        const [, , becameInvalid] = (await toast(page, v.verifyBikes.done)).map(Number);
        expect(becameInvalid).toBeGreaterThanOrEqual(1);
        expect(demoRiderBike().valid).toBe(false);

        // The rider VIN report shows the bike as invalid.
        await page.goto(`${p}/auth/admin/rider-vin-report?vin=${bike.vin}&valid=invalid`);
        await expect(page.getByTestId('vin-report').textContent()).resolves.toContain(bike.vin);

        // The rider signs in and is sent to the profile to fix the bike, wherever they go.
        await login(rider.page, DEMO.rider, undefined, lang);
        let url = new URL(rider.page.url());
        expect(url.pathname).toBe(`${p}/auth/rider/profile`);
        expect(url.searchParams.get('redirect')).toBe('vin');
        await rider.page.goto(`${p}/auth/rider/earnings`);
        url = new URL(rider.page.url());
        expect(url.pathname).toBe(`${p}/auth/rider/profile`);
        expect(url.searchParams.get('redirect')).toBe('vin');

        // The profile explains why, shows the invalid bike with the reason; add and remove a bike.
        const bikesCard = rider.page.getByTestId('rider-bikes');
        await expect(bikesCard.getByTestId('vin-redirect').isVisible()).resolves.toBe(true);
        const invalidRow = bikesCard.locator(`[data-testid="bike"][data-vin="${bike.vin}"]`);
        await expect(invalidRow.textContent()).resolves.toContain(v.invalid.noPattern);
        const bikeCount = await bikesCard.locator('[data-testid="bike"]').count();
        const extra = randomVin();
        const addForm = bikesCard.getByTestId('add-bike-form');
        await addForm.locator('input[name="vin"]').fill('ABC123');
        await addForm.getByRole('button', { name: v.bikes.add, exact: true }).click();
        await addForm
          .getByTestId('add-bike-vin-live')
          .getByText(validation[lang].vin, { exact: true })
          .waitFor();
        await addForm.locator('input[name="vin"]').fill(extra.toLowerCase());
        await addForm.getByRole('button', { name: v.bikes.add, exact: true }).click();
        const extraRow = bikesCard.locator(`[data-testid="bike"][data-vin="${extra}"]`);
        await extraRow.waitFor();
        await expect(extraRow.textContent()).resolves.toContain(v.bikes.invalid);
        await addForm.locator('input[name="vin"]').fill(extra);
        await addForm.getByRole('button', { name: v.bikes.add, exact: true }).click();
        await addForm
          .getByTestId('add-bike-vin-live')
          .getByText(v.errors.taken, { exact: true })
          .waitFor();
        rider.page.on('dialog', (d) => void d.accept());
        await extraRow
          .getByRole('button', { name: v.bikes.removeLabel.replace('{{vin}}', extra), exact: true })
          .click();
        if (!javaScript) {
          // Without JavaScript the removal asks first on the /confirm page.
          await rider.page.getByTestId('confirm-page').waitFor();
          await Promise.all([
            rider.page.waitForURL((u) => !u.pathname.endsWith('/confirm')),
            rider.page.getByTestId('confirm-yes').click(),
          ]);
        }
        await extraRow.waitFor({ state: 'detached' });
        // The removal answers with the page again: count the bikes once it has settled.
        await expect.poll(() => bikesCard.locator('[data-testid="bike"]').count()).toBe(bikeCount);

        // Re-verify the pattern, then the bikes: the rider gets in again.
        await page.goto(`${p}/auth/admin/vin-patterns`);
        row = await showPattern(page, pattern);
        await row
          .getByRole('button', { name: label(v.patterns.verifyLabel, pattern), exact: true })
          .click();
        await toast(page, v.patterns.verifiedDone);
        await page.getByTestId('verify-bikes').click();
        const [, becameValid] = (await toast(page, v.verifyBikes.done)).map(Number);
        expect(becameValid).toBeGreaterThanOrEqual(1);
        expect(demoRiderBike().valid).toBe(true);
        await rider.page.goto(`${p}/auth/rider/earnings`);
        expect(new URL(rider.page.url()).pathname).toBe(`${p}/auth/rider/earnings`);

        // API on the real server: static segments win over $patternId; JSON answers (the same
        // in every language: asked once).
        if (lang === 'en') {
          const list = await context.request.get(
            `/api/vin-patterns?pattern=${encodeURIComponent(pattern)}`,
          );
          expect(list.status()).toBe(200);
          const listed = (await list.json()) as { vinPatterns: { id: number; pattern: string }[] };
          expect(listed.vinPatterns.map((x) => x.pattern)).toEqual([pattern]);
          const verify = await context.request.post('/api/vin-patterns/verify', {
            data: { pattern },
          });
          expect(verify.status()).toBe(200);
          expect(
            ((await verify.json()) as { vinPattern: { verified: boolean } }).vinPattern.verified,
          ).toBe(true);
          const unverify = await context.request.post('/api/vin-patterns/unverify', {
            data: { pattern: listed.vinPatterns[0].id },
          });
          expect(unverify.status()).toBe(200);
          expect(
            ((await unverify.json()) as { vinPattern: { verified: boolean } }).vinPattern.verified,
          ).toBe(false);
          const verifyBikes = await context.request.post('/api/vin-patterns/verify-bikes', {
            data: { patterns: [pattern] },
          });
          expect(verifyBikes.status()).toBe(200);
          expect(await verifyBikes.json()).toMatchObject({ verifiedPatterns: 1, becameInvalid: 0 });
          expect((await context.request.delete('/api/vin-patterns/999999')).status()).toBe(404);
          expect((await context.request.get('/api/vin-report?valid=invalid')).status()).toBe(200);
          expect((await rider.context.request.get('/api/vin-patterns')).status()).toBe(403);
          expect(demoRiderBike().valid).toBe(true);
        }
      } finally {
        // Whatever happened, leave the pattern verified and the bikes re-checked for other tests.
        await context.request.post('/api/vin-patterns/verify-bikes', {
          data: { patterns: [pattern] },
        });
        await rider.context.close();
        await context.close();
      }
    });
  });
}

/**
 * Promoters create events: a promoter adds an event from the home page and its class and payouts
 * in a form (a payout over the program's per-place limit refused next to the place), results wait
 * for an admin's approval, the admin approves it from the admin home and the promoter uploads
 * results (English, JavaScript); a refusal's reason reaches the promoter by mail and on the home
 * page; the new-event form's errors without JavaScript, in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { proposeEvent } from '~/services/events/management/event-admin.server';
import {
  databasePath,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  settled,
  submitDocument,
  toastShown,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();
let db: DB;
let promoterId: number;
beforeAll(() => {
  db = openDb(databasePath());
  promoterId = (
    db.$client
      .prepare('SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?')
      .get(DEMO.promoter) as { id: number }
  ).id;
});
afterAll(() => {
  db.$client.close();
});

const RESULTS = [
  'Class,Pos,Rider,AMA Number,Bike,Hometown,Status',
  'Pro Proposal,1,Jake Moreau,112233,KTM,"Tulare, CA",finish',
  'Pro Proposal,2,Sam Okafor,223344,KTM,"Reno, NV",finish',
].join('\n');

describe('promoters create events', () => {
  it('a promoter proposes an event with a class and payouts, an admin approves it, the promoter uploads results', async () => {
    const title = `Proposal Run ${Date.now()}`;
    const promoter = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const page = promoter.page;
      await login(page, DEMO.promoter);
      await page.getByTestId('add-event').click();
      await page.getByRole('heading', { name: 'Add an event' }).waitFor();
      await page.locator('input[name="title"]').fill(title);
      await page.locator('input[name="date"]').fill('2099-06-14');
      await page.locator('input[name="venue"]').fill('Glen Helen');
      await page.locator('input[name="city"]').fill('San Bernardino');
      await page.locator('input[name="state"]').fill('CA');
      await page.getByTestId('event-save').click();
      await toastShown(page, 'Event proposed');
      const approval = page.getByTestId('event-approval');
      expect(await approval.getAttribute('data-approval')).toBe('proposed');
      await page.getByTestId('results-wait').waitFor();

      // The class without a file: a place over the program's limit is refused next to it.
      const form = page.getByTestId('class-form');
      await form.getByLabel('Class', { exact: true }).fill('Pro Proposal');
      await form.getByLabel('Payout type').selectOption('cash');
      await form.getByLabel('Place 1', { exact: true }).fill('3000');
      await form.getByLabel('Place 2', { exact: true }).fill('250');
      await page.getByTestId('class-save').click();
      // The field's own message (the error summary says it too).
      await form
        .getByRole('group', { name: 'Payout of each place' })
        .getByText('Above the program’s limit of $2,500.00 for one place.')
        .waitFor();
      expect(await form.getByLabel('Place 2', { exact: true }).inputValue()).toBe('250');
      await form.getByLabel('Place 1', { exact: true }).fill('500');
      await page.getByTestId('class-save').click();
      await toastShown(page, 'Class saved');
      const row = page.locator('[data-testid="class-row"][data-class="Pro Proposal"]');
      expect(await row.textContent()).toContain('$500.00');

      // The admin finds the proposal on the home page and approves it; the promoter is mailed.
      const mails = mailsTo(DEMO.promoter).length;
      await login(admin.page, DEMO.admin);
      await admin.page.getByTestId('proposed-events').getByRole('link', { name: title }).click();
      await admin.page.getByTestId('approve-event').click();
      await toastShown(admin.page, 'Event approved');
      const mail = await waitForMail(DEMO.promoter, mails);
      expect(mail.subject).toBe(`Your event was approved: ${title}`);

      // Now the results upload is offered and accepted.
      await page.reload();
      await settled(page);
      expect(await approval.getAttribute('data-approval')).toBe('approved');
      await page.locator('#results-file').setInputFiles({
        name: 'results.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(RESULTS),
      });
      await page.locator('[data-testid="results-upload-form"] button[type="submit"]').click();
      await toastShown(page, 'Results uploaded');
      expect(await page.getByText('Jake Moreau').count()).toBeGreaterThan(0);
    } finally {
      await promoter.context.close();
      await admin.context.close();
    }
  }, 90_000);

  it('a refusal and its reason reach the promoter, by mail and on the home page', async () => {
    const title = `Refused Run ${Date.now()}`;
    const details = eventDetailsSchema.parse({ intent: 'createEvent', title, date: '2099-07-01' });
    const made = proposeEvent(
      db,
      details,
      { userId: null, proxyHostUserId: null },
      { promoterId, copyClassesFrom: null },
    );
    if (!made.ok) throw new Error('the proposal was refused');
    const id = made.id;
    const reason = 'The track is not sanctioned this year.';
    const admin = await newPage(browser());
    const promoter = await newPage(browser());
    try {
      await signIn(admin.page, DEMO.admin);
      await admin.page.goto(`/auth/admin/event/${id}`);
      const mails = mailsTo(DEMO.promoter).length;
      await admin.page.getByTestId('refuse-event').click();
      await admin.page.getByText('Required').first().waitFor();
      await admin.page.getByLabel('Reason for a refusal').fill(reason);
      await admin.page.getByTestId('refuse-event').click();
      await toastShown(admin.page, 'Event refused');
      const mail = await waitForMail(DEMO.promoter, mails);
      expect(mail.subject).toBe(`Your event was refused: ${title}`);
      expect(mail.text).toContain(reason);

      await login(promoter.page, DEMO.promoter);
      const item = promoter.page.getByTestId('my-events').locator('li', { hasText: title });
      expect(await item.getByTestId('event-approval-state').textContent()).toContain(
        `Refused · Reason: ${reason}`,
      );
    } finally {
      await admin.context.close();
      await promoter.context.close();
    }
  }, 60_000);

  it('the new-event form answers its errors in French without JavaScript, keeping what was typed', async () => {
    const { context, page } = await newPage(browser(), { javaScript: false });
    try {
      await signIn(page, DEMO.promoter, undefined, 'fr');
      await page.goto('/fr/auth/promoter/event');
      await page.locator('input[name="venue"]').fill('Circuit Mont-Tremblant');
      await page.locator('input[name="venueWebsite"]').fill('pas une adresse');
      await submitDocument(page, page.getByTestId('event-save'));
      const title = page.locator('input[name="title"]');
      expect(await title.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('[id$="title-error"]').textContent()).toBe('Obligatoire');
      expect(await page.locator('[id$="venueWebsite-error"]').count()).toBe(1);
      expect(await page.locator('input[name="venue"]').inputValue()).toBe('Circuit Mont-Tremblant');
    } finally {
      await context.close();
    }
  }, 60_000);
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, events, promoters, riders, sentReminders } from '#db/schema';
import { lateThreshold, thresholdReached } from '~/services/platform/reminder-due.server';
import { sendDueReminders } from '~/services/platform/reminders.server';
import { sendExpiryMail } from '~/services/money/ledger/expiry.server';
import { listSentReminders } from '~/services/platform/reminder-list.server';
import { testDb } from '../helpers/db';
import { addAward, addDocument, makeEvent, makeRider, makeUser } from '../money/payouts-fixtures';
import { mailsTo } from '../helpers/outbox';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-15T17:00:00.000Z');
const inDays = (n: number) => new Date(NOW.getTime() + n * DAY - 60_000).toISOString();

describe('reminder thresholds', () => {
  it('takes the nearest threshold reached before a deadline, none before the first', () => {
    expect(thresholdReached([30, 14, 3], 31)).toBeNull();
    expect(thresholdReached([30, 14, 3], 30)).toBe(30);
    expect(thresholdReached([30, 14, 3], 10)).toBe(14);
    expect(thresholdReached([30, 14, 3], 1)).toBe(3);
  });
  it('takes the latest threshold passed after an event', () => {
    expect(lateThreshold([7, 14], 6)).toBeNull();
    expect(lateThreshold([7, 14], 9)).toBe(7);
    expect(lateThreshold([7, 14], 20)).toBe(14);
  });
});

describe('deadline reminders are sent once per item, kind and threshold', () => {
  it('payment information due: 30, 14 and 3 days before; a second run sends nothing', async () => {
    const { rider, user } = makeRider(db, { lang: 'fr' }); // no licence, no W-9
    const event = makeEvent(db, { title: 'Loretta Qualifier' });
    const a = addAward(db, {
      riderId: rider.id,
      kind: 'cash',
      cents: 25000,
      eventId: event.id,
      paymentInfoDueAt: inDays(29),
    });
    const first = await sendDueReminders(db, NOW);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const again = await sendDueReminders(db, NOW);
    expect(again.sent).toBe(0);
    const mails = mailsTo(user.email).filter((m) =>
      m.subject.startsWith('Renseignements de paiement'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Loretta Qualifier');
    expect(mails[0]!.text).toContain('W-9');
    // 16 days later: the 14-day threshold, once.
    const later = new Date(NOW.getTime() + 16 * DAY);
    await sendDueReminders(db, later);
    await sendDueReminders(db, later);
    const rows = db
      .select()
      .from(sentReminders)
      .where(eq(sentReminders.itemId, a.id))
      .all()
      .filter((r) => r.kind === 'paymentInfo');
    expect(rows.map((r) => r.threshold).sort()).toEqual([14, 30]);
  });

  it('a complete pro gets no payment-information reminder', async () => {
    const { rider, user } = makeRider(db);
    addDocument(db, rider.id, 'w9');
    addDocument(db, rider.id, 'driversLicence');
    addAward(db, { riderId: rider.id, kind: 'cash', cents: 25000, paymentInfoDueAt: inDays(2) });
    await sendDueReminders(db, NOW);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('a rider who turned reminders off still gets the money-losing ones only', async () => {
    const { rider, user } = makeRider(db, { reminderMails: false });
    addDocument(db, rider.id, 'w9');
    const early = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      expiresAt: inDays(20),
    });
    const last = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 7000,
      expiresAt: inDays(5),
    });
    const r = await sendDueReminders(db, NOW);
    expect(r.optedOut).toBe(1);
    const kinds = db.select().from(sentReminders).all();
    expect(kinds.map((k) => [k.itemId, k.threshold])).toEqual([[last.id, 7]]);
    expect(mailsTo(user.email)).toHaveLength(1);
    // Turned back on: the early one goes too.
    db.update(riders).set({ reminderMails: true }).where(eq(riders.id, rider.id)).run();
    await sendDueReminders(db, NOW);
    expect(
      db
        .select()
        .from(sentReminders)
        .all()
        .map((k) => k.itemId),
    ).toContain(early.id);
    // The 30-day credit notice counts as the rules' expiry mail.
    expect(
      db.select().from(awards).where(eq(awards.id, early.id)).get()!.expiryMailSentAt,
    ).not.toBeNull();
  });

  it('an award is never mailed its expiry twice: the 7-day notice to a rider who turned the 30-day one off counts', async () => {
    const { rider, user } = makeRider(db, { reminderMails: false });
    const award = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 7000,
      expiresAt: inDays(5),
    });
    const r = await sendDueReminders(db, NOW);
    expect(r.sent).toBe(1);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(db.select().from(awards).where(eq(awards.id, award.id)).get()!.expiryMailSentAt).toBe(
      NOW.toISOString(),
    );
    // The admin's expiry-mail button, that day or the next, sends nothing for this award.
    expect(await sendExpiryMail(db, NOW)).toBe(0);
    expect(await sendExpiryMail(db, new Date(NOW.getTime() + DAY))).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('the admin’s expiry mail first: the 30-day credit notice is not sent again, the 7-day one still is', async () => {
    const { rider, user } = makeRider(db);
    const award = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      expiresAt: inDays(20),
    });
    expect(await sendExpiryMail(db, NOW)).toBe(1);
    const stamp = db.select().from(awards).where(eq(awards.id, award.id)).get()!.expiryMailSentAt;
    expect(stamp).not.toBeNull();
    expect((await sendDueReminders(db, NOW)).sent).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(1);
    // 14 days later, 6 days left: the last warning goes out once; the first stamp is kept.
    const later = new Date(NOW.getTime() + 14 * DAY);
    expect((await sendDueReminders(db, later)).sent).toBe(1);
    expect(await sendExpiryMail(db, later)).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(db.select().from(awards).where(eq(awards.id, award.id)).get()!.expiryMailSentAt).toBe(
      stamp,
    );
  });

  it('a 7-day credit reminder sent before awards were stamped still keeps the admin’s button from mailing', async () => {
    const { rider, user } = makeRider(db, { reminderMails: false });
    const award = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 7000,
      expiresAt: inDays(5),
    });
    await sendDueReminders(db, NOW);
    // As an award reminded by an earlier version: the reminder row without the stamp.
    db.update(awards).set({ expiryMailSentAt: null }).where(eq(awards.id, award.id)).run();
    expect(await sendExpiryMail(db, NOW)).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('W-9 missing for a US pro with cash owed: once a year; not for a non-US person', async () => {
    const us = makeRider(db);
    addDocument(db, us.rider.id, 'driversLicence');
    addAward(db, {
      riderId: us.rider.id,
      kind: 'cash',
      cents: 90000,
      paymentInfoDueAt: inDays(50),
    });
    const foreign = makeRider(db, { usPerson: false, country: 'FR', state: null, zipcode: null });
    addAward(db, {
      riderId: foreign.rider.id,
      kind: 'cash',
      cents: 90000,
      paymentInfoDueAt: inDays(50),
    });
    await sendDueReminders(db, NOW);
    await sendDueReminders(db, NOW);
    expect(mailsTo(us.user.email).filter((m) => m.subject.includes('W-9'))).toHaveLength(1);
    expect(mailsTo(foreign.user.email)).toHaveLength(0);
  });

  it('results late: the promoter at 7 and 14 days, the admins copied at 14', async () => {
    const admin = makeUser(db, { role: 'admin', lang: 'fr' });
    const pu = makeUser(db, { role: 'promoter' });
    const promoter = db
      .insert(promoters)
      .values({ userId: pu.id, name: 'Dirt Promo' })
      .returning()
      .get();
    const event = db
      .insert(events)
      .values({ title: 'Spring Scramble', date: '2026-06-07', promoterId: promoter.id })
      .returning()
      .get();
    await sendDueReminders(db, NOW); // 8 days late
    await sendDueReminders(db, NOW);
    expect(mailsTo(pu.email)).toHaveLength(1);
    expect(mailsTo(admin.email)).toHaveLength(0);
    const later = new Date(NOW.getTime() + 7 * DAY); // 15 days late
    await sendDueReminders(db, later);
    await sendDueReminders(db, later);
    expect(mailsTo(pu.email)).toHaveLength(2);
    const copies = mailsTo(admin.email);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.subject).toContain('Copie');
    const list = listSentReminders(db, {});
    expect(list.rows.filter((r) => r.itemId === event.id).map((r) => r.copiedTo)).toContain(
      admin.email,
    );
    // Uploaded results stop them.
    db.update(events)
      .set({ resultsUploadedAt: NOW.toISOString() })
      .where(eq(events.id, event.id))
      .run();
    expect((await sendDueReminders(db, new Date(NOW.getTime() + 20 * DAY))).sent).toBe(0);
  });
});

import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, ledgerEntries } from '#db/schema';
import {
  creditExpiresAt,
  expireCredits,
  expiryMailDueCount,
  missingPaymentInfo,
  paymentInfoDueAt,
  sendExpiryMail,
} from '~/services/money/ledger/expiry.server';
import { testDb } from '../../helpers/db';
import {
  addAward,
  addDocument,
  balances,
  getAward,
  ledgerRows,
  makeEvent,
  makePayablePro,
  makeRider,
} from '../payouts-fixtures';
import { outbox } from '../../helpers/outbox';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const second = 1000;
const day = 24 * 60 * 60 * 1000;

describe('credit expires 12 months after award at end of day LA', () => {
  it('ends at 23:59:59.999 Los Angeles time on the same day 12 months later', () => {
    // 10:00 in LA on Mar 5th 2024 → Mar 5th 2025, 23:59:59.999 PST (UTC−8).
    expect(creditExpiresAt('2024-03-05T18:00:00.000Z')).toBe('2025-03-06T07:59:59.999Z');
    // 21:00 in LA on Mar 5th is already Mar 6th in UTC: the LA day counts.
    expect(creditExpiresAt('2024-03-06T05:00:00.000Z')).toBe('2025-03-06T07:59:59.999Z');
    // Summer: PDT (UTC−7).
    expect(creditExpiresAt('2024-07-04T19:00:00.000Z')).toBe('2025-07-05T06:59:59.999Z');
  });

  it('clamps Feb 29th to Feb 28th', () => {
    expect(creditExpiresAt('2024-02-29T20:00:00.000Z')).toBe('2025-03-01T07:59:59.999Z');
  });

  it('is still current one second before and expired one second after', () => {
    const { rider } = makeRider(db);
    const expiresAt = creditExpiresAt('2024-03-05T18:00:00.000Z');
    const a = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      awardedAt: '2024-03-05T18:00:00.000Z',
      expiresAt,
    });
    const end = new Date(expiresAt).getTime();

    expect(expireCredits(db, new Date(end - second)).expired).toBe(0);
    expect(getAward(db, a.id).status).toBe('current');

    expect(expireCredits(db, new Date(end + second))).toEqual({ expired: 1, credit: 1, cash: 0 });
    const after = getAward(db, a.id);
    expect(after.status).toBe('expired');
    expect(after.currentCents).toBe(0);
  });
});

describe('expiry job idempotent and writes ledger', () => {
  it('writes one expiry row of minus what was left, once', () => {
    const { rider } = makeRider(db);
    const a = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      currentCents: 1234,
      expiresAt: '2025-01-01T07:59:59.999Z',
    });
    const now = new Date('2025-02-01T00:00:00Z');
    expect(expireCredits(db, now).expired).toBe(1);
    expect(expireCredits(db, now).expired).toBe(0);
    expect(expireCredits(db, new Date('2026-01-01T00:00:00Z')).expired).toBe(0);
    const rows = ledgerRows(db, a.id).filter((r) => r.kind === 'expiry');
    expect(rows).toHaveLength(1);
    expect(rows[0].amountCents).toBe(-1234);
    expect(rows[0].balance).toBe('credit');
    expect(balances(db, rider.id, 'credit')).toEqual({ ledger: 0, awards: 0 });
  });

  it('leaves spent credit alone (no zero rows)', () => {
    const { rider } = makeRider(db);
    const a = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      currentCents: 0,
      expiresAt: '2025-01-01T07:59:59.999Z',
    });
    expect(getAward(db, a.id).status).toBe('spent');
    expect(expireCredits(db, new Date('2025-06-01T00:00:00Z')).expired).toBe(0);
    expect(ledgerRows(db, a.id).filter((r) => r.kind === 'expiry')).toHaveLength(0);
  });
});

describe('cash expires when payment information is missing 60 days after the race', () => {
  const race = '2025-03-01';
  const due = paymentInfoDueAt(race); // end of Apr 30th, LA

  it('is due at the end of the 60th day after the race', () => {
    expect(due).toBe('2025-05-01T06:59:59.999Z');
  });

  it('expires an unclaimed earned award of a rider without payment information, with a ledger row', () => {
    const { rider } = makeRider(db); // address, but no licence and no W-9
    const ev = makeEvent(db, { date: race });
    const a = addAward(db, {
      riderId: rider.id,
      kind: 'cash',
      cents: 50000,
      eventId: ev.id,
      paymentInfoDueAt: due,
    });
    expect(expireCredits(db, new Date(new Date(due).getTime() - second)).expired).toBe(0);
    expect(expireCredits(db, new Date(new Date(due).getTime() + second))).toEqual({
      expired: 1,
      credit: 0,
      cash: 1,
    });
    expect(getAward(db, a.id)).toMatchObject({ status: 'expired', currentCents: 0 });
    const rows = ledgerRows(db, a.id);
    expect(rows.map((r) => [r.kind, r.balance, r.amountCents])).toEqual([
      ['award', 'cash', 50000],
      ['expiry', 'cash', -50000],
    ]);
    expect(expireCredits(db, new Date(new Date(due).getTime() + day)).expired).toBe(0);
  });

  it('keeps the award when the rider supplied everything, or when it is already in a claim', () => {
    const payable = makePayablePro(db);
    const a = addAward(db, {
      riderId: payable.rider.id,
      kind: 'cash',
      cents: 100,
      paymentInfoDueAt: due,
    });
    const { rider } = makeRider(db);
    const b = addAward(db, {
      riderId: rider.id,
      kind: 'cash',
      cents: 100,
      paymentInfoDueAt: due,
      status: 'sent',
    });
    expect(expireCredits(db, new Date('2025-06-01T00:00:00Z')).expired).toBe(0);
    expect(getAward(db, a.id).status).toBe('earned');
    expect(getAward(db, b.id).status).toBe('sent');
  });

  it('defines payment information: licence, W-9 for US persons, a full address', () => {
    const base = {
      id: 1,
      usPerson: true,
      country: 'US',
      addressLine1: '1 Main',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    };
    expect(missingPaymentInfo(base, new Set(['w9', 'driversLicence']))).toEqual([]);
    expect(missingPaymentInfo(base, new Set(['driversLicence']))).toEqual(['w9']);
    expect(missingPaymentInfo({ ...base, usPerson: false }, new Set(['driversLicence']))).toEqual(
      [],
    );
    expect(missingPaymentInfo({ ...base, zipcode: ' ' }, new Set(['w9']))).toEqual([
      'driversLicence',
      'address',
    ]);
    expect(
      missingPaymentInfo(
        { ...base, country: 'FR', state: null, zipcode: null, usPerson: false },
        new Set(['driversLicence']),
      ),
    ).toEqual([]);
  });

  it('a rider who supplies the missing W-9 before the job runs keeps the award', () => {
    const { rider } = makeRider(db);
    addDocument(db, rider.id, 'driversLicence');
    const a = addAward(db, { riderId: rider.id, kind: 'cash', cents: 100, paymentInfoDueAt: due });
    addDocument(db, rider.id, 'w9');
    expect(expireCredits(db, new Date('2025-06-01T00:00:00Z')).expired).toBe(0);
    expect(getAward(db, a.id).status).toBe('earned');
  });
});

describe('expiry mail once per award within 30 days only', () => {
  it('mails each award expiring within 30 days once, in the rider language', async () => {
    const now = new Date('2025-05-01T12:00:00Z');
    const en = makeRider(db, { email: `en-${Date.now()}@example.test` });
    const fr = makeRider(db, { lang: 'fr', email: `fr-${Date.now()}@example.test` });
    const soon = new Date(now.getTime() + 10 * day).toISOString();
    const a1 = addAward(db, { riderId: en.rider.id, kind: 'credit', cents: 2500, expiresAt: soon });
    const a2 = addAward(db, {
      riderId: en.rider.id,
      kind: 'credit',
      cents: 1000,
      expiresAt: new Date(now.getTime() + 30 * day).toISOString(),
    });
    addAward(db, {
      riderId: en.rider.id,
      kind: 'credit',
      cents: 1000,
      expiresAt: new Date(now.getTime() + 30 * day + second).toISOString(),
    });
    addAward(db, {
      riderId: en.rider.id,
      kind: 'credit',
      cents: 1000,
      expiresAt: new Date(now.getTime() - second).toISOString(),
    });
    addAward(db, {
      riderId: en.rider.id,
      kind: 'credit',
      cents: 1000,
      currentCents: 0,
      expiresAt: soon,
    });
    const f1 = addAward(db, { riderId: fr.rider.id, kind: 'credit', cents: 4200, expiresAt: soon });

    // The count the admin's button shows is what the mail would send.
    expect(expiryMailDueCount(db, now)).toBe(3);
    expect(await sendExpiryMail(db, now)).toBe(3);
    expect(expiryMailDueCount(db, now)).toBe(0);
    expect(await sendExpiryMail(db, now)).toBe(0);
    expect(expiryMailDueCount(db, new Date(now.getTime() + day))).toBe(1);
    expect(outbox().filter((m) => m.to === en.user.email)).toHaveLength(2);
    // A day later the award that was 30 days and 1 second away is within 30 days: its one mail.
    expect(await sendExpiryMail(db, new Date(now.getTime() + day))).toBe(1);
    expect(await sendExpiryMail(db, new Date(now.getTime() + 2 * day))).toBe(0);

    const toEn = outbox()
      .filter((m) => m.to === en.user.email)
      .slice(0, 2);
    const toFr = outbox().filter((m) => m.to === fr.user.email);
    expect(toEn).toHaveLength(2);
    expect(toFr).toHaveLength(1);
    expect(toEn[0].subject).toMatch(/expires/i);
    expect(toEn.map((m) => m.text).join('\n')).toContain('$25.00');
    expect(toFr[0].subject).toMatch(/expire/i);
    expect(toFr[0].text).toContain('42,00');
    expect(toFr[0].text).toMatch(/mai 2025/);
    for (const id of [a1.id, a2.id, f1.id])
      expect(getAward(db, id).expiryMailSentAt).not.toBeNull();
    // Mail changes no balance.
    expect(
      db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'expiry')).get()
        ?.n,
    ).toBe(0);
    expect(
      db.select({ n: count() }).from(awards).where(eq(awards.status, 'expired')).get()?.n,
    ).toBe(0);
  });
});

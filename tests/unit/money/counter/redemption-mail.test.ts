/**
 * Rules: a redemption mails the rider a receipt (amount, dealer, code, credit left, "not you?"
 * with the contact link) in the rider's language; a refund mails the rider too. The mails are
 * queued after the money committed: a replayed request mails nothing more, and a refused one
 * mails nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '#db/schema';
import type { DB } from '~/db.server';
import { formatRedemptionCode } from '~/lib/format';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { refundRedemptionAndMail } from '~/services/money/counter/redemption-refunds.server';
import { testDb } from '../../helpers/db';
import { DAY, giveCredit, makeAdminUser, makeDealer, makeRider } from '../counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');
let db: DB;

function setup(lang: 'en' | 'fr') {
  const { rider, user } = makeRider(db, { first: 'Rita' });
  db.update(users).set({ lang }).where(eq(users.id, user.id)).run();
  const dealer = makeDealer(db, { name: 'Moto Laval' });
  giveCredit(db, rider.id, 5000, new Date(NOW.getTime() + 90 * DAY));
  const input: RedeemInput = {
    riderId: rider.id,
    dealerId: dealer.dealer.id,
    amountCents: 1250,
    pin: '1234',
    employeeName: 'Sam Counter',
    idVerified: true,
    actor: dealer.actor,
    now: NOW,
  };
  return { email: user.email, input };
}
const mailsTo = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).all();

beforeEach(() => {
  db = testDb();
});

describe('the redemption receipt mail', () => {
  it('is sent in English to an English-speaking rider with amount, dealer, code, credit left and the contact link', async () => {
    const { email, input } = setup('en');
    const r = await redeem(db, input);
    if (!r.ok) throw new Error(r.error);
    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ lang: 'en' });
    expect(mail!.subject).toBe('Receipt: $12.50 of dealer credit redeemed at Moto Laval');
    expect(mail!.text).toContain(`Redemption code: ${formatRedemptionCode(r.code)}`);
    expect(mail!.text).toContain('Credit you have left: $37.50');
    expect(mail!.text).toMatch(/Not you\? Contact us right away: http\S+\/about\/contact/);
    expect(mail!.text).toContain('Jun 15th, 2025');
  });

  it('is sent in French to a rider whose language is French', async () => {
    const { email, input } = setup('fr');
    const r = await redeem(db, input);
    if (!r.ok) throw new Error(r.error);
    const [mail] = mailsTo(email);
    expect(mail).toMatchObject({ lang: 'fr' });
    expect(mail!.subject).toContain('Reçu');
    // The code reads as a code, the same as in English: '#001', not a bare '1'.
    expect(r.code).toMatch(/^#[0-9A-Z]{3,}$/);
    expect(mail!.text).toContain(`Code de l’échange\u00a0: ${r.code}`);
    expect(mail!.text).toContain('37,50\u00a0$\u00a0US');
    expect(mail!.text).toContain('15 juin 2025');
    expect(mail!.text).toMatch(/Ce n’était pas vous\u00a0\? .*http\S+\/fr\/about\/contact/);
  });

  it('is sent once: a replayed request and a refused one mail nothing more', async () => {
    const { email, input } = setup('en');
    await redeem(db, { ...input, idempotencyKey: 'receipt-key-0001' });
    await redeem(db, { ...input, idempotencyKey: 'receipt-key-0001' });
    await redeem(db, { ...input, pin: '9999' });
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('the refund mail', () => {
  it('tells the rider in their language that the redemption was refunded and what is left', async () => {
    const { email, input } = setup('fr');
    const r = await redeem(db, input);
    if (!r.ok) throw new Error(r.error);
    const admin = makeAdminUser(db);
    const out = await refundRedemptionAndMail(db, r.redemption.id, admin.actor, null, NOW);
    expect(out.ok).toBe(true);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(
      `Votre échange ${formatRedemptionCode(r.code)} chez Moto Laval a été remboursé`,
    );
    expect(mails[1]!.text).toContain('50,00\u00a0$\u00a0US');
    // A second refund is refused and mails nothing.
    expect((await refundRedemptionAndMail(db, r.redemption.id, admin.actor, null, NOW)).ok).toBe(
      false,
    );
    expect(mailsTo(email)).toHaveLength(2);
  });
});

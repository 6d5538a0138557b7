/**
 * A mail is queued in the same transaction as the change that causes it: when the
 * change commits, its mail row exists (once, in the reader's language, text and HTML); when the
 * transaction rolls back — here because the outbox refuses a row, forced by a trigger — neither
 * the change nor any of its mails is stored, even a mail queued earlier in that transaction.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import {
  auditLog,
  awards,
  contactMessages,
  mailOutbox,
  oneTimeCodes,
  riders,
  users,
} from '#db/schema';
import { hashPin, verifyPin } from '~/services/auth/password.server';
import { requestPasswordReset } from '~/services/auth/recovery.server';
import { sendExpiryMail } from '~/services/money/ledger/expiry.server';
import { changeRiderPin } from '~/services/people/rider-pin.server';
import { submitContactMessage } from '~/services/platform/contact.server';
import { testDb } from '../helpers/db';
import { addAward, makeRider, makeUser } from '../money/payouts-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

/** The outbox refuses any mail to `address` (the insert aborts, so its transaction rolls back). */
function refuseMailTo(address: string) {
  db.$client.exec(`CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox
    WHEN NEW.to_address = '${address}' BEGIN SELECT RAISE(ABORT, 'outbox refused the mail'); END`);
}
const allowMail = () => db.$client.exec('DROP TRIGGER refuse_mail');
const outboxTo = (address: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).all();
const outboxCount = () => db.select().from(mailOutbox).all().length;

describe('the PIN change mail is queued in the PIN change’s transaction', () => {
  function riderWithPin() {
    const { rider, user } = makeRider(db, { lang: 'fr' });
    db.update(riders)
      .set({ pinHash: hashPin('1234') })
      .where(eq(riders.id, rider.id))
      .run();
    return { rider, user, actor: { userId: user.id, proxyHostUserId: null } };
  }
  const pinHash = (riderId: number) =>
    db.select().from(riders).where(eq(riders.id, riderId)).get()!.pinHash;

  it('committed: the PIN changed and exactly one mail row, in the rider’s language, text and HTML', async () => {
    const { rider, user, actor } = riderWithPin();
    expect(await changeRiderPin(db, rider.id, { pin: '5831', currentSecret: '1234' }, actor)).toBe(
      'ok',
    );
    expect((await verifyPin('5831', pinHash(rider.id))).ok).toBe(true);
    const rows = outboxTo(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      lang: 'fr',
      subject: 'Votre NIP contingency cash a été modifié',
    });
    expect(rows[0]!.text).toContain('/fr/forgot-password');
    expect(rows[0]!.html).toMatch(/<html[\s\S]*NIP/);
  });

  it('rolled back: the mail cannot be queued, so the PIN stays as it was and nothing is queued', async () => {
    const { rider, user, actor } = riderWithPin();
    const before = pinHash(rider.id);
    refuseMailTo(user.email);
    await expect(
      changeRiderPin(db, rider.id, { pin: '5831', currentSecret: '1234' }, actor),
    ).rejects.toThrow('outbox refused the mail');
    expect(pinHash(rider.id)).toBe(before);
    expect(outboxTo(user.email)).toHaveLength(0);
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'rider.pinSet')).all(),
    ).toHaveLength(0);
  });
});

describe('the contact message and its admins’ mails are one transaction', () => {
  beforeEach(() => {
    makeUser(db, { role: 'admin', lang: 'en', email: 'first@contingency.test' });
    makeUser(db, { role: 'admin', lang: 'fr', email: 'second@contingency.test' });
  });
  const message = {
    name: 'Jo Rider',
    email: 'jo@example.com',
    subject: 'Missing result',
    message: 'Sacramento Mile.',
  };

  it('committed: the message is stored and each admin has exactly one mail row, in their language', async () => {
    const out = await submitContactMessage(db, message, { ip: null, lang: 'en' });
    expect(out.ok).toBe(true);
    expect(db.select().from(contactMessages).all()).toHaveLength(1);
    const [en] = outboxTo('first@contingency.test');
    const [fr] = outboxTo('second@contingency.test');
    expect(outboxCount()).toBe(2);
    expect(en).toMatchObject({ lang: 'en', subject: 'Contact form: Missing result' });
    expect(fr).toMatchObject({
      lang: 'fr',
      subject: 'Formulaire de contact\u00a0: Missing result',
    });
    expect(fr!.html).toContain('Sacramento Mile.');
  });

  it('rolled back after the first mail was queued: no message and no mail at all', async () => {
    refuseMailTo('second@contingency.test'); // the second recipient's mail, queued after the first
    await expect(submitContactMessage(db, message, { ip: null, lang: 'en' })).rejects.toThrow(
      'outbox refused',
    );
    expect(db.select().from(contactMessages).all()).toHaveLength(0);
    expect(outboxCount()).toBe(0);
  });
});

describe('the password-reset code and its mail are one transaction', () => {
  it('rolled back: no code without its mail; committed: the code and one mail', async () => {
    const user = makeUser(db, { lang: 'fr', email: 'lost@example.test' });
    refuseMailTo(user.email);
    await expect(requestPasswordReset(db, user.email, 'fr')).rejects.toThrow('outbox refused');
    expect(db.select().from(oneTimeCodes).all()).toHaveLength(0);
    allowMail();
    expect(await requestPasswordReset(db, user.email, 'fr')).toBe('ok');
    expect(
      db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, user.email)).all(),
    ).toHaveLength(1);
    const rows = outboxTo(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      lang: 'fr',
      subject: 'Votre code de réinitialisation contingency cash',
    });
  });
});

describe('the expiry notice marks the award in the transaction that queues its mail', () => {
  it('rolled back: the award stays unmarked, so the next run sends it once', async () => {
    const { rider, user } = makeRider(db, { lang: 'en' });
    const now = new Date('2025-05-01T12:00:00.000Z');
    const award = addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 2500,
      expiresAt: new Date(now.getTime() + 10 * 24 * 60 * 60 * 1000).toISOString(),
    });
    const marked = () =>
      db
        .select()
        .from(awards)
        .where(and(eq(awards.id, award.id)))
        .get()!.expiryMailSentAt;
    refuseMailTo(user.email);
    await expect(sendExpiryMail(db, now)).rejects.toThrow('outbox refused');
    expect(marked()).toBeNull();
    expect(outboxTo(user.email)).toHaveLength(0);
    allowMail();
    expect(await sendExpiryMail(db, now)).toBe(1);
    expect(await sendExpiryMail(db, now)).toBe(0);
    expect(marked()).not.toBeNull();
    expect(outboxTo(user.email)).toHaveLength(1);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()!.lang).toBe('en');
  });
});

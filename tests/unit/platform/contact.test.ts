import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '#db/schema';
import type { DB } from '~/db.server';
import {
  clientIpFrom,
  CONTACT_LIMIT,
  submitContactMessage,
} from '~/services/platform/contact.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

let db: DB;

beforeAll(() => {
  db = testDb();
  db.insert(users)
    .values([
      { email: 'boss@contingency.test', passwordHash: 'x', role: 'admin', lang: 'fr' },
      { email: 'gone@contingency.test', passwordHash: 'x', role: 'admin', deactivated: true },
      { email: 'rider@contingency.test', passwordHash: 'x', role: 'rider' },
    ])
    .run();
});

const message = {
  name: 'Jo Rider',
  email: 'Jo@Example.com',
  phone: '555 123 4567',
  subject: 'Missing result',
  message: 'I finished 2nd in Pro Twins at the Sacramento Mile.',
};

describe('contact messages', () => {
  it('stores the message and mails every active admin in their language', async () => {
    const before = mailsTo('boss@contingency.test').length;
    const outcome = await submitContactMessage(db, message, { ip: null, lang: 'en' });
    expect(outcome.ok).toBe(true);
    const row = db.select().from(contactMessages).all().at(-1)!;
    expect(row).toMatchObject({
      kind: 'contact',
      name: 'Jo Rider',
      email: 'jo@example.com',
      phone: '555 123 4567',
      subject: 'Missing result',
      handled: false,
    });
    const mails = mailsTo('boss@contingency.test');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Formulaire de contact\u00a0: Missing result');
    expect(mail.text).toContain('Sacramento Mile');
    expect(mail.text).toContain('jo@example.com');
    expect(mailsTo('gone@contingency.test')).toHaveLength(0);
    expect(mailsTo('rider@contingency.test')).toHaveLength(0);
    expect(mailsTo('jo@example.com')).toHaveLength(0); // no automatic reply to a typed-in address
  });

  it('limits messages per e-mail address per hour', async () => {
    const email = `limit-${Date.now()}@example.com`;
    for (let i = 0; i < CONTACT_LIMIT.perEmail; i++) {
      expect(
        (await submitContactMessage(db, { ...message, email }, { ip: null, lang: 'en' })).ok,
      ).toBe(true);
    }
    expect(await submitContactMessage(db, { ...message, email }, { ip: null, lang: 'en' })).toEqual(
      { ok: false, reason: 'tooMany' },
    );
  });

  it('limits messages per client IP when a proxy names it', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < CONTACT_LIMIT.perIp; i++) {
      expect(
        (
          await submitContactMessage(
            db,
            { ...message, email: `ip${i}@example.com` },
            { ip, lang: 'fr' },
          )
        ).ok,
      ).toBe(true);
    }
    expect(
      (await submitContactMessage(db, { ...message, email: 'ipx@example.com' }, { ip, lang: 'fr' }))
        .ok,
    ).toBe(false);
    expect(
      (
        await submitContactMessage(
          db,
          { ...message, email: 'ipy@example.com' },
          { ip: '198.51.100.1', lang: 'fr' },
        )
      ).ok,
    ).toBe(true);
  });

  it('limits messages overall: the 101st in the hour is refused, whatever the address or IP', async () => {
    expect(CONTACT_LIMIT).toMatchObject({
      perEmail: 5,
      perIp: 10,
      overall: 100,
      windowSeconds: 3600,
    });
    const own = testDb(); // a database of its own: the other tests' messages do not count
    for (let i = 0; i < CONTACT_LIMIT.overall; i++) {
      const ip = `198.51.100.${i % 50}`;
      const outcome = await submitContactMessage(
        own,
        { ...message, email: `all${i}@example.com` },
        { ip, lang: 'en' },
      );
      expect(outcome.ok).toBe(true);
    }
    expect(
      await submitContactMessage(
        own,
        { ...message, email: 'fresh@example.com' },
        { ip: '192.0.2.1', lang: 'en' },
      ),
    ).toEqual({ ok: false, reason: 'tooMany' });
    expect(own.select().from(contactMessages).all()).toHaveLength(CONTACT_LIMIT.overall);
  });

  it('reads the client IP from the proxy headers', () => {
    expect(clientIpFrom(new Headers({ 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' }))).toBe(
      '203.0.113.9',
    );
    expect(clientIpFrom(new Headers({ 'X-Real-IP': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientIpFrom(new Headers())).toBeNull();
  });
});

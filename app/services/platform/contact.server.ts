/**
 * The contact form (page /about/contact and POST /api/contact-us): stores a contact_messages row
 * and mails it to the admins.
 *
 * Rulings (docs/rules.md "Public site"):
 * - Spam: a honeypot always (the schema rejects a filled one); reCAPTCHA v2 in addition only when
 *   both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are configured.
 * - Rate limits: 5 messages per e-mail address per hour; 10 per client IP per hour when the
 *   proxy names one (X-Forwarded-For / X-Real-IP); 100 per hour overall, so the form can never
 *   become a mail cannon.
 * - Recipients: ADMIN_NOTIFY_EMAIL, else every active admin (each in their own language). The
 *   message and its mails are written in one transaction; delivery (with retries) is the mail
 *   queue's, so an SMTP failure never fails the sender.
 * - The sender gets no automatic reply (an open form must not send mail to any address typed in).
 */
import { and, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { contactMessages, users } from '#db/schema';
import { env } from '~/env.server';
import { tForEach } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import type { ContactInput } from '~/lib/schemas/public';
import { logger } from '~/services/platform/log.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { rateLimitHit } from '~/services/auth/rate-limit.server';

export const CONTACT_LIMIT = { perEmail: 5, perIp: 10, overall: 100, windowSeconds: 60 * 60 };

/** The client address a trusted proxy reports, or null (no header: no per-IP limit). */
export function clientIpFrom(headers: Headers): string | null {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || headers.get('x-real-ip')?.trim();
  return ip ? ip.slice(0, 64) : null;
}

/** True when the captcha is on: both reCAPTCHA keys configured. */
export function captchaEnabled(): boolean {
  const e = env();
  return Boolean(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY);
}

/** Checks a reCAPTCHA v2 token with Google (only called when captchaEnabled()). */
export async function verifyCaptcha(
  token: string | null | undefined,
  ip: string | null,
): Promise<boolean> {
  const secret = env().RECAPTCHA_SECRET_KEY;
  if (!secret) return true;
  if (!token) return false;
  try {
    const body = new URLSearchParams({ secret, response: token });
    if (ip) body.set('remoteip', ip);
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return false;
    const json = (await res.json()) as { success?: boolean };
    return json.success === true;
  } catch (error) {
    logger().error({ err: error }, 'reCAPTCHA verification failed');
    return false;
  }
}

/** Who receives contact messages: ADMIN_NOTIFY_EMAIL, else every active admin. */
export function contactRecipients(db: Conn): { email: string; lang: Lang }[] {
  const configured = env().ADMIN_NOTIFY_EMAIL;
  if (configured) return [{ email: configured, lang: 'en' }];
  return db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.deactivated, false)))
    .all();
}

export type ContactOutcome = { ok: true; id: number } | { ok: false; reason: 'tooMany' };

/** Stores a contact message and mails it to the admins; 'tooMany' past a rate limit. */
export async function submitContactMessage(
  db: DB,
  input: Omit<ContactInput, 'website_url_hp'>,
  opts: { ip: string | null; lang: Lang },
): Promise<ContactOutcome> {
  const email = input.email.trim().toLowerCase();
  const w = CONTACT_LIMIT.windowSeconds;
  const allowed =
    rateLimitHit(db, `contact:email:${email}`, CONTACT_LIMIT.perEmail, w) &&
    (opts.ip === null || rateLimitHit(db, `contact:ip:${opts.ip}`, CONTACT_LIMIT.perIp, w)) &&
    rateLimitHit(db, 'contact:*', CONTACT_LIMIT.overall, w);
  if (!allowed) return { ok: false, reason: 'tooMany' };

  const ts = await tForEach();
  // The stored message and the admins' mails in one transaction: both or neither.
  const { row, queued } = writeTx(db, (tx) => {
    const row = tx
      .insert(contactMessages)
      .values({
        kind: 'contact',
        name: input.name,
        email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
      })
      .returning({ id: contactMessages.id })
      .get();
    const queued = contactRecipients(tx).map((to) => {
      const t = ts[to.lang];
      return queueMail(tx, {
        to: to.email,
        lang: to.lang,
        subject: t('public:contact.mail.subject', { subject: input.subject }),
        text: [
          t('public:contact.mail.intro', { lang: t(`common:language.${opts.lang}`) }),
          '',
          t('common:punctuation.labelled', { label: t('public:contact.name'), value: input.name }),
          t('common:punctuation.labelled', { label: t('public:contact.email'), value: email }),
          t('common:punctuation.labelled', {
            label: t('public:contact.phone'),
            value: input.phone ?? '—',
          }),
          t('common:punctuation.labelled', {
            label: t('public:contact.subject'),
            value: input.subject,
          }),
          '',
          input.message,
          '',
          t('public:contact.mail.reference', { id: row.id }),
        ].join('\n'),
      });
    });
    return { row, queued };
  });
  await deliverQueued(db, queued);
  return { ok: true, id: row.id };
}

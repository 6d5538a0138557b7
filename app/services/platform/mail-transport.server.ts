/**
 * How a queued mail leaves (mail.server.ts delivers from the queue): SMTP with SMTP_URL, else a
 * JSON file in MAIL_OUTBOX that developers and the browser tests read.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '~/env.server';
import type { OutboxMail } from '#db/schema';

export type Transport = (m: OutboxMail) => Promise<string | undefined>;
let smtp: { url: string; transport: nodemailer.Transporter } | undefined;

function smtpTransport(url: string): Transport {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  const t = smtp.transport;
  return async (m) => {
    const info = (await t.sendMail({
      from: env().MAIL_FROM,
      to: m.toAddress,
      subject: m.subject,
      text: m.text,
      html: m.html,
    })) as { messageId?: string };
    return info.messageId;
  };
}

let outboxMade: string | undefined;

// The file is written through the thread pool (fs.promises): a burst of redemptions each writing
// a receipt must not stop the event loop for the disk. Still written before delivery returns.
export const fileTransport: Transport = async (m) => {
  const e = env();
  if (outboxMade !== e.MAIL_OUTBOX || !fs.existsSync(e.MAIL_OUTBOX)) {
    await fs.promises.mkdir(e.MAIL_OUTBOX, { recursive: true });
    outboxMade = e.MAIL_OUTBOX;
  }
  const safeTo = m.toAddress.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}-${safeTo}.json`;
  const body = {
    from: e.MAIL_FROM,
    date: new Date().toISOString(),
    to: m.toAddress,
    subject: m.subject,
    text: m.text,
    html: m.html,
    lang: m.lang,
    outboxId: m.id,
  };
  // Written under a temporary name then renamed: a reader never sees half a file.
  const tmp = path.join(e.MAIL_OUTBOX, `.${name}.tmp`);
  await fs.promises.writeFile(tmp, JSON.stringify(body, null, 2));
  await fs.promises.rename(tmp, path.join(e.MAIL_OUTBOX, name));
  return name;
};

/** SMTP when SMTP_URL is set, else the file outbox. */
export function currentTransport(): Transport {
  const url = env().SMTP_URL;
  return url ? smtpTransport(url) : fileTransport;
}

/**
 * One mail module: SMTP when SMTP_URL is set (nodemailer), otherwise each mail is written as a
 * JSON file into MAIL_OUTBOX, where developers and the tests read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '~/env.server';

export type Mail = { to: string; subject: string; text: string; html?: string };

let transport: nodemailer.Transporter | undefined;

/** Sends (or files) one e-mail. */
export async function sendMail(mail: Mail): Promise<void> {
  const e = env();
  if (e.SMTP_URL) {
    transport ??= nodemailer.createTransport(e.SMTP_URL);
    await transport.sendMail({ from: e.MAIL_FROM, ...mail });
    return;
  }
  fs.mkdirSync(e.MAIL_OUTBOX, { recursive: true });
  const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}-${safeTo}.json`;
  fs.writeFileSync(
    path.join(e.MAIL_OUTBOX, name),
    JSON.stringify({ from: e.MAIL_FROM, date: new Date().toISOString(), ...mail }, null, 2),
  );
}

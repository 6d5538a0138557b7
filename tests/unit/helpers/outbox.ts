/** The mails written to the test outbox (MAIL_OUTBOX) for one address, oldest first. */
import fs from 'node:fs';
import path from 'node:path';
import { env } from '~/env.server';

export type OutboxMail = { to: string; subject: string; text: string };

export function mailsTo(address: string): OutboxMail[] {
  const dir = env().MAIL_OUTBOX;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail)
    .filter((m) => m.to === address);
}

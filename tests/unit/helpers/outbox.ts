/** The mails written to the test outbox (MAIL_OUTBOX), oldest first. */
import fs from 'node:fs';
import path from 'node:path';
import { env } from '~/env.server';

export type OutboxMail = { to: string; subject: string; text: string };

/** Every mail in the outbox. */
export function outbox(): OutboxMail[] {
  const dir = env().MAIL_OUTBOX;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** The mails to one address. */
export function mailsTo(address: string): OutboxMail[] {
  return outbox().filter((m) => m.to === address);
}

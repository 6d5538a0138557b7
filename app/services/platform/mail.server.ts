/**
 * Outgoing mail (docs/operations.md "Mail"). Every mail is first queued in the `mail_outbox`
 * table — inside the transaction of the change that causes it (`queueMail(tx, …)`, then
 * `deliverQueued(db, ids)` once it committed), or on its own for a mail no change causes
 * (`sendMail(db, …)`) — and then delivered from the queue, never on the request's time:
 * - with SMTP_URL: nodemailer, multipart text + HTML; a failure (server down, 4xx/5xx refusal)
 *   schedules a retry with exponential backoff; after MAX_ATTEMPTS the mail is `failed` and shows
 *   on the admin's mail page, where it can be retried. A mail is never deleted before it is sent.
 * - without SMTP_URL: each mail becomes a JSON file in MAIL_OUTBOX (developers and the browser
 *   tests read them), written before `sendMail` returns.
 * Deliveries claim a row first (status `sending` until `locked_until`), so two workers (the
 * server's timer and a request's kick, or two processes) never send the same mail twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { prepared, type Conn, type DB } from '~/db.server';
import { env } from '~/env.server';
import { mailOutbox, type OutboxMail } from '#db/schema';
import { logger } from '~/services/platform/log.server';
import { mailHtml } from '~/services/platform/mail-html.server';

export type Mail = { to: string; subject: string; text: string; html?: string; lang?: 'en' | 'fr' };

export const MAX_ATTEMPTS = 10;
/** Delay before retry n (1-based): base × 2^(n−1), at most an hour. */
export function retryDelayMs(
  attempt: number,
  baseMs = Number(process.env.MAIL_RETRY_BASE_MS ?? 30_000),
) {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}
const LOCK_MS = 2 * 60 * 1000;

// ------------------------------------------------------------------ queue

/** Queues one mail on `conn` (a transaction: it is sent only if that transaction commits). */
export function queueMail(conn: Conn, mail: Mail): number {
  const lang = mail.lang ?? 'en';
  // Built once per connection (`prepared`): a receipt is queued at every redemption.
  const row = prepared(conn, 'mail.queue', (c) =>
    c
      .insert(mailOutbox)
      .values({
        toAddress: sql.placeholder('toAddress'),
        subject: sql.placeholder('subject'),
        text: sql.placeholder('text'),
        html: sql.placeholder('html'),
        lang: sql.placeholder('lang'),
      })
      .returning({ id: mailOutbox.id })
      .prepare(),
  ).get({
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? mailHtml(mail.text, lang),
    lang,
  });
  if (!row) throw new Error('mail not queued');
  if (worker.db) setImmediate(() => kickDelivery(worker.db!)); // after the caller's commit
  return row.id;
}

/**
 * Starts the delivery of mails queued by a transaction that has committed, without waiting for
 * SMTP (the worker is woken). With the file outbox their files are written before this returns
 * (the browser tests read them at once). The pattern for a change that causes mail: render the
 * mail first (`tFor` is async), then `writeTx(db, (tx) => { change…; ids.push(queueMail(tx, mail)) })`,
 * then `await deliverQueued(db, ids)`.
 */
export async function deliverQueued(db: DB, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (!env().SMTP_URL) {
    await deliverIds(db, [...ids]);
    return;
  }
  kickDelivery(db);
}

/**
 * Queues one mail on its own and starts its delivery (`deliverQueued`). Only for a mail that no
 * database change causes; a mail that follows a change is queued in that change's transaction.
 */
export async function sendMail(db: DB, mail: Mail): Promise<void> {
  await deliverQueued(db, [queueMail(db, mail)]);
}

// ------------------------------------------------------------------ transports

type Transport = (m: OutboxMail) => Promise<string | undefined>;
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
const fileTransport: Transport = async (m) => {
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

function currentTransport(): Transport {
  const url = env().SMTP_URL;
  return url ? smtpTransport(url) : fileTransport;
}

// ------------------------------------------------------------------ delivery

const iso = (d: Date) => d.toISOString();

/** Delivers the given queued mails (those still pending); returns how many were sent. */
async function deliverIds(
  db: DB,
  ids: number[],
  now = () => new Date(),
  send = currentTransport(),
) {
  let sent = 0;
  // The claim and the "sent" mark are built once per connection (`prepared`): every mail takes both.
  const claim = prepared(db, 'mail.claim', (c) =>
    c
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: sql`${sql.placeholder('lockedUntil')}` })
      .where(and(eq(mailOutbox.id, sql.placeholder('id')), eq(mailOutbox.status, 'pending')))
      .returning()
      .prepare(),
  );
  const markSent = prepared(db, 'mail.sent', (c) =>
    c
      .update(mailOutbox)
      .set({
        status: 'sent',
        attempts: sql`${sql.placeholder('attempts')}`,
        sentAt: sql`${sql.placeholder('sentAt')}`,
        messageId: sql`${sql.placeholder('messageId')}`,
        lastError: null,
        lockedUntil: null,
      })
      .where(eq(mailOutbox.id, sql.placeholder('id')))
      .prepare(),
  );
  for (const id of ids) {
    const claimed = claim.get({ id, lockedUntil: iso(new Date(now().getTime() + LOCK_MS)) });
    if (!claimed) continue; // another worker has it, or it is already sent
    const attempts = claimed.attempts + 1;
    try {
      const messageId = await send(claimed);
      markSent.run({ id, attempts, sentAt: iso(now()), messageId: messageId ?? null });
      sent += 1;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const failed = attempts >= MAX_ATTEMPTS;
      db.update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: iso(new Date(now().getTime() + retryDelayMs(attempts))),
        })
        .where(eq(mailOutbox.id, id))
        .run();
      const log = logger();
      (failed ? log.error.bind(log) : log.warn.bind(log))(
        { mailId: id, attempts, failed, error: message },
        failed ? 'mail delivery failed for good' : 'mail delivery failed, will retry',
      );
    }
  }
  return sent;
}

/**
 * Delivers every mail that is due (pending with next_attempt_at passed; `sending` rows whose
 * claim expired — a worker that died — count as pending again).
 */
export async function deliverDue(db: DB, opts: { now?: () => Date; transport?: Transport } = {}) {
  const now = opts.now ?? (() => new Date());
  db.update(mailOutbox)
    .set({ status: 'pending', lockedUntil: null })
    .where(and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, iso(now()))))
    .run();
  let sent = 0;
  for (;;) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, iso(now()))))
      .orderBy(asc(mailOutbox.id))
      .limit(50)
      .all()
      .map((r) => r.id);
    if (due.length === 0) break;
    const n = await deliverIds(db, due, now, opts.transport ?? currentTransport());
    sent += n;
    if (n === 0) break; // all of this batch failed or were taken: wait for their retry time
  }
  return sent;
}

/** When the next pending mail is due (null: nothing waiting). */
function nextDue(db: DB): Date | null {
  const row = db
    .select({ at: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .get();
  return row?.at ? new Date(row.at) : null;
}

// ------------------------------------------------------------------ the worker

const worker: {
  db?: DB;
  timer?: NodeJS.Timeout;
  poll?: NodeJS.Timeout;
  running?: Promise<void>;
  again?: boolean;
  stopped?: boolean;
} = {};

/** Runs a delivery pass soon (coalesced), then sleeps until the next retry is due. */
export function kickDelivery(db: DB) {
  if (worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = (async () => {
    try {
      do {
        worker.again = false;
        await deliverDue(db);
      } while (worker.again);
    } catch (err) {
      logger().error({ err }, 'mail worker failed');
    }
  })().finally(() => {
    worker.running = undefined;
    if (worker.stopped) return;
    const at = nextDue(db);
    clearTimeout(worker.timer);
    if (at)
      worker.timer = setTimeout(
        () => kickDelivery(db),
        Math.max(50, at.getTime() - Date.now()),
      ).unref();
  });
}

/** Resolves when the delivery pass under way (if any) is over (tests, shutdown). */
export async function deliveryIdle(): Promise<void> {
  while (worker.running) await worker.running;
}

/** Started by the server: delivers what is due now and after each retry delay (polls too). */
export function startMailWorker(db: DB, pollMs = 30_000) {
  worker.db = db;
  worker.stopped = false;
  kickDelivery(db);
  worker.poll = setInterval(() => kickDelivery(db), pollMs).unref();
}

/** Stops the worker, waiting for a delivery in progress (the rest stays queued for next start). */
export async function stopMailWorker() {
  worker.stopped = true;
  clearTimeout(worker.timer);
  clearInterval(worker.poll);
  await deliveryIdle();
  clearTimeout(worker.timer);
  worker.db = undefined;
  worker.stopped = false; // later kicks (a script, a test) deliver again; no timer is left
}

// ------------------------------------------------------------------ the admin's view

export type MailRow = Pick<
  OutboxMail,
  | 'id'
  | 'toAddress'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'nextAttemptAt'
  | 'createdAt'
>;

/** Mails not delivered yet (pending, being sent, failed), newest first, and how many were sent. */
export function undeliveredMails(db: DB, limit = 200): { rows: MailRow[]; sentCount: number } {
  const rows = db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .orderBy(sql`${mailOutbox.status} = 'failed' DESC`, sql`${mailOutbox.id} DESC`)
    .limit(limit)
    .all();
  const sentCount =
    db
      .select({ n: sql<number>`count(*)` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'))
      .get()?.n ?? 0;
  return { rows, sentCount: Number(sentCount) };
}

/** Puts failed (or waiting) mails back to be sent now; `ids` omitted: every failed mail. */
export function retryMails(db: DB, ids?: number[]): number {
  const changed = db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: iso(new Date()), lockedUntil: null })
    .where(
      ids
        ? and(inArray(mailOutbox.id, ids), inArray(mailOutbox.status, ['failed', 'pending']))
        : eq(mailOutbox.status, 'failed'),
    )
    .run().changes;
  if (changed > 0) kickDelivery(db);
  return changed;
}

/** Removes sent mails older than `days` (their codes are long expired); never an unsent one. */
export function purgeSentMails(db: DB, days = 30, now = new Date()): number {
  const before = iso(new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
  return db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lte(mailOutbox.sentAt, before)))
    .run().changes;
}

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
import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import { prepared, writeTx, type Conn, type DB, unplannedLimit } from '~/db.server';
import { env } from '~/env.server';
import { mailOutbox } from '#db/schema';
import { logger } from '~/services/platform/log.server';
import { mailHtml } from '~/services/platform/mail-html.server';
import {
  currentTransport,
  fileTransport,
  type Transport,
} from '~/services/platform/mail-transport.server';

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
    html: mail.html ?? mailHtml(mail.text, lang, undefined, mail.subject),
    lang,
  });
  if (!row) throw new Error('mail not queued');
  if (worker.db) kickWhenQuiet(worker.db); // after the caller's commit, once the server is quiet
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
 * Like `deliverQueued`, for mails a request need not see leave (a receipt at the counter): when
 * the mail worker runs in this process (the server), it delivers them once the server is quiet
 * (see `kickWhenQuiet`), so a burst of requests does not pay for its mails' files, SMTP hand-off
 * and bookkeeping; elsewhere (scripts, tests) they are delivered now, like `deliverQueued`.
 */
export async function deliverWhenIdle(db: DB, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (worker.db === db && !worker.stopped) {
    kickWhenQuiet(db); // queueMail armed it already; a caller's own ids are no exception
    return;
  }
  await deliverQueued(db, ids);
}

/**
 * Queues one mail on its own and starts its delivery (`deliverQueued`). Only for a mail that no
 * database change causes; a mail that follows a change is queued in that change's transaction.
 */
export async function sendMail(db: DB, mail: Mail): Promise<void> {
  await deliverQueued(db, [queueMail(db, mail)]);
}

// ------------------------------------------------------------------ delivery

const iso = (d: Date) => d.toISOString();

type Outcome = { id: number; attempts: number } & (
  { sent: true; messageId: string | undefined } | { sent: false; error: string }
);

/**
 * Delivers the given queued mails (those still pending); returns how many were sent. The batch is
 * claimed in one transaction and its outcomes written in one, not two commits per mail. With
 * SMTP each outcome is written as soon as it is known: a worker that dies mid-batch sends again
 * (after the claim's lock) only the mail it was sending; the file outbox writes its outcomes once
 * the batch is written.
 */
async function deliverIds(
  db: DB,
  ids: number[],
  now = () => new Date(),
  send = currentTransport(),
) {
  // Built once per connection (`prepared`): every mail takes both.
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
  const lockedUntil = iso(new Date(now().getTime() + LOCK_MS));
  // A mail another worker has, or already sent, is not claimed.
  const claimed = writeTx(db, () => ids.flatMap((id) => claim.get({ id, lockedUntil }) ?? []));
  const outcomes: Outcome[] = [];
  const write = () => {
    if (outcomes.length === 0) return;
    const done = outcomes.splice(0);
    writeTx(db, (tx) => {
      for (const o of done) {
        if (o.sent) {
          markSent.run({
            id: o.id,
            attempts: o.attempts,
            sentAt: iso(now()),
            messageId: o.messageId ?? null,
          });
          continue;
        }
        const failed = o.attempts >= MAX_ATTEMPTS;
        tx.update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts: o.attempts,
            lastError: o.error,
            lockedUntil: null,
            nextAttemptAt: iso(new Date(now().getTime() + retryDelayMs(o.attempts))),
          })
          .where(eq(mailOutbox.id, o.id))
          .run();
      }
    });
  };
  const eachAtOnce = send !== fileTransport;
  let sent = 0;
  for (const mail of claimed) {
    const attempts = mail.attempts + 1;
    try {
      outcomes.push({ id: mail.id, attempts, sent: true, messageId: await send(mail) });
      sent += 1;
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      outcomes.push({ id: mail.id, attempts, sent: false, error });
      const failed = attempts >= MAX_ATTEMPTS;
      const log = logger();
      (failed ? log.error.bind(log) : log.warn.bind(log))(
        { mailId: mail.id, attempts, failed, error },
        failed ? 'mail delivery failed for good' : 'mail delivery failed, will retry',
      );
    }
    if (eachAtOnce) write();
  }
  write();
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
      .limit(unplannedLimit(50))
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

type Worker = {
  db?: DB;
  timer?: NodeJS.Timeout;
  poll?: NodeJS.Timeout;
  running?: Promise<void>;
  again?: boolean;
  stopped?: boolean;
  /** True while the server has a request in progress (given by the server). */
  busy?: () => boolean;
  quiet?: NodeJS.Timeout;
  waitingSince?: number;
};
// On globalThis: the server (server/), which starts the worker, and the Remix build, whose
// requests queue the mails, are bundled apart, each with its own copy of this module.
const workerHolder = globalThis as typeof globalThis & { __contingencyMailWorker?: Worker };
const worker = (workerHolder.__contingencyMailWorker ??= {});

/** The quiet the worker waits for: no mail queued (and no request in progress) for this long… */
const QUIET_MS = 25;
/** …but never longer than this after the first mail that waits. */
const MAX_QUIET_WAIT_MS = 1_000;

/**
 * A delivery pass once the server is quiet: each mail queued pushes it back, and so does a request
 * in progress when it comes due, up to MAX_QUIET_WAIT_MS. The mails of a burst of requests go out
 * after it, in one pass, instead of one pass per request in the middle of it.
 */
function kickWhenQuiet(db: DB) {
  if (worker.stopped) return;
  worker.waitingSince ??= Date.now();
  clearTimeout(worker.quiet);
  worker.quiet = setTimeout(() => {
    const waited = Date.now() - (worker.waitingSince ?? 0);
    if (worker.busy?.() && waited < MAX_QUIET_WAIT_MS) return kickWhenQuiet(db);
    worker.quiet = worker.waitingSince = undefined;
    kickDelivery(db);
  }, QUIET_MS).unref();
}

/** Runs a delivery pass soon (coalesced), then sleeps until the next retry is due. */
function kickDelivery(db: DB) {
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
    // The next retry, or a mail queued meanwhile, waits for a quiet moment like the others.
    if (at)
      worker.timer = setTimeout(
        () => kickWhenQuiet(db),
        Math.max(50, at.getTime() - Date.now()),
      ).unref();
  });
}

/** Resolves when the delivery pass under way (if any) is over (tests, shutdown). */
export async function deliveryIdle(): Promise<void> {
  while (worker.running) await worker.running;
}

/**
 * Started by the server: delivers what is due now and after each retry delay (polls too). `busy`
 * says when the server has a request in progress: mails that can wait are delivered between them.
 */
export function startMailWorker(db: DB, pollMs = 30_000, busy?: () => boolean) {
  worker.db = db;
  worker.stopped = false;
  worker.busy = busy;
  kickDelivery(db);
  worker.poll = setInterval(() => kickWhenQuiet(db), pollMs).unref();
}

/** Stops the worker, waiting for a delivery in progress (the rest stays queued for next start). */
export async function stopMailWorker() {
  // Mails waiting for a quiet moment go now: this is the last one.
  if (worker.quiet && worker.db) {
    clearTimeout(worker.quiet);
    worker.quiet = worker.waitingSince = undefined;
    kickDelivery(worker.db);
  }
  worker.stopped = true;
  clearTimeout(worker.timer);
  clearInterval(worker.poll);
  await deliveryIdle();
  clearTimeout(worker.timer);
  worker.db = undefined;
  worker.stopped = false; // later kicks (a script, a test) deliver again; no timer is left
}

// ------------------------------------------------------------------ the admin's view

export { purgeSentMails, undeliveredMails } from '~/services/platform/mail-admin.server';

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

/**
 * Mail really delivered, against a real local SMTP server (smtp-server): every mail
 * is queued in the database first and the request never waits for SMTP; a server that is down
 * or refuses gets retries with exponential backoff; a server that comes back gets every queued
 * mail; after the last retry a mail is `failed` (shown to the admin) until retried; mails are
 * multipart text + HTML in the recipient's language; a mail queued in a transaction that rolls
 * back is never sent.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema';
import { writeTx, type DB } from '~/db.server';
import { absoluteUrl } from '~/env.server';
import {
  deliverDue,
  deliveryIdle,
  MAX_ATTEMPTS,
  queueMail,
  retryDelayMs,
  retryMails,
  sendMail,
  startMailWorker,
  stopMailWorker,
  undeliveredMails,
} from '~/services/platform/mail.server';
import { testDb } from '../helpers/db';

type Received = { to: string; subject: string; text: string; html: string; multipart: boolean };

function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A small MIME reader for what nodemailer writes: headers, then text/plain and text/html parts. */
function parse(raw: string, to: string): Received {
  const [head] = raw.split(/\r?\n\r?\n/);
  const header = (h: string, name: string) =>
    new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
      .exec(h)?.[1]
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const out: Received = {
    to,
    subject: header(head, 'Subject'),
    text: '',
    html: '',
    multipart: /multipart\/alternative/i.test(header(head, 'Content-Type')),
  };
  for (const part of boundary ? raw.split(`--${boundary}`) : []) {
    const i = part.search(/\r?\n\r?\n/);
    if (i < 0) continue;
    const ph = part.slice(0, i);
    const body = decode(part.slice(i).trim(), header(ph, 'Content-Transfer-Encoding'));
    if (/text\/plain/i.test(header(ph, 'Content-Type'))) out.text = body;
    if (/text\/html/i.test(header(ph, 'Content-Type'))) out.html = body;
  }
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let port = 0;
let server: SMTPServer | undefined;
let received: Received[] = [];
/** What the server answers to RCPT TO (null: accept). */
let refuse: { code: number; message: string } | null = null;

async function startSmtp() {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (!refuse) return cb();
      const err = new Error(refuse.message) as Error & { responseCode: number };
      err.responseCode = refuse.code;
      cb(err);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo[0]?.address ?? '',
          ),
        );
        cb();
      });
    },
  });
  await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
}
async function stopSmtp() {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
}

beforeAll(async () => {
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_RETRY_BASE_MS = '100';
});
afterEach(async () => {
  await stopMailWorker();
  await stopSmtp();
  received = [];
  refuse = null;
});
afterAll(() => {
  delete process.env.SMTP_URL;
});

const rows = (db: DB) => db.select().from(mailOutbox).all();
const later = (ms: number) => () => new Date(Date.now() + ms);

describe('mail over SMTP', () => {
  it('multipart text + HTML, in the recipient language, queued first and then delivered', async () => {
    await startSmtp();
    const db = testDb();
    await sendMail(db, {
      to: 'pilote@example.fr',
      subject: 'Votre code',
      text: `Votre code est 123456.\n\nÀ bientôt : ${absoluteUrl('/fr/login')}`,
      lang: 'fr',
    });
    expect(rows(db)).toHaveLength(1); // queued synchronously, delivery started in the background
    await deliveryIdle();
    expect(received).toHaveLength(1);
    const m = received[0];
    expect(m).toMatchObject({ to: 'pilote@example.fr', subject: 'Votre code', multipart: true });
    expect(m.text).toContain('Votre code est 123456.');
    expect(m.text).toContain('À bientôt');
    expect(m.html).toContain('<html lang="fr">');
    // Our own link is a link (a URL from anywhere else would stay text).
    expect(m.html).toContain(`<a href="${absoluteUrl('/fr/login')}"`);
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('SMTP down: the request does not wait, retries back off exponentially, the server comes back, the mail arrives', async () => {
    const db = testDb();
    const t0 = Date.now();
    await sendMail(db, { to: 'rider@example.test', subject: 'Hello', text: 'Body' });
    expect(Date.now() - t0).toBeLessThan(200);
    // Down: the background attempt fails and pushes the next attempt out.
    await deliveryIdle();
    let row = rows(db)[0];
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    const first = new Date(row.nextAttemptAt).getTime();
    await deliverDue(db); // not due yet: nothing tried
    expect(rows(db)[0].attempts).toBe(1);
    await deliverDue(db, { now: later(retryDelayMs(1) + 10) });
    row = rows(db)[0];
    expect(row.attempts).toBe(2);
    expect(new Date(row.nextAttemptAt).getTime() - first).toBeGreaterThanOrEqual(
      retryDelayMs(2) - 50,
    );
    expect(retryDelayMs(3)).toBe(2 * retryDelayMs(2));
    // Back up: the queued mail is delivered, once.
    await startSmtp();
    await deliverDue(db, { now: later(60_000) });
    await deliverDue(db, { now: later(120_000) });
    expect(received.map((m) => m.subject)).toEqual(['Hello']);
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('the server worker delivers on its own when SMTP comes back (real timers)', async () => {
    const db = testDb();
    startMailWorker(db, 200);
    await sendMail(db, { to: 'a@example.test', subject: 'One', text: '1' });
    await sendMail(db, { to: 'b@example.test', subject: 'Two', text: '2' });
    await new Promise((r) => setTimeout(r, 400));
    expect(received).toHaveLength(0);
    expect(
      rows(db).every(
        (r) => r.status !== 'sent' && r.attempts + (r.status === 'sending' ? 1 : 0) >= 1,
      ),
    ).toBe(true);
    await startSmtp();
    const allSent = () => rows(db).every((r) => r.status === 'sent');
    for (let i = 0; i < 100 && !(received.length === 2 && allSent()); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(received.map((m) => m.subject).sort()).toEqual(['One', 'Two']);
    expect(rows(db).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a refusing server: retried, then failed after the last attempt and listed for the admin; retry sends it', async () => {
    await startSmtp();
    refuse = { code: 451, message: 'Try again later' };
    const db = testDb();
    queueMail(db, { to: 'x@example.test', subject: 'Refused', text: 'x' });
    for (let i = 1; i <= MAX_ATTEMPTS; i++)
      await deliverDue(db, { now: later(i * 2 * 60 * 60 * 1000) });
    const row = rows(db)[0];
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row.lastError).toMatch(/451/);
    expect(undeliveredMails(db).rows.map((r) => [r.subject, r.status])).toEqual([
      ['Refused', 'failed'],
    ]);
    // Never retried on its own any more…
    await deliverDue(db, { now: later(100 * 60 * 60 * 1000) });
    expect(rows(db)[0].attempts).toBe(MAX_ATTEMPTS);
    // …until the admin retries it.
    refuse = null;
    expect(retryMails(db, [row.id])).toBe(1); // and delivery starts at once
    await deliveryIdle();
    expect(received.map((m) => m.subject)).toEqual(['Refused']);
    expect(undeliveredMails(db)).toEqual({ rows: [], sentCount: 1 });
  });

  it('queued inside a transaction: sent only if the transaction commits', async () => {
    await startSmtp();
    const db = testDb();
    expect(() =>
      writeTx(db, (tx) => {
        queueMail(tx, { to: 'no@example.test', subject: 'Rolled back', text: 'x' });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    writeTx(db, (tx) => queueMail(tx, { to: 'yes@example.test', subject: 'Committed', text: 'y' }));
    await deliverDue(db);
    expect(received.map((m) => m.subject)).toEqual(['Committed']);
  });
});

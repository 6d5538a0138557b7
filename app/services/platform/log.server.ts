/**
 * Structured logs (docs/operations.md "Logs"): one pino logger per process, JSON lines on stdout
 * (pretty, human-readable lines when stdout is a terminal or LOG_FORMAT=pretty), secrets redacted.
 *
 * Each HTTP request runs inside a request context (AsyncLocalStorage, started by the Express
 * server) holding its request id; the auth guard adds the signed-in user id and role, so the
 * access line and every line logged while serving the request carry them. The logger and the
 * context live on globalThis: the Express server and the Remix build are bundled apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { env } from '~/env.server';

export type RequestContext = {
  id: string;
  /** The client's address (Express `req.ip`, after the trusted proxies) and browser: security history. */
  address?: string;
  userAgent?: string;
  userId?: number;
  role?: string;
  proxyHostUserId?: number | null;
};

/** Keys whose values never reach a log line, wherever they appear (2 levels deep). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'pin',
  'newPin',
  'code',
  'token',
  'secret',
  'sessionId',
  'cookie',
  'authorization',
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
];

type Holder = typeof globalThis & {
  __ccLogger?: Logger;
  __ccRequestContext?: AsyncLocalStorage<RequestContext>;
  __ccAccessLogger?: Logger;
  __ccLoggerSet?: boolean;
  __ccStdout?: pino.DestinationStream;
};
const holder = globalThis as Holder;

/**
 * stdout, buffered (lines leave in writes of 4 kB or more, not one system call per line; at the
 * latest a second later), flushed synchronously when the process exits, including after a fatal
 * error. One per process: the app logger and the access logger share it.
 */
function stdoutDestination(): pino.DestinationStream {
  if (!holder.__ccStdout) {
    const out = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    setInterval(() => out.flush(), 1000).unref();
    process.once('exit', () => {
      try {
        out.flushSync();
      } catch {
        // stdout already closed: nothing more can be written.
      }
    });
    holder.__ccStdout = out;
  }
  return holder.__ccStdout;
}

/**
 * A logger with the app's options; `dest` replaces stdout (tests). `redact: false` is for lines
 * built field by field from values that are never secret (the access line): redaction walks every
 * line's keys, a few percent of a cached page's CPU.
 */
export function makeLogger(dest?: pino.DestinationStream, level?: string, redact = true): Logger {
  const e = env();
  const usePretty = e.LOG_FORMAT ? e.LOG_FORMAT === 'pretty' : Boolean(process.stdout.isTTY);
  const options: pino.LoggerOptions = {
    level: level ?? (e.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'warn' : e.LOG_LEVEL),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(redact ? { redact: { paths: REDACT_PATHS, censor: '[redacted]' } } : {}),
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    // Every line logged while serving a request carries its id and user.
    mixin: () => {
      const c = holder.__ccRequestContext?.getStore();
      return c ? { reqId: c.id, userId: c.userId, role: c.role } : {};
    },
  };
  if (dest) return pino(options, dest);
  if (usePretty) {
    return pino(
      options,
      pretty({
        colorize: Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
        sync: true,
      }),
    );
  }
  return pino(options, stdoutDestination());
}

/** The process-wide logger. */
export function logger(): Logger {
  holder.__ccLogger ??= makeLogger();
  return holder.__ccLogger;
}

/**
 * The logger of lines built field by field from values that are never secret: the per-request
 * access line (server/logging.ts) and the money line (ids, kinds, cents). The process-wide
 * logger's destination and level, without redaction. A logger set by a test (`setLogger`) takes
 * both roles.
 */
export function accessLogger(): Logger {
  if (holder.__ccLoggerSet) return logger();
  holder.__ccAccessLogger ??= makeLogger(undefined, undefined, false);
  return holder.__ccAccessLogger;
}

/** Replaces the logger (tests capture lines with their own destination). */
export function setLogger(l: Logger | undefined) {
  holder.__ccLogger = l;
  holder.__ccLoggerSet = l !== undefined;
}

export function requestContext(): AsyncLocalStorage<RequestContext> {
  holder.__ccRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return holder.__ccRequestContext;
}

/** The current request's context (undefined outside a request: jobs, scripts, tests). */
export function currentRequest(): RequestContext | undefined {
  return holder.__ccRequestContext?.getStore();
}

/** Called by the auth guard once it knows who is asking. */
export function noteRequestUser(
  user: { id: number; role: string },
  proxyHost?: { id: number } | null,
) {
  const c = currentRequest();
  if (!c) return;
  c.userId = user.id;
  c.role = user.role;
  c.proxyHostUserId = proxyHost?.id ?? null;
}

/** One ledger row as the money log reports it. */
export type LedgerNote = {
  id: number;
  riderId: number;
  kind: string;
  balance: string;
  amountCents: number;
  currency: string;
  awardId?: number | null;
  redemptionId?: number | null;
  payoutClaimId?: number | null;
};

const uniq = <T>(xs: (T | null | undefined)[]) => [
  ...new Set(xs.filter((x): x is T => x !== null && x !== undefined)),
];

/**
 * One line per committed money change (called by `writeTx` after the commit, with the ledger rows
 * the transaction wrote): what kind of change, the ledger ids, riders, redemptions, claims, awards.
 */
function logMoney(rows: LedgerNote[]) {
  if (rows.length === 0) return;
  const kinds = uniq(rows.map((r) => r.kind));
  const cap = <T>(xs: T[]) => (xs.length > 200 ? xs.slice(0, 200) : xs);
  // Ids, kinds and sums only: nothing to redact, and redaction walks every key of every line.
  accessLogger().info(
    {
      money: kinds.join('+'),
      ledgerIds: cap(rows.map((r) => r.id)),
      ledgerRows: rows.length,
      netCents: rows.reduce((n, r) => n + r.amountCents, 0),
      riderIds: cap(uniq(rows.map((r) => r.riderId))),
      redemptionIds: uniq(rows.map((r) => r.redemptionId)),
      payoutClaimIds: uniq(rows.map((r) => r.payoutClaimId)),
      awardIds: cap(uniq(rows.map((r) => r.awardId))),
    },
    `money ${kinds.join('+')}`,
  );
}

// Ledger rows written by the transaction(s) now open (transactions are synchronous: a stack).
const openTx: LedgerNote[][] = [];

/** `writeTx` calls this before running its function. */
export function beginMoneyTx() {
  openTx.push([]);
}

/** `recordLedger` calls this for each row it writes. */
export function noteLedgerRow(row: LedgerNote) {
  const top = openTx.at(-1);
  if (top) top.push(row);
  else logMoney([row]); // written outside writeTx (should not happen): still logged
}

/** `writeTx` calls this after commit (true) or rollback (false). */
export function endMoneyTx(committed: boolean) {
  const rows = openTx.pop() ?? [];
  if (!committed) return;
  const outer = openTx.at(-1);
  if (outer)
    outer.push(...rows); // nested: logged when the outer transaction commits
  else logMoney(rows);
}

/**
 * An account's security history (`security_events`): each change of how it signs in (a passkey
 * added or removed, two-factor on or off, new recovery codes, a new password) and each sign-in
 * refused for a locked password, with the client's address and browser. The owner's security
 * page lists the recent ones, and every change is mailed to the owner in their language, in the
 * same transaction as the change: no change without its record and its mail.
 */
import { desc, eq } from 'drizzle-orm';
import { unplannedLimit, writeTx, type Conn, type DB } from '~/db.server';
import { securityEvents, users, type User } from '#db/schema';
import { absoluteUrl } from '~/env.server';
import { tFor } from '~/i18next.server';
import { type MailedKind, type SecurityEventKind } from '~/lib/security-events';
import { securityPath } from '~/lib/two-factor';
import { currentRequest } from '~/services/platform/log.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';

export { type MailedKind, type SecurityEventKind };

/** Where a request came from, as the history shows it. */
export type ClientInfo = { address?: string | null; userAgent?: string | null };

/** Longest user agent kept: a header is the client's to fill, the table is ours. */
const USER_AGENT_MAX = 300;
/** Events the security page lists. */
const RECENT_EVENTS = 20;

/**
 * The client as given, else as the server's request context knows it (its address and browser),
 * so a path that does not pass them along still records them.
 */
function resolveClient(client: ClientInfo = {}): {
  address: string | null;
  userAgent: string | null;
} {
  const ctx = currentRequest();
  return {
    address: (client.address ?? ctx?.address)?.slice(0, 64) || null,
    userAgent: (client.userAgent ?? ctx?.userAgent)?.slice(0, USER_AGENT_MAX) || null,
  };
}

/** Writes one event of an account's history (inside the caller's transaction when given one). */
export function recordSecurityEvent(
  db: Conn,
  userId: number,
  kind: SecurityEventKind,
  info: ClientInfo & { details?: Record<string, unknown> } = {},
): void {
  const { address, userAgent } = resolveClient(info);
  db.insert(securityEvents)
    .values({
      userId,
      kind,
      address,
      userAgent,
      details: info.details ?? null,
    })
    .run();
}

export type SecurityEventRow = {
  id: number;
  kind: string;
  address: string | null;
  userAgent: string | null;
  createdAt: string;
};

/** The account's latest events, newest first. */
export function recentSecurityEvents(
  db: Conn,
  userId: number,
  limit = RECENT_EVENTS,
): SecurityEventRow[] {
  return db
    .select({
      id: securityEvents.id,
      kind: securityEvents.kind,
      address: securityEvents.address,
      userAgent: securityEvents.userAgent,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(unplannedLimit(limit))
    .all();
}

type AccountUser = Pick<User, 'id' | 'email' | 'lang' | 'role'>;

/**
 * Runs a security change of `user`'s account in one transaction with its history row and the
 * user's mail (to `alsoTo` too: the old address of an e-mail change), then sends the mail.
 * `change` returns its value; when `happened(value)` is false nothing is recorded or mailed.
 */
export async function securityChange<T>(
  db: DB,
  user: AccountUser,
  kind: MailedKind,
  client: ClientInfo,
  change: (tx: Conn) => T,
  opts: {
    happened?: (value: T) => boolean;
    alsoTo?: string[];
    details?: Record<string, unknown>;
  } = {},
): Promise<T> {
  const t = await tFor(user.lang);
  const when = new Date();
  const from = resolveClient(client);
  const ids: number[] = [];
  const value = writeTx(db, (tx) => {
    const v = change(tx);
    if (opts.happened && !opts.happened(v)) return v;
    recordSecurityEvent(tx, user.id, kind, { ...from, details: opts.details });
    // The address the account has after the change, read in the transaction.
    const now = tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).get();
    const text = [
      t(`twofactor:mail.${kind}`),
      '',
      t('twofactor:mail.when', {
        when: `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        address: from.address ?? '—',
      }),
      '',
      t('twofactor:mail.notYou', { link: absoluteUrl(securityPath(user.role, user.lang)) }),
    ].join('\n');
    for (const to of new Set([now?.email ?? user.email, ...(opts.alsoTo ?? [])])) {
      ids.push(
        queueMail(tx, {
          to,
          lang: user.lang,
          subject: t('twofactor:mail.subject', { what: t(`twofactor:events.${kind}`) }),
          text,
        }),
      );
    }
    return v;
  });
  await deliverQueued(db, ids);
  return value;
}

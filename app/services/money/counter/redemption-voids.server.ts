/**
 * A dealer voids its own mistaken redemption (docs/rules.md "Dealer credit"): until its midnight of
 * the redemption's day (`DEALER_VOID_EXTRA_DAYS` more), in the dealer's time zone. The redemption
 * becomes revoked (kind 'void', with the dealer's reason), each allocation returns to the award it
 * was drawn from (ledger 'void'), and the rider's notice is queued, all in ONE IMMEDIATE
 * transaction: two voids at once, or a void racing an admin's refund, give the money back once.
 * After the window it is an admin refund (redemption-refunds).
 */
import { eq } from 'drizzle-orm';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { writeTx, type DB, type Tx } from '~/db.server';
import { creditRedemptions, dealers, riders, users, type CreditRedemption } from '#db/schema';
import { DEALER_VOID_EXTRA_DAYS, VOID_REASON_MAX } from '~/lib/constants';
import { formatRedemptionCode } from '~/lib/format';
import { DEFAULT_LANG, type Lang } from '~/lib/lang';
import { timeZoneOf } from '~/lib/time-zones';
import { tForEach } from '~/i18next.server';
import type { Actor } from '~/services/platform/audit.server';
import { deliverWhenIdle } from '~/services/platform/mail.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import {
  fingerprintOf,
  lookupIdempotent,
  type IdempotencyRef,
} from '~/services/money/ledger/idempotency.server';
import { refundInTx } from '~/services/money/counter/redemption-refunds.server';
import { queueVoidNotice } from '~/services/money/counter/redemption-mail.server';

const VOID_ERRORS = {
  notFound: 'dealer:errors.redemptionNotFound',
  alreadyRevoked: 'dealer:void.errors.alreadyRevoked',
  windowClosed: 'dealer:void.errors.windowClosed',
  reasonRequired: 'dealer:void.errors.reasonRequired',
  reasonTooLong: 'dealer:errors.tooLong',
  keyReused: 'security:idempotencyConflict',
} as const;
const E = VOID_ERRORS;

type Place = { country: string | null; state: string | null };

/** When a redemption made at `createdAt` at this dealer can no longer be voided by the dealer. */
export function voidClosesAt(dealer: Place, createdAt: string): Date {
  const zone = timeZoneOf(dealer);
  const [y, m, d] = formatInTimeZone(new Date(createdAt), zone, 'yyyy-MM-dd')
    .split('-')
    .map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1 + DEALER_VOID_EXTRA_DAYS));
  return fromZonedTime(`${next.toISOString().slice(0, 10)}T00:00:00`, zone);
}

/**
 * Whether the dealer may void it now: `open` until `closesAt`, `closed` after, or no longer
 * active. `lastDay` ('YYYY-MM-DD'): the dealer's last day to void it, at whose midnight (the
 * dealer's time) the window closes, for the screens (which show times in the program's zone).
 */
export type VoidState =
  | { state: 'open' | 'closed'; closesAt: string; lastDay: string }
  | { state: 'revoked'; closesAt: null; lastDay: null };

export function voidStateOf(
  redemption: { status: 'active' | 'revoked'; createdAt: string },
  dealer: Place,
  now: Date = new Date(),
): VoidState {
  if (redemption.status !== 'active') return { state: 'revoked', closesAt: null, lastDay: null };
  const closes = voidClosesAt(dealer, redemption.createdAt);
  const lastDay = formatInTimeZone(
    new Date(closes.getTime() - 1),
    timeZoneOf(dealer),
    'yyyy-MM-dd',
  );
  return { state: now < closes ? 'open' : 'closed', closesAt: closes.toISOString(), lastDay };
}

export type VoidInput = {
  redemptionId: number;
  /** The dealer voiding: only its own redemptions are found. */
  dealerId: number;
  reason: string;
  actor: Actor;
  now?: Date;
  /** The form's one-time token or the API's Idempotency-Key: a repeat answers the first void. */
  idempotencyKey?: string;
};

export type VoidResult =
  | { ok: true; redemption: CreditRedemption; code: string; voidedAt: string; replayed?: boolean }
  | { ok: false; error: string; field?: 'reason'; closesAt?: string; conflict?: boolean };

type Translations = Awaited<ReturnType<typeof tForEach>>;

/** The rider's notice of the void, queued in the void's transaction; the mail's id. */
function queueNotice(
  tx: Tx,
  ts: Translations,
  redemption: CreditRedemption,
  reason: string,
  now: Date,
) {
  const who = tx
    .select({
      firstName: riders.firstName,
      email: users.email,
      lang: users.lang,
      dealerName: dealers.name,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .innerJoin(dealers, eq(dealers.id, redemption.dealerId))
    .where(eq(riders.id, redemption.riderId))
    .get();
  if (!who) return null;
  const lang: Lang = who.lang ?? DEFAULT_LANG;
  const left = availableCredit(tx, redemption.riderId, now, redemption.currency);
  return queueVoidNotice(tx, ts[lang], {
    redemptionId: redemption.id,
    amountCents: redemption.amountCents,
    currency: redemption.currency,
    createdAt: redemption.createdAt,
    dealerName: who.dealerName,
    firstName: who.firstName,
    email: who.email,
    lang,
    remainingCents: left.totalCents,
    reason,
  });
}

/** The void inside its transaction: found, still active, within the window, then given back. */
function voidInTx(
  tx: Tx,
  input: VoidInput,
  reason: string,
  key: IdempotencyRef | undefined,
  ts: Translations,
  queued: number[],
): VoidResult {
  const now = input.now ?? new Date();
  const seen = lookupIdempotent<{ redemptionId: number; refundedAt?: string }>(tx, key);
  if (seen.kind === 'conflict') return { ok: false, error: E.keyReused, conflict: true };
  const id = seen.kind === 'replay' ? seen.result.redemptionId : input.redemptionId;
  const redemption = tx.select().from(creditRedemptions).where(eq(creditRedemptions.id, id)).get();
  if (!redemption || redemption.dealerId !== input.dealerId)
    return { ok: false, error: E.notFound };
  const code = formatRedemptionCode(redemption.id);
  if (seen.kind === 'replay')
    return { ok: true, redemption, code, voidedAt: seen.result.refundedAt ?? '', replayed: true };
  const dealer = tx
    .select({ country: dealers.country, state: dealers.state })
    .from(dealers)
    .where(eq(dealers.id, redemption.dealerId))
    .get();
  const state = voidStateOf(redemption, dealer ?? { country: null, state: null }, now);
  if (state.state === 'revoked') return { ok: false, error: E.alreadyRevoked };
  if (state.state === 'closed')
    return { ok: false, error: E.windowClosed, closesAt: state.closesAt };
  const done = refundInTx(tx, redemption, input.actor, reason, now, key, 'void');
  if (!done.ok) return { ok: false, error: E.alreadyRevoked };
  const mailId = queueNotice(tx, ts, done.redemption, reason, now);
  if (mailId !== null) queued.push(mailId);
  return { ok: true, redemption: done.redemption, code, voidedAt: done.refundedAt };
}

/**
 * Voids a redemption made at the dealer (see the file's header). Refused: no reason, another
 * dealer's or an unknown redemption (not found), one already voided or refunded, the window
 * closed (with when it closed). The rider's notice goes out once the void has committed.
 */
export async function voidRedemption(db: DB, input: VoidInput): Promise<VoidResult> {
  const reason = input.reason.trim();
  if (!reason) return { ok: false, error: E.reasonRequired, field: 'reason' };
  if (reason.length > VOID_REASON_MAX)
    return { ok: false, error: E.reasonTooLong, field: 'reason' };
  const key: IdempotencyRef | undefined = input.idempotencyKey
    ? {
        scope: 'void',
        userId: input.actor.userId,
        key: input.idempotencyKey,
        fingerprint: fingerprintOf({ redemptionId: input.redemptionId, reason }),
      }
    : undefined;
  // The notice is rendered in the rider's language inside the transaction: translations first.
  const ts = await tForEach();
  const queued: number[] = [];
  const out = writeTx(db, (tx) => voidInTx(tx, input, reason, key, ts, queued));
  await deliverWhenIdle(db, queued);
  return out;
}

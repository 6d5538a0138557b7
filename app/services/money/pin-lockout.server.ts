/**
 * The PIN lock-out at the dealer counter (rules.md "Dealer credit"): 5 wrong PINs within 15
 * minutes lock redemptions for that rider for 15 minutes. Read by the counter before it asks for
 * a PIN and by `redeem` before and inside its transaction.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import { pinAttempts } from '#db/schema';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES, PIN_WINDOW_MINUTES } from '~/lib/constants';

const MINUTE = 60 * 1000;

/** A rider's wrong PINs since `since` (ISO), oldest first; prepared once per connection. */
function wrongPinsSince(conn: Conn, riderId: number, since: string): { createdAt: string }[] {
  return prepared(conn, 'pin.wrongSince', (c) =>
    c
      .select({ createdAt: pinAttempts.createdAt })
      .from(pinAttempts)
      .where(
        and(
          eq(pinAttempts.riderId, sql.placeholder('riderId')),
          eq(pinAttempts.success, false),
          gte(pinAttempts.createdAt, sql.placeholder('since')),
        ),
      )
      .orderBy(asc(pinAttempts.createdAt), asc(pinAttempts.id))
      .prepare(),
  ).all({ riderId, since });
}

/**
 * When the rider's PIN lock-out ends, or null when not locked: 5 wrong PINs within 15 minutes
 * lock redemptions for that rider for 15 minutes from the 5th wrong PIN. Counted from
 * `pin_attempts` (the database), so it survives restarts and holds across processes. A correct
 * PIN in between does not reset the count (the rule counts wrong PINs in the window).
 */
export function pinLockedUntil(conn: Conn, riderId: number, now: Date = new Date()): Date | null {
  const horizon = new Date(now.getTime() - (PIN_WINDOW_MINUTES + PIN_LOCK_MINUTES) * MINUTE);
  const rows = wrongPinsSince(conn, riderId, horizon.toISOString());
  const times = rows
    .map((r) => Date.parse(r.createdAt))
    .filter((t) => !Number.isNaN(t) && t <= now.getTime());
  let until = 0;
  for (let i = PIN_MAX_FAILURES - 1; i < times.length; i++) {
    if (times[i] - times[i - (PIN_MAX_FAILURES - 1)] <= PIN_WINDOW_MINUTES * MINUTE) {
      until = Math.max(until, times[i] + PIN_LOCK_MINUTES * MINUTE);
    }
  }
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * How many wrong PINs the counter may still take before the lock-out starts: 5 minus the wrong
 * PINs of the last 15 minutes (shown with "Wrong PIN." so the dealer knows before the lock).
 */
export function pinTriesLeft(conn: Conn, riderId: number, now: Date = new Date()): number {
  const since = new Date(now.getTime() - PIN_WINDOW_MINUTES * MINUTE).toISOString();
  const wrong = wrongPinsSince(conn, riderId, since).filter(
    (r) => Date.parse(r.createdAt) <= now.getTime(),
  ).length;
  return Math.max(0, PIN_MAX_FAILURES - wrong);
}

/**
 * Wrong PINs at the dealer counter (docs/rules.md "Dealer credit"), counted from `pin_attempts` (the
 * database: survives restarts, holds across processes).
 *
 * - The rider's lock-out: 5 wrong PINs within 15 minutes lock redemptions for that rider for 15
 *   minutes. So that no single dealer can lock riders out everywhere at will, 5 wrong PINs all
 *   entered at one dealer location lock the rider at THAT location only; the lock applies at
 *   every dealer when the 5 wrong PINs came from at least two locations.
 * - The dealer's pause: 10 wrong PINs across all riders by one dealer login, or 20 at one dealer
 *   location, within 15 minutes pause that counter for 15 minutes (refused before any PIN is
 *   compared, so a paused counter adds no tries to anyone's count).
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { connectionOf, prepared, type Conn } from '~/db.server';
import { pinAttempts } from '#db/schema';
import {
  DEALER_LOCATION_PIN_MAX_FAILURES,
  DEALER_PIN_WINDOW_MINUTES,
  DEALER_USER_PIN_MAX_FAILURES,
  PIN_LOCK_MINUTES,
  PIN_MAX_FAILURES,
  PIN_WINDOW_MINUTES,
} from '~/lib/constants';

const MINUTE = 60 * 1000;

type Wrong = { createdAt: string; dealerId: number | null };

/** A rider's wrong PINs since `since` (ISO), oldest first; prepared once per connection. */
function wrongPinsSince(conn: Conn, riderId: number, since: string): Wrong[] {
  return prepared(conn, 'pin.wrongSince', (c) =>
    c
      .select({ createdAt: pinAttempts.createdAt, dealerId: pinAttempts.dealerId })
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
 * The end of the latest lock a list of wrong PINs starts (5 within the window lock for 15
 * minutes from the 5th), or 0; `counts` says whether a window of 5 may lock.
 */
function lockEnd(rows: Wrong[], now: Date, counts: (window: Wrong[]) => boolean): number {
  const seen = rows.filter((r) => {
    const t = Date.parse(r.createdAt);
    return !Number.isNaN(t) && t <= now.getTime();
  });
  let until = 0;
  for (let i = PIN_MAX_FAILURES - 1; i < seen.length; i++) {
    const window = seen.slice(i - (PIN_MAX_FAILURES - 1), i + 1);
    const span = Date.parse(seen[i].createdAt) - Date.parse(window[0].createdAt);
    if (span <= PIN_WINDOW_MINUTES * MINUTE && counts(window))
      until = Math.max(until, Date.parse(seen[i].createdAt) + PIN_LOCK_MINUTES * MINUTE);
  }
  return until;
}

const fromSeveralDealers = (w: Wrong[]) => new Set(w.map((r) => r.dealerId)).size >= 2;

/**
 * When the rider's PIN lock-out ends at this dealer location, or null when not locked there.
 * Without a dealer: when the rider is locked at some location (the admin's and tests' view). A
 * correct PIN in between does not reset the count (the rule counts wrong PINs in the window).
 */
export function pinLockedUntil(
  conn: Conn,
  riderId: number,
  now: Date = new Date(),
  dealerId?: number,
): Date | null {
  const horizon = new Date(now.getTime() - (PIN_WINDOW_MINUTES + PIN_LOCK_MINUTES) * MINUTE);
  const rows = wrongPinsSince(conn, riderId, horizon.toISOString());
  const everywhere = lockEnd(rows, now, fromSeveralDealers);
  const here =
    dealerId === undefined
      ? lockEnd(rows, now, (w) => !fromSeveralDealers(w))
      : lockEnd(
          rows.filter((r) => r.dealerId === dealerId),
          now,
          () => true,
        );
  const until = Math.max(everywhere, here);
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * How many wrong PINs this counter may still take for the rider before the lock-out starts: 5
 * minus the wrong PINs of the last 15 minutes (at this location when given), shown with "Wrong
 * PIN." so the dealer knows before the lock.
 */
export function pinTriesLeft(
  conn: Conn,
  riderId: number,
  now: Date = new Date(),
  dealerId?: number,
): number {
  const since = new Date(now.getTime() - PIN_WINDOW_MINUTES * MINUTE).toISOString();
  const wrong = wrongPinsSince(conn, riderId, since).filter(
    (r) =>
      Date.parse(r.createdAt) <= now.getTime() &&
      (dealerId === undefined || r.dealerId === dealerId),
  ).length;
  return Math.max(0, PIN_MAX_FAILURES - wrong);
}

/** Wrong PINs (any rider) since `since` by one dealer login or at one location. */
function wrongCount(conn: Conn, by: 'user' | 'dealer', id: number, since: string): string[] {
  // Asked twice per redemption for each of the two: a plain statement cached per connection (one
  // column, usually no row) costs a fraction of a drizzle query's run.
  const column = by === 'user' ? 'user_id' : 'dealer_id';
  return prepared(conn, `pin.wrongBy.${by}`, () =>
    connectionOf(conn).prepare(
      `SELECT created_at FROM pin_attempts WHERE ${column} = ? AND success = 0 AND created_at >= ? ORDER BY created_at`,
    ),
  )
    .pluck() // set on every run: the statement is shared by every caller of this function
    .all(id, since) as string[];
}

/** The end of the pause `max` wrong PINs within the window start, from their times, or 0. */
function pauseEnd(times: string[], max: number, now: Date): number {
  const seen = times.map((t) => Date.parse(t)).filter((t) => t <= now.getTime());
  let until = 0;
  for (let i = max - 1; i < seen.length; i++) {
    if (seen[i] - seen[i - (max - 1)] <= DEALER_PIN_WINDOW_MINUTES * MINUTE)
      until = Math.max(until, seen[i] + DEALER_PIN_WINDOW_MINUTES * MINUTE);
  }
  return until;
}

/**
 * When the counter of this dealer login (or of its whole location) opens again after too many
 * wrong PINs across riders, or null when it is not paused.
 */
export function dealerPausedUntil(
  conn: Conn,
  who: { userId: number | null; dealerId: number },
  now: Date = new Date(),
): Date | null {
  const since = new Date(now.getTime() - 2 * DEALER_PIN_WINDOW_MINUTES * MINUTE).toISOString();
  const byUser =
    who.userId === null
      ? 0
      : pauseEnd(wrongCount(conn, 'user', who.userId, since), DEALER_USER_PIN_MAX_FAILURES, now);
  const byLocation = pauseEnd(
    wrongCount(conn, 'dealer', who.dealerId, since),
    DEALER_LOCATION_PIN_MAX_FAILURES,
    now,
  );
  const until = Math.max(byUser, byLocation);
  return until > now.getTime() ? new Date(until) : null;
}

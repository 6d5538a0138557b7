/**
 * Wrong PINs at the dealer counter (docs/rules.md "Dealer credit"), counted from `pin_attempts` (the
 * database: survives restarts, holds across processes).
 *
 * - The rider's lock-out: 5 wrong PINs within 15 minutes at one dealer location lock redemptions
 *   for that rider at THAT location for 15 minutes. Each location counts its own wrong PINs, from
 *   the rider's last right PIN there (a right PIN is on record as the redemption it made): a
 *   fumble at one shop never counts at the next, and no dealer can lock riders out elsewhere.
 * - The dealer's pause: 10 wrong PINs across all riders by one dealer login, or 20 at one dealer
 *   location, within 15 minutes pause that counter for 15 minutes (refused before any PIN is
 *   compared, so a paused counter adds no tries to anyone's count).
 */
import { and, asc, eq, gte, max, sql } from 'drizzle-orm';
import { connectionOf, prepared, type Conn } from '~/db.server';
import { creditRedemptions, pinAttempts } from '#db/schema';
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
 * The end of the latest lock a list of wrong PINs (of one location) starts: 5 within the window
 * lock for 15 minutes from the 5th; or 0.
 */
function lockEnd(rows: Wrong[], now: Date): number {
  const seen = rows.filter((r) => {
    const t = Date.parse(r.createdAt);
    return !Number.isNaN(t) && t <= now.getTime();
  });
  let until = 0;
  for (let i = PIN_MAX_FAILURES - 1; i < seen.length; i++) {
    const first = seen[i - (PIN_MAX_FAILURES - 1)]!;
    const span = Date.parse(seen[i]!.createdAt) - Date.parse(first.createdAt);
    if (span <= PIN_WINDOW_MINUTES * MINUTE)
      until = Math.max(until, Date.parse(seen[i]!.createdAt) + PIN_LOCK_MINUTES * MINUTE);
  }
  return until;
}

/** When the rider last gave the right PIN at a location since `since` (their redemption there). */
function lastRightPin(conn: Conn, riderId: number, dealerId: number, since: string): string | null {
  const row = prepared(conn, 'pin.lastRight', (c) =>
    c
      .select({ at: max(creditRedemptions.createdAt) })
      .from(creditRedemptions)
      .where(
        and(
          eq(creditRedemptions.riderId, sql.placeholder('riderId')),
          eq(creditRedemptions.dealerId, sql.placeholder('dealerId')),
          gte(creditRedemptions.createdAt, sql.placeholder('since')),
        ),
      )
      .prepare(),
  ).get({ riderId, dealerId, since });
  return row?.at ?? null;
}

/**
 * The rider's wrong PINs that count at each location: those since the last right PIN there, per
 * dealer (only `dealerId`'s when given). Asked only when there are wrong PINs (rarely).
 */
function countingByLocation(
  conn: Conn,
  riderId: number,
  rows: Wrong[],
  since: string,
  now: Date,
  dealerId?: number,
): Wrong[][] {
  const groups = new Map<number | null, Wrong[]>();
  for (const r of rows) {
    if (dealerId !== undefined && r.dealerId !== dealerId) continue;
    groups.set(r.dealerId, [...(groups.get(r.dealerId) ?? []), r]);
  }
  return [...groups].map(([id, wrong]) => {
    const right = id === null ? null : lastRightPin(conn, riderId, id, since);
    const from = right ? Date.parse(right) : -Infinity;
    return wrong.filter((r) => {
      const t = Date.parse(r.createdAt);
      return t > from && t <= now.getTime();
    });
  });
}

/**
 * When the rider's PIN lock-out ends at this dealer location, or null when not locked there.
 * Without a dealer: when the rider is locked at some location (the admin's and tests' view).
 */
export function pinLockedUntil(
  conn: Conn,
  riderId: number,
  now: Date = new Date(),
  dealerId?: number,
): Date | null {
  const horizon = new Date(
    now.getTime() - (PIN_WINDOW_MINUTES + PIN_LOCK_MINUTES) * MINUTE,
  ).toISOString();
  const rows = wrongPinsSince(conn, riderId, horizon);
  if (rows.length < PIN_MAX_FAILURES) return null;
  const until = Math.max(
    0,
    ...countingByLocation(conn, riderId, rows, horizon, now, dealerId).map((w) => lockEnd(w, now)),
  );
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * How many wrong PINs this counter may still take for the rider before the lock-out starts: 5
 * minus the wrong PINs of the last 15 minutes at this location since the last right PIN there
 * (at the location with the most when none is given), shown with "Wrong PIN." so the dealer
 * knows before the lock.
 */
export function pinTriesLeft(
  conn: Conn,
  riderId: number,
  now: Date = new Date(),
  dealerId?: number,
): number {
  const since = new Date(now.getTime() - PIN_WINDOW_MINUTES * MINUTE).toISOString();
  const rows = wrongPinsSince(conn, riderId, since);
  const wrong = Math.max(
    0,
    ...countingByLocation(conn, riderId, rows, since, now, dealerId).map((w) => w.length),
  );
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

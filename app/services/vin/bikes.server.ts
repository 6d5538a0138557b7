/**
 * Riders' bikes and the VIN rules that decide which bikes are valid (docs/rules.md "VINs").
 *
 * A VIN is valid as a bike when it is 17 VIN characters, carries the right check digit at
 * position 9 (unless it matches a verified pattern marked `noCheckDigit`) and matches a VERIFIED
 * VIN pattern (`*` = any one character). A well-formed VIN that matches no verified pattern is
 * saved as an invalid bike with the reason `vin:invalid.noPattern`: the rider is told why.
 * Program eligibility by model year or model is NOT decided here (the award engine does that).
 *
 * Pattern changes (import, verify, unverify, delete) do not touch bikes: an admin runs
 * "Verify bikes" (`revalidateAllBikes`) to re-check every bike against the verified patterns.
 */
import { and, asc, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { bikes, riders, vinPatterns, type Bike, type VinPattern } from '#db/schema';
import {
  matchVinPattern,
  normalizeVin,
  vinHasValidCheckDigit,
  vinHasValidSyntax,
  vinModelYear,
} from '~/lib/vin';
import { audit, type Actor } from '~/services/platform/audit.server';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { changeRiderEligibility } from '~/services/money/awards/rider-recompute.server';

/** i18n keys stored in `bikes.invalid_reason` (namespace `vin`). */
const INVALID_REASONS = {
  /** Well formed, but no verified VIN pattern matches it. */
  noPattern: 'vin:invalid.noPattern',
  /** Stored earlier under a no-check-digit pattern that is no longer verified; its check digit is wrong. */
  checkDigit: 'vin:invalid.checkDigit',
} as const;

/** Error keys of `addBike` (shown next to the VIN field). */
const BIKE_ERRORS = {
  vin: 'validation:vin',
  taken: 'vin:errors.taken',
  riderNotFound: 'vin:errors.riderNotFound',
} as const;

export type VinEvaluation =
  | { ok: false; error: 'validation:vin' }
  | {
      ok: true;
      vin: string;
      valid: boolean;
      model: string | null;
      year: number | null;
      make: string | null;
      vinPatternId: number | null;
      invalidReason: string | null;
    };

type PatternLike = Pick<VinPattern, 'id' | 'pattern' | 'model' | 'year' | 'make' | 'noCheckDigit'>;

/** Every verified pattern, oldest first (the order breaks ties between equally specific patterns). */
function verifiedPatterns(conn: Conn): PatternLike[] {
  return conn
    .select({
      id: vinPatterns.id,
      pattern: vinPatterns.pattern,
      model: vinPatterns.model,
      year: vinPatterns.year,
      make: vinPatterns.make,
      noCheckDigit: vinPatterns.noCheckDigit,
    })
    .from(vinPatterns)
    .where(eq(vinPatterns.verified, true))
    .orderBy(asc(vinPatterns.id))
    .all();
}

/** Number of fixed (non-`*`) characters: the more, the more specific the pattern. */
function specificity(pattern: string): number {
  let n = 0;
  for (const c of pattern) if (c !== '*') n++;
  return n;
}

/** The most specific of the matching patterns (first one on a tie), or null. */
function bestMatch(candidates: PatternLike[]): PatternLike | null {
  let best: PatternLike | null = null;
  for (const p of candidates) {
    if (!best || specificity(p.pattern) > specificity(best.pattern)) best = p;
  }
  return best;
}

/** Pure evaluation of a VIN against a list of verified patterns (see `evaluateVin`). */
function evaluateVinAgainst(vinInput: string, patterns: readonly PatternLike[]): VinEvaluation {
  const vin = normalizeVin(vinInput);
  if (!vinHasValidSyntax(vin)) return { ok: false, error: 'validation:vin' };
  let matches = patterns.filter((p) => matchVinPattern(vin, p.pattern));
  if (!vinHasValidCheckDigit(vin)) {
    // A wrong check digit is a typo, unless a verified pattern says the model carries none.
    matches = matches.filter((p) => p.noCheckDigit);
    if (matches.length === 0) return { ok: false, error: 'validation:vin' };
  }
  const match = bestMatch(matches);
  if (!match) {
    return {
      ok: true,
      vin,
      valid: false,
      model: null,
      year: vinModelYear(vin),
      make: null,
      vinPatternId: null,
      invalidReason: INVALID_REASONS.noPattern,
    };
  }
  return {
    ok: true,
    vin,
    valid: true,
    model: match.model,
    year: match.year,
    make: match.make,
    vinPatternId: match.id,
    invalidReason: null,
  };
}

/**
 * Normalizes and judges a VIN: `{ ok: false, error: 'validation:vin' }` when it is malformed
 * (length, character, or check digit not exempted by a verified no-check-digit pattern);
 * otherwise whether it is valid as a bike, with model/year/make from the matching verified
 * pattern (year falls back to position 10 when no pattern matches).
 */
export function evaluateVin(conn: Conn, vinInput: string): VinEvaluation {
  return evaluateVinAgainst(vinInput, verifiedPatterns(conn));
}

/** A rider's bikes, oldest first. */
export function listRiderBikes(conn: Conn, riderId: number): Bike[] {
  return conn.select().from(bikes).where(eq(bikes.riderId, riderId)).orderBy(asc(bikes.id)).all();
}

/** True when a SQLite error is a UNIQUE constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** A bike change refused because the recompute it causes would take back money already used. */
export type BikeConflicts = { ok: false; conflicts: AwardConflict[] };

/**
 * Registers a bike for a rider. Errors are i18n keys for the VIN field: 'validation:vin'
 * (malformed), 'vin:errors.taken' (the VIN is already registered, by this rider or another),
 * 'vin:errors.riderNotFound'. A well-formed VIN matching no verified pattern is saved as an
 * invalid bike with its reason. A new bike may make results eligible: the rider's events are
 * recomputed in the same transaction (see rider-recompute.server).
 */
export function addBike(
  db: DB,
  riderId: number,
  vinInput: string,
  actor: Actor,
): { ok: true; bike: Bike } | { ok: false; error: string } | BikeConflicts {
  try {
    type Added = { ok: true; bike: Bike } | { ok: false; error: string };
    const out = changeRiderEligibility<Added>(db, riderId, actor, (tx) => {
      const refuse = (error: string) => ({
        value: { ok: false as const, error },
        recompute: false,
      });
      const rider = tx.select({ id: riders.id }).from(riders).where(eq(riders.id, riderId)).get();
      if (!rider) return refuse(BIKE_ERRORS.riderNotFound);
      const evaluation = evaluateVin(tx, vinInput);
      if (!evaluation.ok) return refuse(BIKE_ERRORS.vin);
      const existing = tx
        .select({ id: bikes.id })
        .from(bikes)
        .where(eq(bikes.vin, evaluation.vin))
        .get();
      if (existing) return refuse(BIKE_ERRORS.taken);
      const bike = tx
        .insert(bikes)
        .values({
          riderId,
          vin: evaluation.vin,
          year: evaluation.year,
          make: evaluation.make,
          model: evaluation.model,
          valid: evaluation.valid,
          invalidReason: evaluation.invalidReason,
          vinPatternId: evaluation.vinPatternId,
        })
        .returning()
        .get();
      audit(
        tx,
        actor,
        'bike.add',
        { type: 'bike', id: bike.id },
        {
          riderId,
          vin: bike.vin,
          valid: bike.valid,
          invalidReason: bike.invalidReason,
        },
      );
      // An unverified bike makes no result pay: nothing to recompute (and an unrelated stale award,
      // e.g. after an admin unverified a pattern, must not block the rider from adding a bike).
      return { value: { ok: true as const, bike }, recompute: bike.valid };
    });
    return out.ok ? out.value : out;
  } catch (error) {
    // Another process registered the same VIN between our check and our insert.
    if (isUniqueViolation(error)) return { ok: false, error: BIKE_ERRORS.taken };
    throw error;
  }
}

/**
 * Removes one of the rider's own bikes and recomputes the rider's events in the same transaction
 * (results raced on it may no longer pay). `{ ok: false, notFound: true }` when the bike is not
 * this rider's (or is gone); refused with the conflicts when the recompute would take back an
 * award that was spent, claimed or paid.
 */
export function removeBike(
  db: DB,
  riderId: number,
  bikeId: number,
  actor: Actor,
): { ok: true } | { ok: false; notFound: true } | BikeConflicts {
  const out = changeRiderEligibility(db, riderId, actor, (tx) => {
    const bike = tx
      .select()
      .from(bikes)
      .where(and(eq(bikes.id, bikeId), eq(bikes.riderId, riderId)))
      .get();
    if (!bike) return { value: false, recompute: false };
    tx.delete(bikes).where(eq(bikes.id, bike.id)).run();
    audit(tx, actor, 'bike.remove', { type: 'bike', id: bike.id }, { riderId, vin: bike.vin });
    // Only a verified bike can have made a result pay.
    return { value: true, recompute: bike.valid };
  });
  if (!out.ok) return out;
  return out.value ? { ok: true } : { ok: false, notFound: true };
}

/**
 * "Verify bikes": re-checks every bike against today's verified patterns and stores the verdict
 * (valid flag, reason, model, year, make, pattern). Returns how many bikes were checked and how
 * many changed state.
 */
export function revalidateAllBikes(
  db: DB,
  actor: Actor,
): { checked: number; becameValid: number; becameInvalid: number } {
  return writeTx(db, (tx) => {
    const patterns = verifiedPatterns(tx);
    const all = tx.select().from(bikes).orderBy(asc(bikes.id)).all();
    let becameValid = 0;
    let becameInvalid = 0;
    for (const bike of all) {
      const e = evaluateVinAgainst(bike.vin, patterns);
      const next = e.ok
        ? {
            valid: e.valid,
            invalidReason: e.invalidReason,
            model: e.model,
            year: e.year,
            make: e.make,
            vinPatternId: e.vinPatternId,
          }
        : {
            // Malformed now: only possible when a no-check-digit pattern was unverified.
            valid: false,
            invalidReason: vinHasValidSyntax(bike.vin)
              ? INVALID_REASONS.checkDigit
              : BIKE_ERRORS.vin,
            model: null,
            year: vinModelYear(bike.vin),
            make: null,
            vinPatternId: null,
          };
      const changed =
        next.valid !== bike.valid ||
        next.invalidReason !== bike.invalidReason ||
        next.model !== bike.model ||
        next.year !== bike.year ||
        next.make !== bike.make ||
        next.vinPatternId !== bike.vinPatternId;
      if (!changed) continue;
      if (next.valid && !bike.valid) becameValid++;
      if (!next.valid && bike.valid) becameInvalid++;
      tx.update(bikes).set(next).where(eq(bikes.id, bike.id)).run();
    }
    const result = { checked: all.length, becameValid, becameInvalid };
    audit(tx, actor, 'bikes.revalidate', { type: 'bike', id: null }, result);
    return result;
  });
}

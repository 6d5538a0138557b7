/**
 * Rider merge: two accounts of one person become
 * one. Everything of the rider to delete moves to the rider to keep — results, awards, the
 * ledger rows that record them, redemptions, payout claims, bikes, documents, guardian consent,
 * favourite dealers — and the blanks of the kept profile are filled from the deleted one. Ledger
 * amounts never change: the rows only change owner, so each rider's balance still equals its
 * awards. Then every event either rider raced is recomputed (one person may now hold two results
 * in a class, more than two paying classes, or a bike or consent that makes a result pay);
 * when that would take back spent, claimed or paid money the whole merge is refused with the
 * conflicts. Last, the deleted rider's account goes (its sessions end). One immediate
 * transaction; the audit row keeps who was deleted.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { writeTx, type DB, type Tx } from '~/db.server';
import {
  awards,
  bikes,
  creditRedemptions,
  guardianConsents,
  ledgerEntries,
  payoutClaims,
  resultExclusions,
  results,
  riderDocuments,
  riderFavouriteDealers,
  riders,
  users,
  type Rider,
} from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';

export type MergeConfirmation = { word: 'DELETE' | 'KEEP'; email: string };

/**
 * Reads the typed confirmation: `DELETE <e-mail of the rider to delete>` or `KEEP <e-mail of the
 * rider to keep>` (the word in capitals, any spacing, the e-mail in any case). Null otherwise.
 */
export function parseMergeConfirmation(text: string): MergeConfirmation | null {
  const m = /^\s*(DELETE|KEEP)\s+(\S+@\S+)\s*$/.exec(text);
  return m ? { word: m[1] as 'DELETE' | 'KEEP', email: m[2]!.toLowerCase() } : null;
}

type MergeSummary = {
  keptRiderId: number;
  deletedRiderId: number;
  moved: {
    results: number;
    awards: number;
    ledgerRows: number;
    redemptions: number;
    payoutClaims: number;
    bikes: number;
    documents: number;
  };
  eventsRecomputed: number;
};

export type MergeOutcome =
  | { ok: true; summary: MergeSummary }
  | { ok: false; reason: 'sameRider' | 'notFound' | 'confirmation' }
  | { ok: false; reason: 'conflicts'; conflicts: AwardConflict[] };

/** Profile fields the kept rider takes from the deleted one when it has none. */
const FILLABLE = [
  'amaNumber',
  'phone1',
  'phone2',
  'dateOfBirth',
  'sex',
  'raceStyle',
  'hometown',
  'bio',
  'pinHash',
] as const satisfies readonly (keyof Rider)[];

function riderWithEmail(tx: Tx, riderId: number) {
  return tx
    .select({ rider: riders, email: users.email, userId: users.id })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
}

type Merging = NonNullable<ReturnType<typeof riderWithEmail>>;

/** Everything of the deleted rider moves to the kept one; how many rows of each kind moved. */
function moveRecords(tx: Tx, keepRiderId: number, deleteRiderId: number) {
  const to = { riderId: keepRiderId };
  const from = (col: SQLiteColumn) => eq(col, deleteRiderId);
  const moved = {
    results: tx.update(results).set(to).where(from(results.riderId)).run().changes,
    awards: tx.update(awards).set(to).where(from(awards.riderId)).run().changes,
    ledgerRows: tx.update(ledgerEntries).set(to).where(from(ledgerEntries.riderId)).run().changes,
    redemptions: tx.update(creditRedemptions).set(to).where(from(creditRedemptions.riderId)).run()
      .changes,
    payoutClaims: tx.update(payoutClaims).set(to).where(from(payoutClaims.riderId)).run().changes,
    bikes: tx.update(bikes).set(to).where(from(bikes.riderId)).run().changes,
    documents: tx.update(riderDocuments).set(to).where(from(riderDocuments.riderId)).run().changes,
  };
  tx.update(guardianConsents).set(to).where(from(guardianConsents.riderId)).run();
  // "Not this rider" marks follow the person (a duplicate mark just goes with the account).
  tx.run(
    sql`UPDATE OR IGNORE ${resultExclusions} SET rider_id = ${keepRiderId} WHERE rider_id = ${deleteRiderId}`,
  );
  const favourites = tx
    .select({ dealerId: riderFavouriteDealers.dealerId })
    .from(riderFavouriteDealers)
    .where(eq(riderFavouriteDealers.riderId, deleteRiderId))
    .all();
  if (favourites.length) {
    tx.insert(riderFavouriteDealers)
      .values(favourites.map((f) => ({ riderId: keepRiderId, dealerId: f.dealerId })))
      .onConflictDoNothing()
      .run();
  }
  return moved;
}

/** The kept rider's blanks filled from the deleted one's, the notes joined, factory kept. */
function fillBlanks(tx: Tx, keep: Merging, drop: Merging) {
  const keepRiderId = keep.rider.id;
  const fill: Partial<Rider> = {};
  for (const key of FILLABLE) {
    if (keep.rider[key] == null && drop.rider[key] != null)
      Object.assign(fill, { [key]: drop.rider[key] });
  }
  if (keep.rider.addressLine1 == null && drop.rider.addressLine1 != null) {
    Object.assign(fill, {
      addressLine1: drop.rider.addressLine1,
      addressLine2: drop.rider.addressLine2,
      city: drop.rider.city,
      state: drop.rider.state,
      zipcode: drop.rider.zipcode,
      country: drop.rider.country,
    });
  }
  const mergedNote = [keep.rider.note, drop.rider.note].filter(Boolean).join('\n');
  if (mergedNote !== (keep.rider.note ?? '')) fill.note = mergedNote;
  if (drop.rider.factory && !keep.rider.factory) fill.factory = true;
  if (Object.keys(fill).length) {
    tx.update(riders).set(fill).where(eq(riders.id, keepRiderId)).run();
  }
}

/** Whether the confirmation names the merge: DELETE + the deleted e-mail, or KEEP + the kept. */
function confirms(confirmation: string, keep: Merging, drop: Merging): boolean {
  const confirm = parseMergeConfirmation(confirmation);
  return (
    confirm !== null &&
    ((confirm.word === 'DELETE' && confirm.email === drop.email.toLowerCase()) ||
      (confirm.word === 'KEEP' && confirm.email === keep.email.toLowerCase()))
  );
}

/**
 * Merges `deleteRiderId` into `keepRiderId`. `confirmation` must name one of them by e-mail with
 * the right word: DELETE + the deleted rider's e-mail, or KEEP + the kept rider's.
 */
export function mergeRiders(
  db: DB,
  input: { keepRiderId: number; deleteRiderId: number; confirmation: string },
  actor: Actor,
  now: Date = new Date(),
): MergeOutcome {
  const { keepRiderId, deleteRiderId } = input;
  if (keepRiderId === deleteRiderId) return { ok: false, reason: 'sameRider' };
  try {
    return writeTx(db, (tx): MergeOutcome => {
      const keep = riderWithEmail(tx, keepRiderId);
      const drop = riderWithEmail(tx, deleteRiderId);
      if (!keep || !drop) return { ok: false, reason: 'notFound' };
      if (!confirms(input.confirmation, keep, drop)) return { ok: false, reason: 'confirmation' };

      // Every event either rider raced, before the results move.
      const eventIds = [
        ...new Set(
          tx
            .select({ eventId: results.eventId })
            .from(results)
            .where(inArray(results.riderId, [keepRiderId, deleteRiderId]))
            .all()
            .map((r) => r.eventId),
        ),
      ];

      const moved = moveRecords(tx, keepRiderId, deleteRiderId);
      fillBlanks(tx, keep, drop);

      // The deleted rider goes with its account (sessions, PIN attempts and favourites cascade).
      tx.delete(riders).where(eq(riders.id, deleteRiderId)).run();
      tx.delete(users).where(eq(users.id, drop.userId)).run();

      for (const eventId of eventIds) recomputeInTx(tx, eventId, actor, now);

      const summary: MergeSummary = {
        keptRiderId: keepRiderId,
        deletedRiderId: deleteRiderId,
        moved,
        eventsRecomputed: eventIds.length,
      };
      audit(
        tx,
        actor,
        'riders.merge',
        { type: 'rider', id: keepRiderId },
        {
          ...summary,
          deleted: {
            email: drop.email,
            name: `${drop.rider.firstName} ${drop.rider.lastName}`,
            amaNumber: drop.rider.amaNumber,
          },
        },
      );
      return { ok: true, summary };
    });
  } catch (error) {
    if (error instanceof AwardConflictError)
      return { ok: false, reason: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}

/** The rider whose account has this e-mail (any case), for the merge form's "other rider". */
export function riderIdByEmail(db: DB, email: string): number | null {
  const row = db
    .select({ id: riders.id })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .get();
  return row?.id ?? null;
}

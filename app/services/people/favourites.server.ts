/**
 * A rider's favourite dealers. Adding and removing are idempotent:
 * adding a favourite twice keeps one row, removing one that is not there changes nothing.
 * Only active dealers can be added; the rider id always comes from the signed-in profile.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { prepared, type Conn, type DB } from '~/db.server';
import { dealers, riderFavouriteDealers } from '#db/schema';

export type FavouriteDealer = {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string;
  phone: string | null;
};

export type FavouriteChange =
  'added' | 'alreadyFavourite' | 'removed' | 'notFavourite' | 'unknownDealer';

/** Adds a dealer to the rider's favourites; 'unknownDealer' for a missing or inactive dealer. */
export function addFavourite(db: DB, riderId: number, dealerId: number): FavouriteChange {
  const dealer = db
    .select({ id: dealers.id })
    .from(dealers)
    .where(and(eq(dealers.id, dealerId), eq(dealers.active, true)))
    .get();
  if (!dealer) return 'unknownDealer';
  const r = db
    .insert(riderFavouriteDealers)
    .values({ riderId, dealerId })
    .onConflictDoNothing()
    .run();
  return r.changes > 0 ? 'added' : 'alreadyFavourite';
}

/** Removes a dealer from the rider's favourites. */
export function removeFavourite(db: DB, riderId: number, dealerId: number): FavouriteChange {
  const r = db
    .delete(riderFavouriteDealers)
    .where(
      and(eq(riderFavouriteDealers.riderId, riderId), eq(riderFavouriteDealers.dealerId, dealerId)),
    )
    .run();
  return r.changes > 0 ? 'removed' : 'notFavourite';
}

/** The rider's favourite dealers, by name. */
export function listFavourites(conn: Conn, riderId: number): FavouriteDealer[] {
  return prepared(conn, 'favourites.list', (c) =>
    c
      .select({
        id: dealers.id,
        name: dealers.name,
        city: dealers.city,
        state: dealers.state,
        country: dealers.country,
        phone: dealers.phone,
      })
      .from(riderFavouriteDealers)
      .innerJoin(dealers, eq(dealers.id, riderFavouriteDealers.dealerId))
      .where(eq(riderFavouriteDealers.riderId, sql.placeholder('riderId')))
      .orderBy(asc(dealers.name), asc(dealers.id))
      .prepare(),
  ).all({ riderId });
}

/** Which of these dealers are the rider's favourites. */
export function favouriteIds(conn: Conn, riderId: number, dealerIds?: number[]): Set<number> {
  if (dealerIds && dealerIds.length === 0) return new Set();
  const where = dealerIds
    ? and(
        eq(riderFavouriteDealers.riderId, riderId),
        inArray(riderFavouriteDealers.dealerId, dealerIds),
      )
    : eq(riderFavouriteDealers.riderId, riderId);
  const rows = conn
    .select({ dealerId: riderFavouriteDealers.dealerId })
    .from(riderFavouriteDealers)
    .where(where)
    .all();
  return new Set(rows.map((r) => r.dealerId));
}

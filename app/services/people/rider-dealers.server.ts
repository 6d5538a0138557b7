/** The rider's dealer search: active dealers, favourites first. */
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { dealers, riderFavouriteDealers } from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import type { DealerSearch } from '~/lib/schemas/rider-area';
import type { PageInfo } from '~/services/people/rider-area.server';
import { unplannedLimit } from '~/db.server';

/** A LIKE pattern for text typed by a user (% and _ taken literally). */
function likePattern(text: string, { prefix = false } = {}): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefix ? `${escaped}%` : `%${escaped}%`;
}

export type DealerRow = {
  id: number;
  name: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  phone: string | null;
  websiteUrl: string | null;
  favourite: boolean;
};

/** Active dealers matching the search, the rider's favourites first, then by name. */
export function searchDealersForRider(
  conn: Conn,
  riderId: number,
  search: DealerSearch,
): PageInfo & { rows: DealerRow[] } {
  const favourite = sql<number>`(case when exists (select 1 from ${riderFavouriteDealers} where ${riderFavouriteDealers.riderId} = ${riderId} and ${riderFavouriteDealers.dealerId} = ${dealers.id}) then 1 else 0 end)`;
  const where = and(
    eq(dealers.active, true),
    search.name ? sql`${dealers.name} like ${likePattern(search.name)} escape '\\'` : undefined,
    search.state ? sql`upper(${dealers.state}) = ${search.state.toUpperCase()}` : undefined,
    search.zipcode
      ? sql`replace(upper(${dealers.zipcode}), ' ', '') like ${likePattern(search.zipcode.toUpperCase().replace(/\s+/g, ''), { prefix: true })} escape '\\'`
      : undefined,
    search.country ? eq(dealers.country, search.country) : undefined,
  );
  const total = conn.select({ n: count() }).from(dealers).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, search.page);
  const rows = conn
    .select({
      id: dealers.id,
      name: dealers.name,
      addressLine1: dealers.addressLine1,
      city: dealers.city,
      state: dealers.state,
      zipcode: dealers.zipcode,
      country: dealers.country,
      phone: dealers.phone,
      websiteUrl: dealers.websiteUrl,
      favourite,
    })
    .from(dealers)
    .where(where)
    .orderBy(desc(favourite), asc(dealers.name), asc(dealers.id))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return {
    rows: rows.map((r) => ({ ...r, favourite: Number(r.favourite) === 1 })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}

/** The countries and states/provinces that active dealers are in (for the search selects). */
export function dealerSearchOptions(conn: Conn): {
  countries: string[];
  states: { country: string; state: string }[];
} {
  const countries = conn
    .selectDistinct({ country: dealers.country })
    .from(dealers)
    .where(eq(dealers.active, true))
    .orderBy(asc(dealers.country))
    .all()
    .map((r) => r.country);
  const states = conn
    .selectDistinct({ country: dealers.country, state: sql<string>`upper(${dealers.state})` })
    .from(dealers)
    .where(
      and(eq(dealers.active, true), isNotNull(dealers.state), sql`trim(${dealers.state}) <> ''`),
    )
    .orderBy(asc(dealers.country), sql`upper(${dealers.state})`)
    .all();
  return { countries, states };
}

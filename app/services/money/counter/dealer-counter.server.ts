/**
 * The dealer counter: finding a rider, what the dealer sees of them, and the dealer's own details.
 * Money changes are in redemptions.server.ts.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { prepared, type Conn, type DB, unplannedLimit } from '~/db.server';
import { dealers, riders, users, type Dealer } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  availableCredit,
  currencyForCountry,
  type CreditAward,
} from '~/services/money/ledger/credit.server';
import { pinLockedUntil } from '~/services/money/counter/pin-lockout.server';
import { likeContains } from '~/services/platform/like.server';
import { columnsOf } from '~/services/platform/columns.server';

/** Most riders one search returns. */
export const RIDER_SEARCH_LIMIT = 25;
/** Shortest query searched (characters, or digits for a phone number). */
export const RIDER_SEARCH_MIN = 2;
const PHONE_MIN_DIGITS = 4;

export type RiderSearchRow = {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string;
  amaNumber: string | null;
};

/** A phone column with its punctuation removed, for digit matching. */
function digitsOf(column: typeof riders.phone1 | typeof riders.phone2): SQL {
  return sql`replace(replace(replace(replace(replace(replace(coalesce(${column}, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
}

/**
 * Active riders matching a query by name (first, last or full), e-mail, AMA number or phone
 * (digits, punctuation ignored). Deactivated accounts are left out. At most 25, by name.
 */
export function searchRiders(db: Conn, q: string): RiderSearchRow[] {
  const text = (q ?? '').trim().replace(/\s+/g, ' ');
  if (text.length < RIDER_SEARCH_MIN) return [];
  const digits = text.replace(/\D/g, '');
  // Only a query that is essentially a phone number (digits and punctuation) searches phones.
  const phoneLike = digits.length >= PHONE_MIN_DIGITS && /^[\d\s+().-]+$/.test(text);
  return text.length >= TRIGRAM
    ? searchIndexed(db, text, phoneLike ? digits : null)
    : searchScan(db, text, phoneLike ? digits : null);
}

/** A substring this long or longer is found through the trigram index (migration 0012). */
const TRIGRAM = 3;

/** An FTS5 phrase matching `text` as a substring (quotes doubled). */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** 3 characters or more: the trigram index `rider_search` gives the matching riders' ids. */
function searchIndexed(db: Conn, text: string, digits: string | null): RiderSearchRow[] {
  const match =
    `{name name_rev email ama} : ${phrase(text)}` +
    (digits ? ` OR phones : ${phrase(digits)}` : '');
  return searchWhere(
    db,
    sql`${riders.id} IN (SELECT rowid FROM rider_search WHERE rider_search MATCH ${match})`,
  );
}

/** Shorter than a trigram: every rider is read (a 2-character search). */
function searchScan(db: Conn, text: string, digits: string | null): RiderSearchRow[] {
  const like = likeContains(text);
  const matches: SQL[] = [
    sql`(${riders.firstName} || ' ' || ${riders.lastName}) LIKE ${like} ESCAPE '\\'`,
    sql`(${riders.lastName} || ' ' || ${riders.firstName}) LIKE ${like} ESCAPE '\\'`,
    sql`${users.email} LIKE ${like} ESCAPE '\\'`,
    sql`${riders.amaNumber} LIKE ${like} ESCAPE '\\'`,
  ];
  if (digits) {
    matches.push(sql`${digitsOf(riders.phone1)} LIKE ${`%${digits}%`}`);
    matches.push(sql`${digitsOf(riders.phone2)} LIKE ${`%${digits}%`}`);
  }
  return searchWhere(db, or(...matches)!);
}

function searchWhere(db: Conn, match: SQL): RiderSearchRow[] {
  return db
    .select({
      id: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      city: riders.city,
      state: riders.state,
      country: riders.country,
      amaNumber: riders.amaNumber,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(and(eq(users.deactivated, false), match))
    .orderBy(asc(riders.lastName), asc(riders.firstName), asc(riders.id))
    .limit(unplannedLimit(RIDER_SEARCH_LIMIT))
    .all()
    .map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      city: r.city,
      state: r.state,
      country: r.country,
      amaNumber: r.amaNumber,
    }));
}

/** A dealer row, or undefined (read on every counter page: built once per connection). */
export function getDealer(db: Conn, dealerId: number): Dealer | undefined {
  return prepared(db, 'counter.dealer', (c) =>
    c
      .select()
      .from(dealers)
      .where(eq(dealers.id, sql.placeholder('dealerId')))
      .prepare(),
  ).get({ dealerId });
}

/** The currency a dealer redeems in (its country's). */
export function dealerCurrency(dealer: Pick<Dealer, 'country'>): Currency {
  return currencyForCountry(dealer.country);
}

export type CounterRider = {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string;
  amaNumber: string | null;
  photoUrl: string | null;
  active: boolean;
  hasPin: boolean;
  /** Spendable at this dealer (in the dealer's currency). */
  currency: Currency;
  availableCents: number;
  expiringSoonCents: number;
  awards: CreditAward[];
  /** Credit held in other currencies (not spendable at this dealer). */
  otherCurrencies: { currency: Currency; totalCents: number }[];
  /** When the PIN lock-out ends, if the rider is locked now. */
  lockedUntil: string | null;
};

/** What a dealer sees of a rider at the counter, or undefined when there is no such rider. */
export function counterRider(
  db: DB,
  riderId: number,
  dealer: Pick<Dealer, 'id' | 'country'>,
  now: Date = new Date(),
): CounterRider | undefined {
  const r = prepared(db, 'counter.rider', (c) =>
    c
      .select({
        ...columnsOf(riders, [
          'id',
          'firstName',
          'lastName',
          'city',
          'state',
          'country',
          'amaNumber',
          'pinHash',
        ]),
        userId: users.id,
        deactivated: users.deactivated,
        profileImage: users.profileImage,
      })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(eq(riders.id, sql.placeholder('riderId')))
      .prepare(),
  ).get({ riderId });
  if (!r) return undefined;
  const currency = dealerCurrency(dealer);
  const credit = availableCredit(db, riderId, now, currency);
  // Locked at THIS counter: wrong PINs count per dealer location.
  const locked = pinLockedUntil(db, riderId, now, dealer.id);
  return {
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    city: r.city,
    state: r.state,
    country: r.country,
    amaNumber: r.amaNumber,
    photoUrl: r.profileImage ? `/files/profile/${r.userId}` : null,
    active: !r.deactivated,
    hasPin: !!r.pinHash,
    currency,
    availableCents: credit.totalCents,
    expiringSoonCents: credit.expiringSoonCents,
    awards: credit.awards,
    otherCurrencies: credit.byCurrency
      .filter((b) => b.currency !== currency)
      .map((b) => ({ currency: b.currency, totalCents: b.totalCents })),
    lockedUntil: locked ? locked.toISOString() : null,
  };
}

export type DealerProfileInput = {
  name: string;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  phone?: string | null;
  websiteUrl?: string | null;
  bio?: string | null;
};

/**
 * A dealer updates its own details. Country (and so currency), dealer number, e-mail, location
 * and the active flag stay with the admin.
 */
export function updateDealerProfile(
  db: DB,
  dealerId: number,
  input: DealerProfileInput,
  actor: Actor,
): Dealer {
  const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  const before = getDealer(db, dealerId);
  if (!before) throw new Error(`dealer ${dealerId} not found`);
  const values = {
    name: input.name.trim(),
    addressLine1: blank(input.addressLine1),
    addressLine2: blank(input.addressLine2),
    city: blank(input.city),
    state: blank(input.state),
    zipcode: blank(input.zipcode),
    phone: blank(input.phone),
    websiteUrl: blank(input.websiteUrl),
    bio: blank(input.bio),
  };
  // Coordinates follow the address: cleared when it changes so the map geocodes it again.
  const moved =
    values.addressLine1 !== before.addressLine1 ||
    values.city !== before.city ||
    values.state !== before.state ||
    values.zipcode !== before.zipcode;
  const updated = db
    .update(dealers)
    .set(moved ? { ...values, lat: null, lon: null } : values)
    .where(eq(dealers.id, dealerId))
    .returning()
    .get();
  audit(
    db,
    actor,
    'dealer.profileUpdated',
    { type: 'dealer', id: dealerId },
    { fields: Object.keys(values) },
  );
  return updated;
}

/** The countries dealers are in (for the country filter of the redemption lists). */
export function dealerCountries(db: Conn): string[] {
  return prepared(db, 'counter.dealerCountries', (c) =>
    c
      .selectDistinct({ country: dealers.country })
      .from(dealers)
      .orderBy(asc(dealers.country))
      .prepare(),
  )
    .all()
    .map((r) => r.country);
}
